// Shared by the benchmark scripts: replaces one `## Heading` section of bench/RESULTS.md (or appends it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

export function writeResultsSection(heading, section) {
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  // The heading as written (a server section's heading holds parentheses).
  const start = text.search(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const rest = text.slice(start + 1);
    const next = rest.search(/^## /m);
    text = text.slice(0, start) + section + (next === -1 ? '' : `\n${rest.slice(next)}`);
  }
  fs.writeFileSync(file, `${text.trimEnd()}\n`);
  console.log(`wrote the ${heading} section of bench/RESULTS.md`);
}
