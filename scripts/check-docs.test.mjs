// Tests of scripts/check-docs.mjs: `npm run test:scripts` (node --test 'scripts/*.test.mjs'), a step of `npm test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mapFolders, moduleMapProblems, ownershipProblems, SHARED, sqlTables, sqlWrites, tableOwners } from './check-docs.mjs';

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

describe('table ownership', () => {
  const owners = new Map([
    ['sessions', 'sessions'],
    ['term_definitions', 'ingestion'],
  ]);
  const created = new Set(['sessions', 'term_definitions']);
  const folders = ['sessions', 'ingestion', 'retrieval', 'program'].map((name) => ({ name, isModule: true }));
  const repo = (module, source) => ({ file: `backend/src/${module}/${module}.repository.ts`, module, source });

  it("reads the tables of a repository's SQL strings, not of its comments", () => {
    const source = [
      '/** Reads FROM sessions in prose. */',
      '// UPDATE term_definitions in a comment',
      'q(`SELECT s.id FROM sessions s JOIN term_definitions td ON true`);',
      'q(`INSERT INTO term_definitions (a) SELECT x FROM unnest($1::text[]) AS t(x)`);',
    ].join('\n');
    assert.deepEqual(sqlTables(source, created), ['sessions', 'term_definitions']);
    assert.deepEqual(sqlTables('/** FROM sessions */\nconst a = 1;', created), []);
  });

  it('names a repository that queries a table another module owns, unless a read model says why', () => {
    const repositories = [
      repo('ingestion', 'q(`DELETE FROM term_definitions WHERE document_id = $1`)'),
      repo('retrieval', 'q(`SELECT short_form FROM term_definitions td`)'),
      repo('program', 'q(`SELECT title FROM sessions`)'),
    ];
    const shared = [{ module: 'program', tables: ['sessions'], why: 'the program index' }];
    assert.deepEqual(ownershipProblems({ owners, created, folders, repositories, shared }), [
      'backend/src/retrieval/retrieval.repository.ts queries term_definitions, owned by ingestion/: ask its service, or list a read model in SHARED with its reason',
    ]);
  });

  it('reads the tables a repository writes: INSERT INTO, UPDATE and DELETE FROM, not FOR UPDATE or a read', () => {
    const source = [
      'q(`SELECT id FROM sessions WHERE id = $1 FOR UPDATE`);',
      'q(`UPDATE term_definitions SET n = 1`);',
      '// DELETE FROM sessions in a comment',
    ].join('\n');
    assert.deepEqual(sqlWrites(source, created), ['term_definitions']);
    assert.deepEqual(sqlWrites('q(`INSERT INTO sessions (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = $1`)', created), ['sessions']);
  });

  it('names a repository that writes a table another module owns, even when a read model lists the table', () => {
    const repositories = [
      repo('program', 'q(`SELECT title FROM sessions`)'),
      repo('retrieval', 'q(`DELETE FROM sessions WHERE id = $1 RETURNING id`)'),
    ];
    const shared = [
      { module: 'program', tables: ['sessions'], why: 'the program index' },
      { module: 'retrieval', tables: ['sessions'], why: 'the search statement' },
    ];
    assert.deepEqual(ownershipProblems({ owners, created, folders, repositories, shared }), [
      'backend/src/retrieval/retrieval.repository.ts writes sessions, owned by sessions/: only its owner writes it (ask its service or a port it provides)',
    ]);
  });

  it('names a table without an owner and an owner that is not a module', () => {
    const problems = ownershipProblems({
      owners: new Map([['sessions', 'nowhere']]),
      created,
      folders,
      repositories: [],
      shared: [],
    });
    assert.deepEqual(problems, [
      'table term_definitions has no owner in the Table ownership table',
      "table sessions's owner nowhere/ is not a module of backend/src",
    ]);
  });

  it("lists only read models with a reason, and no table this repository's own module owns", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'backend', 'README.md'), 'utf8');
    const all = tableOwners(readme);
    for (const s of SHARED) {
      assert.ok(s.why.length > 20, `${s.module}: say why`);
      for (const t of s.tables) assert.notEqual(all.get(t), s.module, `${s.module} owns ${t}: not a shared read`);
    }
  });
});
