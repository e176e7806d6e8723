// The benchmarks load the built backend by path (require(path.join(dist, 'dir', 'file.js'))): a module moved in
// backend/src breaks them without any compiler noticing. Every such path must have its source in backend/src,
// unless the script names it only as the fallback for an older build (fs.existsSync(...) ? new : old).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');

function distPaths(source) {
  const found = [];
  const pattern = /path\.join\(\s*(?:dist|BACKEND_DIST)\s*,\s*((?:'[^']+'\s*,?\s*)+)\)/g;
  for (const match of source.matchAll(pattern)) {
    const parts = [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
    if (parts.at(-1)?.endsWith('.js')) found.push({ parts, index: match.index });
  }
  return found;
}

test('every backend module a benchmark loads exists in backend/src', () => {
  const scripts = fs.readdirSync(benchDir).filter((f) => f.endsWith('.mjs'));
  const missing = [];
  let checked = 0;
  for (const file of scripts) {
    const source = fs.readFileSync(path.join(benchDir, file), 'utf8');
    const paths = distPaths(source);
    // A module named after `:` in `existsSync(x) ? x : old` is the older build's fallback.
    for (const { parts, index } of paths) {
      const lineStart = source.lastIndexOf('\n', index) + 1;
      const statement = source.slice(Math.max(0, lineStart - 200), index);
      const isFallback = /\?\s*\w+\s*:\s*$/.test(statement) || /:\s*$/.test(statement.trimEnd());
      const ts = path.join(root, 'backend', 'src', ...parts.slice(0, -1), parts.at(-1).replace(/\.js$/, '.ts'));
      checked += 1;
      if (!fs.existsSync(ts) && !isFallback) missing.push(`${file}: ${parts.join('/')}`);
    }
  }
  assert.ok(checked > 10, `expected the benchmarks to load backend modules, found ${checked}`);
  assert.deepEqual(missing, []);
});
