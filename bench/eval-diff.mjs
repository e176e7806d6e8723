#!/usr/bin/env node
/**
 * Two raw eval outputs compared answer by answer and passage by passage (`node bench/eval-diff.mjs
 * <before.json> <after.json>`): the files `npm run eval -- --json <file>` writes (questions with their
 * answer, its sources and every passage GET /api/search returned with and without the session filter)
 * or `node bench/eval-program.mjs --json <file>` writes (program questions: answer and sources). Prints
 * every difference and exits 1 when there is one, 0 when the two runs answered and ranked alike.
 * Timings (latency, ingestion seconds) and the figures computed from the rows are not compared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fields of a row that measure time, not behaviour. */
const TIMING = new Set(['latencyMs', 'latencies', 'seconds', 'parseSeconds']);

/** The rows of one output, keyed: eval questions by id, takeaways by session, program rows by set and id. */
export function rowsOf(output) {
  const rows = new Map();
  for (const q of output.questions ?? []) rows.set(`question ${q.id}`, q);
  for (const t of output.takeaways ?? []) rows.set(`takeaways ${t.session}`, t);
  for (const r of output.rows ?? []) rows.set(`program ${r.set} / ${r.id ?? r.question}`, r);
  return rows;
}

/** Paths where two JSON values differ (timings left out), each with both values. */
export function differences(a, b, at = '') {
  if (Object.is(a, b)) return [];
  if (Array.isArray(a) && Array.isArray(b)) {
    const out = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length) out.push({ at: `${at}[${i}]`, before: undefined, after: b[i] });
      else if (i >= b.length) out.push({ at: `${at}[${i}]`, before: a[i], after: undefined });
      else out.push(...differences(a[i], b[i], `${at}[${i}]`));
    }
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !TIMING.has(k));
    return keys.flatMap((k) => differences(a[k], b[k], at ? `${at}.${k}` : k));
  }
  return [{ at, before: a, after: b }];
}

/** Every difference between two outputs, row by row: rows only in one of them, then each row's fields. */
export function compareOutputs(before, after) {
  const a = rowsOf(before);
  const b = rowsOf(after);
  const out = [];
  for (const [key, row] of a) {
    if (!b.has(key)) out.push({ row: key, at: '', before: 'present', after: 'missing' });
    else out.push(...differences(row, b.get(key)).map((d) => ({ row: key, ...d })));
  }
  for (const key of b.keys()) if (!a.has(key)) out.push({ row: key, at: '', before: 'missing', after: 'present' });
  return out;
}

const show = (v) => {
  const s = v === undefined ? '(none)' : JSON.stringify(v);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

/** The differences as lines of text (none: one line saying so). */
export function renderDifferences(diffs, rowCount) {
  if (diffs.length === 0) return [`no difference (${rowCount} rows compared)`];
  const rows = new Set(diffs.map((d) => d.row));
  return [
    `${diffs.length} difference(s) in ${rows.size} of ${rowCount} rows:`,
    ...diffs.map((d) => `${d.row}${d.at ? ` ${d.at}` : ''}\n  before: ${show(d.before)}\n  after:  ${show(d.after)}`),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error('usage: node bench/eval-diff.mjs <before.json> <after.json>');
    process.exit(2);
  }
  const before = JSON.parse(fs.readFileSync(beforeFile, 'utf8'));
  const after = JSON.parse(fs.readFileSync(afterFile, 'utf8'));
  const diffs = compareOutputs(before, after);
  console.log(renderDifferences(diffs, new Set([...rowsOf(before).keys(), ...rowsOf(after).keys()]).size).join('\n'));
  process.exit(diffs.length ? 1 : 0);
}
