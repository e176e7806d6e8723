#!/usr/bin/env node
// `npm run test:server`: the backend's API suites a second time on the server deployment, PostgreSQL with
// pgvector and Redis instead of the embedded database and the in-process queue. Each test app gets a
// fresh database of its own on the server (backend/test/utils/test-app.ts) and a Redis key prefix of its
// own; the storage suite runs against s3rver as always.
//
//   SERVER_TEST_DATABASE_URL  a PostgreSQL server with the vector extension available, as a role that may
//                             create databases (default postgresql://postgres@127.0.0.1:5432/postgres)
//   SERVER_TEST_REDIS_URL     Redis (default redis://127.0.0.1:6379)
//
// Extra arguments go to Jest (for example a single file: `npm run test:server -- test/chat.e2e-spec.ts`).
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.SERVER_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SERVER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The suites that touch SQL, migrations, the queue and storage: every API suite but those whose subject
 * is the embedded database itself or a process model the server job does not change (the OCR suite reads
 * scanned pages for minutes and its SQL is the ingestion suite's; the Redis-down suite sets its own Redis).
 */
const SUITES = [
  'foundation',
  'access',
  'auth',
  'sessions',
  'documents',
  'ingestion',
  'ingestion-worker',
  'restart',
  'shared-database',
  'chat',
  'capitalised-words',
  'chat-openai',
  'search',
  'takeaways',
  'hot-reads',
  'hnsw-index',
  'chunk-storage',
  'document-words',
  'turn-times',
  'admin',
  'superadmin',
  'insights',
  'billing',
  'email',
  'security',
  'security-db',
  'security-mail',
  'security-review',
  'storage-s3',
  'retrieval-quality',
  'demo-seed',
  'health',
  'deployment-mode',
  'metrics',
  'database-outage',
].map((name) => `test/${name}.e2e-spec.ts`);

function reachable(url, defaultPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

if (!(await reachable(databaseUrl, 5432))) {
  console.error(`test:server: no PostgreSQL answers at ${new URL(databaseUrl).host} (set SERVER_TEST_DATABASE_URL)`);
  process.exit(1);
}
if (!(await reachable(redisUrl, 6379))) {
  console.error(`test:server: no Redis answers at ${new URL(redisUrl).host} (set SERVER_TEST_REDIS_URL)`);
  process.exit(1);
}

const args = process.argv.slice(2);
const files = args.some((a) => a.endsWith('.ts')) ? [] : SUITES;
console.log(`server deployment: PostgreSQL ${new URL(databaseUrl).host}, Redis ${new URL(redisUrl).host}`);
const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'jest-engine-retry.mjs'), ...files, ...args], {
  cwd: path.join(root, 'backend'),
  stdio: 'inherit',
  env: {
    ...process.env,
    SERVER_TEST_DATABASE_URL: databaseUrl,
    SERVER_TEST_REDIS_URL: redisUrl,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
  },
});
process.exit(r.status ?? 1);
