import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineCrashedSuites } from './jest-engine-retry.mjs';

const crashMessage =
  '  ● Test suite failed to run\n\n    A jest worker process (pid=14664) was terminated by another process: signal=SIGTRAP, exitCode=null.';

test('a suite whose process the engine killed before any test ran is run again', () => {
  const report = {
    numFailedTestSuites: 1,
    testResults: [
      { name: '/r/backend/test/chat.e2e-spec.ts', status: 'failed', message: crashMessage, assertionResults: [] },
      { name: '/r/backend/test/admin.e2e-spec.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed' }] },
    ],
  };
  assert.deepEqual(engineCrashedSuites(report), ['/r/backend/test/chat.e2e-spec.ts']);
});

test('a failed test, another signal or a suite that failed to compile is never run again', () => {
  const report = {
    numFailedTestSuites: 3,
    testResults: [
      { name: 'a', status: 'failed', message: 'expect(received).toBe(expected)', assertionResults: [{ status: 'failed' }] },
      { name: 'b', status: 'failed', message: crashMessage.replace('SIGTRAP', 'SIGKILL'), assertionResults: [] },
      { name: 'c', status: 'failed', message: "Cannot find module './x'", assertionResults: [] },
    ],
  };
  assert.deepEqual(engineCrashedSuites(report), []);
});

test('no report, no suites', () => {
  assert.deepEqual(engineCrashedSuites(null), []);
});
