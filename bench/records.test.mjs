// The measurement records stay records (`npm run test:bench`): one current table per benchmark, the detail of a
// run in test-results/ (written by the scripts) and an experiment's story in bench/history/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const bench = path.dirname(fileURLToPath(import.meta.url));
/** Lines a record may hold at the most. */
export const RECORD_BUDGET = 300;

describe('the records', () => {
  for (const name of ['RESULTS.md', 'EVAL.md']) {
    it(`bench/${name} is under ${RECORD_BUDGET} lines`, () => {
      const lines = fs.readFileSync(path.join(bench, name), 'utf8').trimEnd().split('\n').length;
      assert.ok(lines < RECORD_BUDGET, `bench/${name} has ${lines} lines: move the detail to test-results/ or bench/history/`);
    });
  }
});
