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
/** The path separator, so that this file itself holds no machine path for the checker to find. */
const S = '/';
/** A Windows path separator as written in source text (two backslashes), for the same reason. */
const W = String.raw`\\`;
const found = (file, text) => findMachinePaths(file, text).map((p) => p.found);

describe('findMachinePaths', () => {
  it('names the paths of a machine: checkouts, homes, mounted disks, Windows homes', () => {
    assert.deepEqual(found('a.md', `read('${S}work/shared/eval-dev/pdfs/' + f)`), [`${S}work/shared/eval-dev/pdfs/`]);
    assert.deepEqual(found('a.md', `export PATH=${S}root/.cache/node24/bin:$PATH`), [`${S}root/.cache/node24/bin:$PATH`]);
    assert.deepEqual(found('a.md', `cd ${S}home/alice/conference && npm test`), [`${S}home/alice/conference`]);
    assert.deepEqual(found('a.md', `\`${S}Users/bob/dev/app\``), [`${S}Users/bob/dev/app`]);
    assert.deepEqual(found('a.md', `mount at ${S}mnt/data or ${S}Volumes/Disk/x or ${S}media/usb`), [
      `${S}mnt/data`,
      `${S}Volumes/Disk/x`,
      `${S}media/usb`,
    ]);
    assert.deepEqual(found('a.ts', `const p = 'C:${W}Users${W}carol${W}app';`), [`C:${W}Users${W}carol${W}app`]);
    assert.deepEqual(found('a.md', `C:${S}Users/dave`), [`C:${S}Users/dave`]);
  });

  it('names system paths that are not allowed', () => {
    assert.deepEqual(found('a.mjs', `const node = '${S}usr/local/bin/node';`), [`${S}usr/local/bin/node`]);
    assert.deepEqual(found('bench/README.md', `npm run eval -- --json ${S}tmp/eval.json`), [`${S}tmp/eval.json`]);
    assert.deepEqual(found('backend/src/a.ts', `const dir = '${S}opt/app/data';`), [`${S}opt/app/data`]);
  });

  it('gives the line and column of each path', () => {
    const [p] = findMachinePaths('a.md', `first line\n  see ${S}home/erin/x here\n`);
    assert.equal(p.line, 2);
    assert.equal(p.column, 7);
    assert.equal(p.text, `see ${S}home/erin/x here`);
  });

  it('leaves relative paths, routes and addresses alone', () => {
    const clean = [
      'const manifest = path.resolve(root, "../shared/eval-dev/manifest.json");',
      `GET ${S}api${S}admin${S}users${S}{userId}${S}chats and ${S}api${S}superadmin${S}export-sessions`,
      `https://example.com${S}work/home/users and http://localhost:3000/admin`,
      `the home page (/), the work queue, backend/src${S}work/thing.ts, .${S}tmp${S}x, data/eval.json`,
      `a route ${S}home without a user, ~${S}notes`,
    ];
    for (const line of clean) assert.deepEqual(found('x.ts', line), [], line);
  });

  it('allows each listed system path, and only where its entry says', () => {
    assert.deepEqual(found('bench/web.mjs', `#!${S}usr/bin/env node`), []);
    assert.deepEqual(found('playwright.config.ts', `executablePath: process.env.CHROMIUM_PATH ?? '${S}usr/bin/chromium',`), []);
    assert.deepEqual(found('docker-compose.yml', `      - pgdata:${S}var/lib/postgresql/data`), []);
    assert.deepEqual(found('README.md', `      - pgdata:${S}var/lib/postgresql/data`), [`${S}var/lib/postgresql/data`]);
    assert.deepEqual(found('backend/test/a.e2e-spec.ts', `{ DATA_DIR: '${S}tmp/unused-worker-data' }`), []);
    assert.deepEqual(found('backend/src/a.ts', `{ DATA_DIR: '${S}tmp/unused-worker-data' }`), [`${S}tmp/unused-worker-data`]);
    assert.deepEqual(found('bench/RESULTS.md', `\`node bench/chat.bench.mjs --data-dir=${S}tmp/chatdb\``), []);
    assert.deepEqual(found('bench/RESULTS.md', `\`--pdfs=${S}work/shared/eval-dev/pdfs\``), [`${S}work/shared/eval-dev/pdfs`]);
    assert.deepEqual(found('bench/web.mjs', `#!${S}usr/bin/env node ${S}usr/bin/envy`), [`${S}usr/bin/envy`]);
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
      'README.md': `# App\n\nRun \`node ${S}home/alice/app/bench.mjs\`.\n`,
      'src/peek.mjs': `import fs from 'node:fs';\nfs.readFileSync('${S}work/shared/eval-dev/pdfs/a.pdf');\n`,
      'src/ok.mjs': "export const dev = '../shared/eval-dev';\n",
    });
    fs.writeFileSync(path.join(dir, 'untracked.md'), `${S}home/alice/ignored\n`);
    const r = run(dir);
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`^README\\.md:3:\\d+: machine path ${S}home/alice/app/bench\\.mjs`, 'm'));
    assert.match(r.stderr, new RegExp(`^src/peek\\.mjs:2:\\d+: machine path ${S}work/shared/eval-dev/pdfs/a\\.pdf`, 'm'));
    assert.doesNotMatch(r.stderr, /ok\.mjs|untracked/);
    assert.match(r.stderr, /2 absolute machine path\(s\)/);
  });

  it('passes with exit 0 when every path is relative, and skips binary files', () => {
    const dir = repoWith({
      'README.md': 'The dev set is `../shared/eval-dev`.\n',
      'doc.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n\0\0'), Buffer.from(`${S}home/alice/producer`)]),
    });
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /no absolute machine path/);
  });
});
