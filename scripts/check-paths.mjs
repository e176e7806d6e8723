#!/usr/bin/env node
// `npm run check:paths`: fails (exit 1) when a tracked file holds an absolute path of one machine, naming each
// file:line. The repository must run from any checkout: paths are relative to the repository root (the dev set is
// `../shared/eval-dev`), never a person's home, this build machine's checkout or a mounted disk.
//
// Flagged: /work/… and /root/… (the build machine's checkouts and root's home), /home/<user>/…, /Users/<user>/…,
// /Volumes/…, /mnt/…, /media/… (homes and mounted disks), C:\Users\… (a Windows home), and the system paths
// /usr/…, /etc/…, /var/…, /opt/…, /srv/…, /tmp/… unless ALLOWED says why a file may name one.
// A path is only recognised at the start of a word: `https://host/work/…` and `/api/admin/…` are not paths of a
// machine. Binary files (a NUL byte in their first 8000 bytes, as git decides) are skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const START = String.raw`(?<![\w.~%/-])`;
const MACHINE = [
  String.raw`/(?:work|root|Volumes|mnt|media)/`,
  String.raw`/(?:home|Users)/[^/\s'"\x60)]+`,
  String.raw`[A-Za-z]:(?:\\{1,2}|/)(?:Users|Documents and Settings)\b`,
];
const SYSTEM = String.raw`/(?:usr|etc|var|opt|srv|tmp)/`;
const REST = String.raw`[^\s'"\x60()<>\[\],;]*`;
const PATTERN = new RegExp(`${START}(?:${MACHINE.join('|')}|${SYSTEM})${REST}`, 'g');

/** The checker and its test name the paths they look for; nothing else is skipped. */
const SELF = new Set(['scripts/check-paths.mjs', 'scripts/check-paths.test.mjs']);

/**
 * System paths a file may name, each with its reason: `path` is the whole path found (a string: that path or one
 * under it; a RegExp: tested against the path), `files` limits the entry to matching repository paths. Nothing here
 * may allow a home, a checkout or a mounted disk.
 */
export const ALLOWED = [
  { path: '/usr/bin/env', why: 'the shebang of a script: the kernel resolves it the same way on every Unix' },
  {
    path: '/usr/bin/chromium',
    why: "Debian's chromium package, the documented browser of the tests and bench:web; CHROMIUM_PATH overrides it",
  },
  {
    files: /^(docker-compose\.yml|docker\/)/,
    path: /^\/(etc\/caddy|var\/lib\/postgresql|var\/lib\/apt|tmp)\//,
    why: "paths inside the containers, fixed by the images (Caddy's config, PostgreSQL's data, apt's package lists removed after installing ffmpeg, the MinIO setup's scratch file), not on the host",
  },
  {
    files: /\.(e2e-)?spec\.ts$/,
    path: /^\/tmp\/unused[\w-]*$/,
    why: 'a data directory a test hands to code that must never use it: the path is never created or read',
  },
  {
    files: /^bench\/((RESULTS|EVAL)\.md|history\/[\w-]+\.md)$/,
    path: /^\/tmp\//,
    why: 'scratch output of a recorded benchmark command: /tmp exists on every Unix and names no checkout',
  },
];

function isAllowed(file, found) {
  return ALLOWED.some(
    (a) =>
      (!a.files || a.files.test(file)) &&
      (typeof a.path === 'string' ? found === a.path || found.startsWith(`${a.path}/`) : a.path.test(found)),
  );
}

/** Machine paths in one file's text: [{ line, column, found, text }]. */
export function findMachinePaths(file, content) {
  const problems = [];
  content.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(PATTERN)) {
      if (!isAllowed(file, m[0])) problems.push({ line: i + 1, column: m.index + 1, found: m[0], text: line.trim() });
    }
  });
  return problems;
}

function trackedFiles(root) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
    .split('\0')
    .filter(Boolean);
}

function isBinary(buffer) {
  return buffer.subarray(0, 8000).includes(0);
}

/** Every machine path in the tracked files of the repository at `root`: [{ file, line, column, found, text }]. */
export function checkRepository(root) {
  const problems = [];
  for (const file of trackedFiles(root)) {
    if (SELF.has(file)) continue;
    const full = path.join(root, file);
    if (!fs.existsSync(full) || fs.statSync(full).isDirectory()) continue; // deleted but not yet committed; a submodule
    const buffer = fs.readFileSync(full);
    if (isBinary(buffer)) continue;
    for (const p of findMachinePaths(file, buffer.toString('utf8'))) problems.push({ file, ...p });
  }
  return problems;
}

function main() {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const problems = checkRepository(root);
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.column}: machine path ${p.found}  ${p.text.slice(0, 160)}`);
  if (problems.length) {
    console.error(`\n${problems.length} absolute machine path(s) in tracked files: make them relative to the repository root`);
    console.error('(or, for a system path every machine has, add an entry with its reason to ALLOWED in scripts/check-paths.mjs).');
    process.exit(1);
  }
  console.log('check:paths: no absolute machine path in the tracked files');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
