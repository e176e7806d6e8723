// Tests of scripts/check-docs.mjs: `npm run test:scripts` (node --test 'scripts/*.test.mjs'), a step of `npm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mapFolders, moduleMapProblems } from './check-docs.mjs';

const CHECKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-docs.mjs');
const ROOT = path.resolve(path.dirname(CHECKER), '..');

const README = [
  '# backend',
  '',
  '## Module map',
  '',
  '| folder | what it owns |',
  '| --- | --- |',
  '| `auth/` | sign-in |',
  '| `text/` | the language layer |',
  '',
  '## How a request flows',
  '',
  '| not | the map |',
  '| --- | --- |',
  '| `other/` | ignored |',
].join('\n');

describe('the module map', () => {
  it("reads the folders of the map's table only", () => {
    assert.deepEqual(mapFolders(README), ['auth', 'text']);
  });

  it('is true when it names every folder of src/ and nothing else', () => {
    const folders = [
      { name: 'auth', isModule: true },
      { name: 'text', isModule: false },
    ];
    assert.deepEqual(moduleMapProblems(README, folders), []);
  });

  it('names a module missing from the map, and a row for a folder that does not exist', () => {
    const folders = [
      { name: 'auth', isModule: true },
      { name: 'billing', isModule: true },
    ];
    assert.deepEqual(moduleMapProblems(README, folders), [
      'backend/src/billing/ (a module) is missing from the module map',
      'the module map names text/, which is not a folder of backend/src',
    ]);
  });
});

describe('npm run check:docs', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'check-docs-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("passes on this repository's backend/README.md", () => {
    const r = spawnSync(process.execPath, [CHECKER], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  it('fails on a copy with a module the map leaves out', () => {
    fs.cpSync(path.join(ROOT, 'backend', 'README.md'), path.join(tmp, 'backend', 'README.md'), { recursive: true });
    fs.cpSync(path.join(ROOT, 'backend', 'src'), path.join(tmp, 'backend', 'src'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'backend', 'src', 'planted'));
    fs.writeFileSync(path.join(tmp, 'backend', 'src', 'planted', 'planted.module.ts'), 'export class PlantedModule {}\n');
    const r = spawnSync(process.execPath, [CHECKER, tmp], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /backend\/src\/planted\/ \(a module\) is missing from the module map/);
  });
});
