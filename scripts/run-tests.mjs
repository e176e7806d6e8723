#!/usr/bin/env node
// `npm test`: every suite, in order: the API contract (docs/openapi.json and contract/api-types.ts match the code),
// the import-cycle check, no absolute machine path in a tracked file, backend/README.md's module map true, the tests of these scripts and of the eval's measures, backend (Jest + Supertest), scale out (several processes; needs Redis),
// front ends (Vitest), browser (Playwright + Chromium).
// Prints one closing line "N passed, N failed" counting suites run.
import { spawnSync } from 'node:child_process';

const steps = [
  ['API contract (docs/openapi.json, metadata.ts, api-types.ts match the code)', 'npm', ['run', 'openapi:check']],
  ['import cycles (dpdm, backend/src)', 'npm', ['run', 'cycles']],
  ['machine paths (no absolute path of one machine in a tracked file)', 'npm', ['run', 'check:paths']],
  ["docs that are true (backend/README.md's module map and table ownership)", 'npm', ['run', 'check:docs']],
  ['repository scripts (node --test scripts/*.test.mjs)', 'npm', ['run', 'test:scripts']],
  ['product references (comments cite docs/PRODUCT.md, no history comments)', 'npm', ['run', 'check:refs']],
  ["the eval's measures and the program eval's day translation (node --test bench/*.test.mjs)", 'npm', ['run', 'test:bench']],
  ['backend (Jest + Supertest, embedded PostgreSQL)', 'npm', ['test', '-w', 'backend']],
  ['scale out (2 API processes + worker, Redis, s3rver)', 'npm', ['run', 'test:scale']],
  ['the rules both apps share (Vitest, packages/conference-rules)', 'npm', ['test', '-w', 'conference-rules']],
  ['attendee app (Vitest)', 'npm', ['test', '-w', 'frontend-attendee']],
  ['admin consoles (Vitest)', 'npm', ['test', '-w', 'frontend-admin']],
  ['browser (Playwright + Chromium)', 'npm', ['run', 'test:e2e']],
];
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status === 0) passed++;
  else {
    failed++;
    console.error(`*** ${name} failed (exit ${r.status})`);
  }
}
console.log(`\nsuites: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
