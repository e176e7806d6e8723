#!/usr/bin/env node
// The backend's Jest (`npm test -w backend`, `npm run test:server`): arguments pass through to Jest, run from
// backend/. A suite whose worker process the JavaScript engine itself killed (signal SIGTRAP: V8's fatal
// "Check failed: jit_page.has_value()" in Node 24, seen about once in a hundred suite processes, each of which
// compiles the embedded database's WebAssembly) did not run to an end: those suites, and only those, run once
// more in a fresh process, said loudly. A failed test is never run again, and a suite that crashes twice fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINE_CRASH = /A jest worker process \(pid=\d+\) was terminated by another process: signal=SIGTRAP/;

/** The suites of a Jest JSON report that did not run because the engine killed their process (no test of theirs ran). */
export function engineCrashedSuites(report) {
  return (report?.testResults ?? [])
    .filter((s) => s.status === 'failed' && ENGINE_CRASH.test(s.message ?? '') && (s.assertionResults ?? []).length === 0)
    .map((s) => s.name);
}

/** Runs Jest with `args`; its exit status and JSON report (null when it wrote none). */
function jest(args, cwd) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jest-report-')), 'report.json');
  const r = spawnSync('npx', ['jest', ...args, '--json', `--outputFile=${file}`], { cwd, stdio: 'inherit', env: process.env });
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { status: r.status ?? 1, report };
}

function main() {
  const cwd = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'backend');
  const first = jest(process.argv.slice(2), cwd);
  if (first.status === 0 || !first.report) return first.status;
  const crashed = engineCrashedSuites(first.report);
  if (crashed.length === 0 || first.report.numFailedTestSuites > crashed.length) return first.status;
  console.error(
    `\n*** the JavaScript engine killed the process of ${crashed.length} suite(s) before they ended (SIGTRAP): ` +
      `${crashed.map((f) => path.relative(cwd, f)).join(', ')}; running them once more`,
  );
  const again = jest(
    crashed.map((f) => path.relative(cwd, f)),
    cwd,
  );
  return again.status;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) process.exit(main());
