#!/usr/bin/env node
// `npm run check:docs`: fails (exit 1) when backend/README.md's module map is not true:
//  - a folder of backend/src (a module: it holds a *.module.ts; or a shared folder such as text/) has no row in the
//    map, or a row names a folder that does not exist;
//  - a table the migrations create has no owner in the README's "Table ownership" table, or names a module that
//    does not exist;
//  - a repository (backend/src/<module>/**/*.repository.ts) writes in its SQL (INSERT INTO, UPDATE, DELETE FROM) a
//    table another module owns (always: a table is written by its owner only), or reads one (FROM, JOIN) unless
//    SHARED below says why (a deliberate read model).
// Each problem is printed as one line naming the folder. A step of `npm test` (scripts/run-tests.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders directly under backend/src: [{ name, isModule }] (a module holds a `*.module.ts`). */
export function sourceFolders(srcDir) {
  return fs
    .readdirSync(srcDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({
      name: e.name,
      isModule: fs.readdirSync(path.join(srcDir, e.name)).some((f) => f.endsWith('.module.ts')),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The table under a Markdown heading: its body rows as arrays of cell texts (header and separator left out). */
export function tableUnder(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) return null;
  const rows = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6} /.test(line)) break;
    if (!line.trim().startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    rows.push(
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2);
}

/** The folders the module map names, from its first column (`name/`). */
export function mapFolders(readme) {
  const rows = tableUnder(readme, '## Module map');
  if (!rows) return null;
  return rows.map((cells) => cells[0].replace(/^`|`$/g, '').replace(/\/$/, ''));
}

/** What is untrue in the module map: ['…'] (empty when the map lists every folder of src/ and nothing else). */
export function moduleMapProblems(readme, folders) {
  const listed = mapFolders(readme);
  if (!listed) return ["backend/README.md has no '## Module map' table"];
  const problems = [];
  const names = new Set(folders.map((f) => f.name));
  for (const f of folders) {
    if (!listed.includes(f.name)) {
      problems.push(`backend/src/${f.name}/ (${f.isModule ? 'a module' : 'a shared folder'}) is missing from the module map`);
    }
  }
  for (const name of listed) {
    if (!names.has(name)) problems.push(`the module map names ${name}/, which is not a folder of backend/src`);
  }
  const seen = new Set();
  for (const name of listed) {
    if (seen.has(name)) problems.push(`the module map names ${name}/ twice`);
    seen.add(name);
  }
  return problems;
}

/**
 * Tables a module reads though another module owns them, each with its reason. Only deliberate read models (one
 * statement over several domains' rows, where asking each owner's service would cost a round trip a row) belong
 * here; a write is never allowed here: it goes through the owner (its service or a port it provides).
 */
export const SHARED = [
  {
    module: 'admin',
    tables: ['users', 'chat_threads', 'chat_messages', 'user_actions'],
    why: "the admin's review of users: a user's threads, messages and actions listed in one paged statement",
  },
  {
    module: 'superadmin',
    tables: ['users', 'user_actions'],
    why: 'the super admin analytics: counts over every user and action in one statement',
  },
  { module: 'billing', tables: ['ai_usage'], why: 'the spend figures: sums over the usage rows ai/ writes, by day and kind' },
  {
    module: 'insights',
    tables: ['chat_messages', 'chat_feedback', 'sessions'],
    why: "the Insights tab's one statement over 100,000 messages (bench/RESULTS.md, Insights): questions counted under their sessions",
  },
  {
    module: 'retrieval',
    tables: ['chunks', 'document_words', 'documents', 'sessions'],
    why: 'the search statement: one round trip over the index ingestion writes, limited to embedded documents and their sessions (bench/RESULTS.md, Chat)',
  },
  {
    module: 'program',
    tables: ['sessions'],
    why: 'the program index: titles, speakers, rooms and times of every session read once per content version',
  },
  {
    module: 'takeaways',
    tables: ['sessions', 'documents'],
    why: "a session's takeaways are made from its embedded documents; the cache is keyed by the session's content",
  },
  {
    module: 'sessions',
    tables: ['documents'],
    why: "the session list's document counts and content status, aggregated in the list's statement (deleting a session asks documents/ through the SESSION_DOCUMENTS port)",
  },
  {
    module: 'documents',
    tables: ['sessions'],
    why: "the document list shows each document's session title in its statement; an upload checks the session in its transaction",
  },
  {
    module: 'ingestion',
    tables: ['documents'],
    why: "the abbreviations of each embedded document's current run, with its session, read in the LEARNED_DEFINITIONS statement at one content version (its run state is written through documents/' DOCUMENT_RUNS port)",
  },
];

/** Tables every repository may read: written by the database itself, read by any cache. */
const INFRASTRUCTURE = new Set(['content_version']);

/** The owners the README's "Table ownership" table names: Map(table → module). */
export function tableOwners(readme) {
  const rows = tableUnder(readme, '## Table ownership');
  if (!rows) return null;
  return new Map(rows.map((cells) => [cells[0].replace(/^`|`$/g, ''), cells[1].replace(/^`|`$/g, '').replace(/\/$/, '')]));
}

const READ_OR_WRITE = /\b(?:FROM|JOIN|INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/gi;
const WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/gi;

/** The known tables `pattern` names in a repository's template strings (comments left out). */
function tablesNamed(source, known, pattern) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set();
  for (const literal of code.match(/`[^`]*`/g) ?? []) {
    for (const m of literal.matchAll(pattern)) {
      const table = m[1].toLowerCase();
      if (known.has(table)) found.add(table);
    }
  }
  return [...found].sort();
}

/** The tables a repository's SQL names after FROM, JOIN, INSERT INTO, UPDATE or DELETE FROM (its template strings only). */
export function sqlTables(source, known) {
  return tablesNamed(source, known, READ_OR_WRITE);
}

/** The tables a repository's SQL writes: INSERT INTO, UPDATE, DELETE FROM (its template strings only). */
export function sqlWrites(source, known) {
  return tablesNamed(source, known, WRITE);
}

/** The tables the migrations create. */
export function createdTables(migrationsDir) {
  const tables = new Set();
  for (const f of fs.readdirSync(migrationsDir)) {
    const text = fs.readFileSync(path.join(migrationsDir, f), 'utf8');
    for (const m of text.matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/gi)) tables.add(m[1].toLowerCase());
  }
  return tables;
}

function repositoryFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.repository.ts'))
    .sort();
}

/** What breaks table ownership: a table without an owner, a repository naming a table its module does not own. */
export function ownershipProblems({ owners, created, folders, repositories, shared = SHARED }) {
  if (!owners) return ["backend/README.md has no '## Table ownership' table"];
  const problems = [];
  const modules = new Set(folders.filter((f) => f.isModule).map((f) => f.name));
  for (const table of created) if (!owners.has(table)) problems.push(`table ${table} has no owner in the Table ownership table`);
  for (const [table, owner] of owners) {
    if (!created.has(table)) problems.push(`the Table ownership table names ${table}, which no migration creates`);
    if (!modules.has(owner)) problems.push(`table ${table}'s owner ${owner}/ is not a module of backend/src`);
  }
  const known = new Set([...created, ...owners.keys()]);
  for (const { file, module, source } of repositories) {
    const writes = sqlWrites(source, known);
    for (const table of writes) {
      if (owners.get(table) === module) continue;
      problems.push(
        `${file} writes ${table}, owned by ${owners.get(table) ?? 'no module'}/: only its owner writes it (ask its service or a port it provides)`,
      );
    }
    for (const table of sqlTables(source, known)) {
      if (owners.get(table) === module || INFRASTRUCTURE.has(table) || writes.includes(table)) continue;
      if (shared.some((s) => s.module === module && s.tables.includes(table))) continue;
      problems.push(
        `${file} queries ${table}, owned by ${owners.get(table) ?? 'no module'}/: ask its service, or list a read model in SHARED with its reason`,
      );
    }
  }
  return problems;
}

/** Every problem the docs check finds in a repository checkout. */
export function checkRepository(root) {
  const backend = path.join(root, 'backend');
  const src = path.join(backend, 'src');
  const readme = fs.readFileSync(path.join(backend, 'README.md'), 'utf8');
  const folders = sourceFolders(src);
  const repositories = repositoryFiles(src).map((f) => ({
    file: `backend/src/${f}`,
    module: f.split(path.sep)[0],
    source: fs.readFileSync(path.join(src, f), 'utf8'),
  }));
  return [
    ...moduleMapProblems(readme, folders),
    ...ownershipProblems({
      owners: tableOwners(readme),
      created: createdTables(path.join(src, 'database', 'migrations')),
      folders,
      repositories,
    }),
  ];
}

function main() {
  const problems = checkRepository(process.argv[2] ? path.resolve(process.argv[2]) : ROOT);
  for (const p of problems) console.error(`check:docs: ${p}`);
  console.log(problems.length ? `check:docs: ${problems.length} problem(s)` : 'check:docs: backend/README.md is true');
  process.exit(problems.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
