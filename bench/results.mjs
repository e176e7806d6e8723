// Shared by the benchmark scripts: replaces one `## Heading` section of bench/RESULTS.md (or appends it).
// The record keeps each benchmark's header (when, where, how) and its one table with the verdict; what a
// section holds below RESULTS_DETAIL (every run, file lists, where the time goes, comparisons) goes to
// test-results/results-<heading>.md, named in the record.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = path.dirname(fileURLToPath(import.meta.url));
const defaultFile = path.join(bench, 'RESULTS.md');

/** The line of a section below which its detail starts. */
export const RESULTS_DETAIL = '<!-- results detail: written to test-results/, not to the record -->';

/** Where the detail of the section `heading` of `file` goes. */
export function resultsDetailFile(heading, file = defaultFile) {
  const slug = heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return path.join(path.dirname(file), '..', 'test-results', `results-${slug}.md`);
}

/** The record's part of `section` (the detail moved to its file, which the record names). */
function recordPart(heading, section, file) {
  const [record, detail] = section.split(RESULTS_DETAIL);
  if (!detail?.trim()) return record;
  const out = resultsDetailFile(heading, file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `# ${heading}: detail of the run of ${new Date().toISOString().slice(0, 10)}\n\n${detail.trim()}\n`);
  const shown = path.relative(path.join(path.dirname(file), '..'), out);
  return `${record.trimEnd()}\n\nEvery run, file lists and where the time goes: \`${shown}\`, written by the same run (not a record).\n`;
}

export function writeResultsSection(heading, section, file = defaultFile) {
  const kept = recordPart(heading, section, file);
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  // The heading as written (a server section's heading holds parentheses).
  const start = text.search(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${kept}`;
  } else {
    const rest = text.slice(start + 1);
    const next = rest.search(/^## /m);
    text = text.slice(0, start) + kept + (next === -1 ? '' : `\n${rest.slice(next)}`);
  }
  fs.writeFileSync(file, `${text.trimEnd()}\n`);
  console.log(`wrote the ${heading} section of ${path.relative(path.join(bench, '..'), file)}`);
}
