// Tests of scripts/lint.mjs: `npm run test:scripts` (node --test 'scripts/*.test.mjs'), a step of `npm test`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintParts } from './lint.mjs';

describe('lintParts', () => {
  it('lints the backend in one part and everything else in the other, with no warning allowed', () => {
    const [backend, rest] = lintParts();
    assert.deepEqual(backend.args, ['backend', '--max-warnings=0']);
    assert.deepEqual(rest.args, ['.', '--ignore-pattern', 'backend/', '--max-warnings=0']);
  });

  it('passes extra arguments to both parts', () => {
    for (const part of lintParts(['--fix'])) assert.equal(part.args.at(-1), '--fix');
  });

  it('gives each part a cache of its own under node_modules/.cache with --cache', () => {
    const [backend, rest] = lintParts(['--cache']);
    assert.deepEqual(backend.args.slice(-2), ['--cache-location', 'node_modules/.cache/eslint/backend/']);
    assert.deepEqual(rest.args.slice(-2), ['--cache-location', 'node_modules/.cache/eslint/others/']);
    assert.ok(!lintParts(['--cache', '--cache-location=x']).some((p) => p.args.includes('node_modules/.cache/eslint/backend/')));
  });
});
