/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  // The rules shared with the front ends, run from their source (the same code `npm run build -w conference-rules`
  // compiles to the dist/ the built backend loads).
  moduleNameMapper: { '^conference-rules$': '<rootDir>/../packages/conference-rules/src/index.ts' },
  testTimeout: 60000,
  // One suite at a time (each starts its own app and database), each in a fresh worker process: the
  // worker is replaced once its heap passes 1 MB, i.e. after every file. A long single process gathered
  // the compiled WebAssembly of every suite's embedded database, and Node 24 once died there with a V8
  // fatal error (`Check failed: jit_page.has_value()`) two-thirds through the run; a process per suite
  // costs about 0.6 s a file.
  maxWorkers: 1,
  workerIdleMemoryLimit: '1MB',
};
