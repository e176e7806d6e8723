#!/usr/bin/env node
// `npm run check:docs`: fails (exit 1) when backend/README.md's module map is not true:
//  - a folder of backend/src (a module: it holds a *.module.ts; or a shared folder such as text/) has no row in the
//    map, or a row names a folder that does not exist;
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

/** Every problem the docs check finds in a repository checkout. */
export function checkRepository(root) {
  const backend = path.join(root, 'backend');
  const readme = fs.readFileSync(path.join(backend, 'README.md'), 'utf8');
  return moduleMapProblems(readme, sourceFolders(path.join(backend, 'src')));
}

function main() {
  const problems = checkRepository(process.argv[2] ? path.resolve(process.argv[2]) : ROOT);
  for (const p of problems) console.error(`check:docs: ${p}`);
  console.log(problems.length ? `check:docs: ${problems.length} problem(s)` : 'check:docs: backend/README.md is true');
  process.exit(problems.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
