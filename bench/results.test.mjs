// bench/results.mjs: a benchmark's section of bench/RESULTS.md keeps its table; its detail goes to test-results/.
// `npm run test:bench`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { RESULTS_DETAIL, resultsDetailFile, writeResultsSection } from './results.mjs';

const section = (n) =>
  [
    '## Ingestion (PostgreSQL server)',
    '',
    `Measured 2026-11-2${n}.`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    `| pages/s | ${n}00 | ≥ 100 |`,
    '',
    RESULTS_DETAIL,
    `All runs: ${n}.1 s; ${n}.2 s.`,
    'Where the time goes: parsing.',
  ].join('\n');

describe('writeResultsSection', () => {
  it('replaces its section with the header and table, the rest of the run in test-results/, other sections kept', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    const file = path.join(repo, 'bench', 'RESULTS.md');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(
      file,
      '# Benchmark results\n\n## Web\n\nweb table\n\n## Ingestion (PostgreSQL server)\n\nold table\n\n## OCR\n\nocr table\n',
    );
    writeResultsSection('Ingestion (PostgreSQL server)', section(3), file);

    const record = fs.readFileSync(file, 'utf8');
    assert.match(
      record,
      /## Web\n\nweb table\n\n## Ingestion \(PostgreSQL server\)\n\nMeasured 2026-11-23\.[\s\S]*\| pages\/s \| 300 \|[\s\S]*\n\n## OCR\n\nocr table\n$/,
    );
    assert.doesNotMatch(record, /old table|All runs|Where the time goes|results detail/);
    assert.match(record, /`test-results\/results-ingestion-postgresql-server\.md`/);

    const detail = fs.readFileSync(resultsDetailFile('Ingestion (PostgreSQL server)', file), 'utf8');
    assert.match(
      detail,
      /^# Ingestion \(PostgreSQL server\): detail of the run of \d{4}-\d{2}-\d{2}\n\nAll runs: 3\.1 s; 3\.2 s\.\nWhere the time goes: parsing\.\n$/,
    );
  });

  it('appends a new section, and writes a section without detail as it is', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    const file = path.join(repo, 'bench', 'RESULTS.md');
    fs.mkdirSync(path.dirname(file));
    writeResultsSection('OCR', '## OCR\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', file);
    assert.equal(fs.readFileSync(file, 'utf8'), '# Benchmark results\n\n## OCR\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    assert.equal(fs.existsSync(path.join(repo, 'test-results')), false);
  });
});
