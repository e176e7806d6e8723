#!/usr/bin/env node
// `npm run lint`: ESLint over the whole repository with the one eslint.config.mjs, in two processes side by
// side: the backend (its type-aware rules first build a TypeScript program of the whole backend, most of the
// work) and everything else. Together they lint exactly the files `eslint .` lints, with the same rules.
// Extra arguments (e.g. `npm run lint -- --fix`) go to both. Each part's output is printed when it ends; the
// exit code is 1 when either part fails. Node's compile cache (under node_modules/.cache) spares each run
// compiling ESLint, TypeScript and the plugins again.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ESLINT_BIN = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');

/**
 * The ESLint argument lists of the two parts. With `--cache` (local runs: `npm run lint -- --cache`) each
 * part keeps its own cache under node_modules/.cache/eslint/. A cached file is linted again only when it
 * or the config changes, so a type-aware finding caused by a change in another file can be missed until
 * then: CI runs without the cache.
 */
export function lintParts(extraArgs = []) {
  const common = ['--max-warnings=0', ...extraArgs];
  const cached = extraArgs.includes('--cache') && !extraArgs.some((a) => a.startsWith('--cache-location'));
  const cache = (name) => (cached ? ['--cache-location', `node_modules/.cache/eslint/${name}/`] : []);
  return [
    { name: 'backend', args: ['backend', ...common, ...cache('backend')] },
    { name: 'everything but the backend', args: ['.', '--ignore-pattern', 'backend/', ...common, ...cache('others')] },
  ];
}

/** Runs one part; resolves with its exit code and its output. */
function run(part) {
  return new Promise((resolve) => {
    const env = { NODE_COMPILE_CACHE: path.join(root, 'node_modules', '.cache', 'node-compile-cache'), ...process.env };
    const child = spawn(process.execPath, [ESLINT_BIN, ...part.args], { cwd: root, env });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('error', (err) => resolve({ code: 1, output: `${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

async function main() {
  const parts = lintParts(process.argv.slice(2));
  const results = await Promise.all(
    parts.map(async (part) => {
      const started = performance.now();
      const result = await run(part);
      process.stdout.write(result.output);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (result.code !== 0) console.error(`eslint (${part.name}) failed (exit ${result.code}) after ${seconds} s`);
      else console.log(`eslint (${part.name}): no problems, ${seconds} s`);
      return result.code;
    }),
  );
  process.exit(results.some((code) => code !== 0) ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
