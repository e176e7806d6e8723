#!/usr/bin/env node
// Points the code's product references into the repository and drops history from comments:
//  - `SPEC §N`, `SPEC §N.M`, `(SPEC §2, §5)`, `SPEC: …` → `PRODUCT.md §N…` (the same numbers: docs/PRODUCT.md keeps
//    the section numbers of the specification the code was written from);
//  - history references ("issue 5", "(issue 12)", "(issue 10, item 5)", "Issue 11: the app as …", "(beyond the
//    spec: issue 14)") are removed and the rest of the comment kept: git keeps history.
// `node scripts/rewrite-spec-refs.mjs` rewrites the tracked files in place; `--check` (`npm run check:refs`) changes
// nothing, lists what it would change and what it cannot rewrite, and exits 1 if anything is listed. A reference
// the rules cannot rewrite (an issue named mid-sentence, `SPEC.md`) is listed for a person to reword, and so is a
// comment of the product's code (backend/src, the apps, packages/*/src) that cites a "sitting" or a "pass" of the
// benchmarks: code points at the records and at bench/history/<topic>.md by topic.
// After a rewrite: `npm run format` (a longer name can move a test title past the print width) and `npm run openapi`
// (DTO comments are the contract's descriptions).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Files left as they are: measurement records and bench/history/ (dated, history is their content), generated files, this tool. */
const SKIPPED = [
  /^docs\/PRODUCT\.md$/,
  /^scripts\/rewrite-spec-refs(\.test)?\.mjs$/,
  /^bench\/(RESULTS|EVAL)\.md$/,
  /^bench\/history\//,
  /^docs\/openapi\.json$/,
  /^contract\/api-types\.ts$/,
  /^backend\/src\/openapi\/metadata\.ts$/,
  /(^|\/)package-lock\.json$/,
];

// Whitespace inside a reference, which may wrap onto the next comment line (` * `, `// `, `# `).
const WS = String.raw`(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*)`;
const NUM = String.raw`#?\d+`;
const ITEMS = String.raw`(?:,?${WS}items?${WS}\d+(?:(?:,${WS}|${WS}and${WS})\d+)*)?`;
const REF = String.raw`\b[Ii]ssues?${WS}${NUM}(?:${WS}and${WS}${NUM})*${ITEMS}`;
const REFS = String.raw`${REF}(?:(?:,|${WS}and)${WS}${REF})*`;

const HAS_REF = new RegExp(REF);
const PARENTHESIS = /([ \t]?)\(([^()]*)\)([,;:.]?)([ \t]?)/g;
const LINE_BREAK = /\r?\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*/;
const AT_START = new RegExp(String.raw`^\s*${REFS}\s*(?:[,;:]\s*|$)`);
const AT_END = new RegExp(String.raw`\s*[,;:]\s*${REFS}\s*$`);
// "Issue 12, hot reads: …", "Issue 10 (security hardening): …" opening a comment line.
const LEADING = new RegExp(String.raw`^([ \t]*(?:\/\*\*?|\*|\/\/|#)?[ \t]*)${REFS}(?:[ \t]*\(([^()]*)\))?[ \t]*([,:])[ \t]*(\S)`, 'gm');
const SPEC_WORD = /\bSPEC\b(?![._-])/g;
const LEFTOVER = new RegExp(String.raw`\bSPEC\b(?!_)|${REF}`, 'g');

