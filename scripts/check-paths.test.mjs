// Tests of scripts/check-paths.mjs: `npm run test:scripts` (node --test 'scripts/*.test.mjs'), a step of `npm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findMachinePaths } from './check-paths.mjs';

const CHECKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-paths.mjs');
/**
 * The sample paths below are written with '|' for '/' and turned into paths by this tag, so that this file
 * itself holds no machine path for a checker to find.
 */
const P = (strings, ...values) => strings.map((text, i) => text.replaceAll('|', '/') + (values[i] ?? '')).join('');
/** A Windows path separator as written in source text (two backslashes), for the same reason. */
const W = String.raw`\\`;
const found = (file, text) => findMachinePaths(file, text).map((p) => p.found);

describe('findMachinePaths', () => {
  it('names the paths of a machine: checkouts, homes, mounted disks, Windows homes', () => {
    assert.deepEqual(found('a.md', P`read('|work|shared|eval-dev|pdfs|' + f)`), [P`|work|shared|eval-dev|pdfs|`]);
    assert.deepEqual(found('a.md', P`export PATH=|root|.cache|node24|bin:$PATH`), [P`|root|.cache|node24|bin:$PATH`]);
    assert.deepEqual(found('a.md', P`cd |home|alice|conference && npm test`), [P`|home|alice|conference`]);
    assert.deepEqual(found('a.md', P`\`|Users|bob|dev|app\``), [P`|Users|bob|dev|app`]);
    assert.deepEqual(found('a.md', P`mount at |mnt|data or |Volumes|Disk|x or |media|usb`), [
      P`|mnt|data`,
      P`|Volumes|Disk|x`,
      P`|media|usb`,
    ]);
    assert.deepEqual(found('a.ts', `const p = 'C:${W}Users${W}carol${W}app';`), [`C:${W}Users${W}carol${W}app`]);
    assert.deepEqual(found('a.md', P`C:|Users|dave`), [P`C:|Users|dave`]);
  });

  it('names system paths that are not allowed', () => {
    assert.deepEqual(found('a.mjs', P`const node = '|usr|local|bin|node';`), [P`|usr|local|bin|node`]);
    assert.deepEqual(found('bench/README.md', P`npm run eval -- --json |tmp|eval.json`), [P`|tmp|eval.json`]);
    assert.deepEqual(found('backend/src/a.ts', P`const dir = '|opt|app|data';`), [P`|opt|app|data`]);
  });

  it('gives the line and column of each path', () => {
    const [p] = findMachinePaths('a.md', P`first line\n  see |home|erin|x here\n`);
    assert.equal(p.line, 2);
    assert.equal(p.column, 7);
    assert.equal(p.text, P`see |home|erin|x here`);
  });

  it('leaves relative paths, routes and addresses alone', () => {
    const clean = [
      'const manifest = path.resolve(root, "../shared/eval-dev/manifest.json");',
      P`GET |api|admin|users|{userId}|chats and |api|superadmin|export-sessions`,
      P`https:||example.com|work|home|users and http:||localhost:3000|admin`,
      P`the home page (|), the work queue, backend|src|work|thing.ts, .|tmp|x, data|eval.json`,
      P`a route |home without a user, ~|notes`,
    ];
    for (const line of clean) assert.deepEqual(found('x.ts', line), [], line);
  });

  it('allows each listed system path, and only where its entry says', () => {
    assert.deepEqual(found('bench/web.mjs', P`#!|usr|bin|env node`), []);
    assert.deepEqual(found('playwright.config.ts', P`executablePath: process.env.CHROMIUM_PATH ?? '|usr|bin|chromium',`), []);
    assert.deepEqual(found('docker-compose.yml', P`      - pgdata:|var|lib|postgresql|data`), []);
    assert.deepEqual(found('README.md', P`      - pgdata:|var|lib|postgresql|data`), [P`|var|lib|postgresql|data`]);
    assert.deepEqual(found('backend/test/a.e2e-spec.ts', P`{ DATA_DIR: '|tmp|unused-worker-data' }`), []);
    assert.deepEqual(found('backend/src/a.ts', P`{ DATA_DIR: '|tmp|unused-worker-data' }`), [P`|tmp|unused-worker-data`]);
    assert.deepEqual(found('bench/RESULTS.md', P`\`node bench|chat.bench.mjs --data-dir=|tmp|chatdb\``), []);
    assert.deepEqual(found('bench/RESULTS.md', P`\`--pdfs=|work|shared|eval-dev|pdfs\``), [P`|work|shared|eval-dev|pdfs`]);
    assert.deepEqual(found('bench/web.mjs', P`#!|usr|bin|env node |usr|bin|envy`), [P`|usr|bin|envy`]);
  });
});

describe('npm run check:paths', () => {
  const dirs = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function repoWith(files) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-paths-'));
    dirs.push(dir);
    spawnSync('git', ['init', '-q'], { cwd: dir });
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    spawnSync('git', ['add', '-A'], { cwd: dir });
    return dir;
  }
  const run = (cwd) => spawnSync(process.execPath, [CHECKER], { cwd, encoding: 'utf8' });

  it('fails with exit 1 and names file:line of each machine path in a tracked file', () => {
    const dir = repoWith({
      'README.md': P`# App\n\nRun \`node |home|alice|app|bench.mjs\`.\n`,
      'src/peek.mjs': P`import fs from 'node:fs';\nfs.readFileSync('|work|shared|eval-dev|pdfs|a.pdf');\n`,
      'src/ok.mjs': "export const dev = '../shared/eval-dev';\n",
    });
    fs.writeFileSync(path.join(dir, 'untracked.md'), P`|home|alice|ignored\n`);
    const r = run(dir);
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(P`^README\\.md:3:\\d+: machine path |home|alice|app|bench\\.mjs`, 'm'));
    assert.match(r.stderr, new RegExp(P`^src|peek\\.mjs:2:\\d+: machine path |work|shared|eval-dev|pdfs|a\\.pdf`, 'm'));
    assert.doesNotMatch(r.stderr, /ok\.mjs|untracked/);
    assert.match(r.stderr, /2 absolute machine path\(s\)/);
  });

  it('passes with exit 0 when every path is relative, and skips binary files', () => {
    const dir = repoWith({
      'README.md': 'The dev set is `../shared/eval-dev`.\n',
      'doc.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n\0\0'), Buffer.from(P`|home|alice|producer`)]),
    });
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /no absolute machine path/);
  });
});
