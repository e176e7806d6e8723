// bench/eval-report.mjs's writer: the record keeps the figures, the per-question detail goes to test-results/.
// `npm run test:bench`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DETAIL_MARK, detailFile, writeReport } from './eval-report.mjs';

const run = (n) =>
  [
    `## Run 2026-11-2${n} 06:00 UTC (commit abc${n})`,
    '',
    '| Figure | tune |',
    '|---|---|',
    `| hit@5 | 0.${n} |`,
    '',
    DETAIL_MARK,
    '',
    '<details><summary>Misses (2 of 9 questions)</summary>',
    '',
    '- **q1** (a, tune; retrieval): why?',
    '',
    '</details>',
  ].join('\n');

describe('writeReport', () => {
  it('writes the figures to the record and the detail beside it in test-results/, replacing the run before', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-report-'));
    const file = path.join(repo, 'bench', 'EVAL.md');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '# Answer-quality evaluation\n\nHead.\n\n## Program questions\n\nkept\n\n## Run old\n\nold figures\n');
    writeReport(file, run(7), false);

    const record = fs.readFileSync(file, 'utf8');
    assert.match(record, /^# Answer-quality evaluation\n\nHead\.\n\n## Program questions\n\nkept\n\n## Run 2026-11-27/);
    assert.match(record, /\| hit@5 \| 0\.7 \|/);
    assert.doesNotMatch(record, /old figures|Misses|q1|detail: written/);
    assert.match(record, /`test-results\/eval-detail\.md`/);

    assert.equal(detailFile(file), path.join(repo, 'test-results', 'eval-detail.md'));
    const detail = fs.readFileSync(detailFile(file), 'utf8');
    assert.match(detail, /^# Run 2026-11-27 06:00 UTC \(commit abc7\): detail\n/);
    assert.match(detail, /Misses \(2 of 9 questions\)[\s\S]*\*\*q1\*\*/);
    assert.doesNotMatch(detail, /hit@5/);
  });

  it('writes a partial run alone, its detail beside it', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-report-'));
    const file = path.join(repo, 'test-results', 'eval-subset.md');
    writeReport(file, run(8), true);
    assert.match(fs.readFileSync(file, 'utf8'), /^# Answer-quality evaluation[\s\S]*## Run 2026-11-28[\s\S]*eval-subset-detail\.md/);
    assert.match(fs.readFileSync(path.join(repo, 'test-results', 'eval-subset-detail.md'), 'utf8'), /\*\*q1\*\*/);
  });
});