/** The product's code: its comments point at the records (bench/RESULTS.md, bench/EVAL.md, bench/history/<topic>.md), never at a sitting or a pass. */
const PRODUCT_CODE = /^(backend\/src|frontend-attendee\/src|frontend-admin\/src|packages\/[^/]+\/src)\//;
const ORDINAL = String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|\d+(?:st|nd|rd|th)|nth|last|previous|earlier)`;
const HISTORY_CITATION = new RegExp(String.raw`\bsittings?\b|\b${ORDINAL} pass(?:es)?\b|\bthe passes\b`, 'gi');

/** Citations of a sitting or a pass in a file of the product's code: [{ line, found, text }]. */
export function historyCitations(file, text) {
  if (!PRODUCT_CODE.test(file)) return [];
  const lines = text.split('\n');
  return [...text.matchAll(HISTORY_CITATION)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return { line, found: m[0], text: lines[line - 1].trim() };
  });
}

/** A parenthesis's text without its history references, '' when nothing else was in it, null when it cannot tell. */
function withoutRefs(content) {
  const rest = content.replace(AT_START, '').replace(AT_END, '');
  if (HAS_REF.test(rest)) return null;
  return rest.replace(/[\s*/#,;:]+/g, '') === '' ? '' : rest;
}

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The text with its product references pointed at PRODUCT.md and its history references removed. */
export function rewrite(text) {
  return text
    .replace(PARENTHESIS, (all, space, content, punctuation, after) => {
      if (!HAS_REF.test(content)) return all;
      const rest = withoutRefs(content);
      if (rest === null) return all;
      if (rest !== '') return `${space}(${rest})${punctuation}${after}`;
      // A removed parenthesis that wrapped onto the next comment line keeps the line break after its punctuation.
      const lineBreak = LINE_BREAK.exec(content);
      return lineBreak ? `${punctuation}${lineBreak[0]}` : `${punctuation}${after}`;
    })
    .replace(LEADING, (all, prefix, described, separator, next) =>
      described ? `${prefix}${capitalise(described.trim())}${separator} ${next}` : `${prefix}${next.toUpperCase()}`,
    )
    .replace(SPEC_WORD, 'PRODUCT.md');
}

/** References the rules leave in a text: [{ line, found, text }]. */
export function leftovers(text) {
  const lines = text.split('\n');
  return [...text.matchAll(LEFTOVER)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    return { line, found: m[0].replace(/\s+/g, ' '), text: lines[line - 1].trim() };
  });
}

/** Lines of a text that hold a reference the rewrite changes or leaves. */
function referenceLines(text) {
  const lines = new Set();
  for (const re of [LEFTOVER, SPEC_WORD]) for (const m of text.matchAll(re)) lines.add(text.slice(0, m.index).split('\n').length);
  return [...lines].sort((a, b) => a - b);
}

function trackedTextFiles(root) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
    .split('\0')
    .filter((file) => file && !SKIPPED.some((re) => re.test(file)))
    .filter((file) => {
      const full = path.join(root, file);
      return fs.existsSync(full) && fs.statSync(full).isFile() && !fs.readFileSync(full).subarray(0, 8000).includes(0);
    });
}

/** Rewrites (or, with check, only inspects) the repository's files: { changed: [{ file, lines }], left: [...] }. */
export function processRepository(root, { check }) {
  const changed = [];
  const left = [];
  for (const file of trackedTextFiles(root)) {
    const full = path.join(root, file);
    const before = fs.readFileSync(full, 'utf8');
    const after = rewrite(before);
    if (after !== before) {
      changed.push({ file, lines: referenceLines(before) });
      if (!check) fs.writeFileSync(full, after);
    }
    for (const l of [...leftovers(after), ...historyCitations(file, after)]) left.push({ file, ...l });
  }
  return { changed, left };
}

function main() {
  const check = process.argv.includes('--check');
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const { changed, left } = processRepository(root, { check });
  for (const c of changed) console.log(`${c.file}: ${check ? 'would rewrite' : 'rewrote'} line(s) ${c.lines.join(', ')}`);
  for (const l of left) console.error(`${l.file}:${l.line}: cannot rewrite '${l.found}' (reword it by hand): ${l.text.slice(0, 140)}`);
  console.log(`${changed.length} file(s) ${check ? 'to rewrite' : 'rewritten'}, ${left.length} reference(s) left for a person.`);
  if (left.length || (check && changed.length)) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
