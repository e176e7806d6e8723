// Unit tests of the comparison of two raw eval outputs (`npm run test:bench`).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compareOutputs, differences, renderDifferences } from './eval-diff.mjs';

const question = (over = {}) => ({
  id: 'q1',
  content: 'Revenue grew 5%. [p. 3]',
  latencyMs: 12,
  rawSources: [{ marker: '[p. 3]', sessionId: 'S1', page: 3, snippet: 'Revenue grew 5%.' }],
  passages: {
    filtered: [
      { sessionId: 'S1', page: 3, score: 0.9 },
      { sessionId: 'S1', page: 4, score: 0.5 },
    ],
    unfiltered: [{ sessionId: 'S2', page: 1, score: 0.7 }],
  },
  ...over,
});

describe('eval-diff', () => {
  it('finds no difference between runs that differ only in timings', () => {
    const before = { questions: [question()], figures: { a: 1 } };
    const after = { questions: [question({ latencyMs: 99 })], figures: { a: 2 } };
    assert.deepEqual(compareOutputs(before, after), []);
    assert.match(renderDifferences([], 1)[0], /no difference \(1 rows compared\)/);
  });

  it('reports a changed answer, a changed source and a passage ranked differently', () => {
    const after = question({ content: 'Revenue grew 6%. [p. 3]' });
    after.rawSources = [{ ...after.rawSources[0], page: 4 }];
    after.passages = { filtered: [...after.passages.filtered].reverse(), unfiltered: after.passages.unfiltered };
    const diffs = compareOutputs({ questions: [question()] }, { questions: [after] });
    const at = diffs.map((d) => d.at);
    assert.ok(at.includes('content'));
    assert.ok(at.includes('rawSources[0].page'));
    assert.ok(at.includes('passages.filtered[0].page'));
    assert.ok(at.includes('passages.filtered[1].score'));
    assert.ok(diffs.every((d) => d.row === 'question q1'));
  });

  it('reports rows found in only one run, and a passage list grown by one', () => {
    const diffs = compareOutputs({ questions: [question()] }, { questions: [question({ id: 'q2' })] });
    assert.deepEqual(
      diffs.map((d) => [d.row, d.before, d.after]),
      [
        ['question q1', 'present', 'missing'],
        ['question q2', 'missing', 'present'],
      ],
    );
    assert.deepEqual(differences([1], [1, 2]), [{ at: '[1]', before: undefined, after: 2 }]);
  });

  it('compares program rows by set and id', () => {
    const row = {
      set: 'demo',
      id: 'p1',
      content: 'Room A [Session: Keynote]',
      latencies: [1, 2],
      sources: [{ marker: '[Session: Keynote]' }],
    };
    assert.deepEqual(compareOutputs({ rows: [row] }, { rows: [{ ...row, latencies: [5] }] }), []);
    const diffs = compareOutputs({ rows: [row] }, { rows: [{ ...row, sources: [] }] });
    assert.equal(diffs[0].row, 'program demo / p1');
    assert.equal(diffs[0].at, 'sources[0]');
  });

  it('exits 1 and prints the differences when run on two files, 0 when they agree', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-diff-'));
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'eval-diff.mjs');
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    fs.writeFileSync(a, JSON.stringify({ questions: [question()] }));
    fs.writeFileSync(b, JSON.stringify({ questions: [question({ content: 'Other.' })] }));
    try {
      assert.match(execFileSync(process.execPath, [script, a, a], { encoding: 'utf8' }), /no difference/);
      assert.throws(
        () => execFileSync(process.execPath, [script, a, b], { encoding: 'utf8' }),
        (err) => err.status === 1 && /question q1 content/.test(err.stdout),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
