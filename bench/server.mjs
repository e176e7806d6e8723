// The built server in a child process for the benchmark scripts: a fresh DATA_DIR, signed in as
// an admin through the mailed link (read from the outbox), and a small JSON client.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built backend measured: `backend/dist`, or another build (BENCH_BACKEND_DIST, e.g. the code before a change in backend/dist-before). */
export const BACKEND_DIST = path.resolve(process.env.BENCH_BACKEND_DIST ?? path.join(root, 'backend', 'dist'));
const MAIN = path.join(BACKEND_DIST, 'main.js');
export const ADMIN = 'bench@bench.local';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A bench script's `--name=value` options (`--flag` alone: 'true'), by name. */
export function benchArgs(argv = process.argv.slice(2)) {
  return new Map(argv.map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
}

/**
 * The benchmarks' users all come from 127.0.0.1 and ask more than an attendee may (30 questions a
 * minute, 600 per address): the documented settings raise the limits for the benchmark's server.
 */
export const BENCH_LIMITS = {
  CHAT_LIMIT_PER_USER: '100000',
  CHAT_LIMIT_PER_IP: '1000000',
  LOGIN_LIMIT_PER_IP: '100000',
  SEARCH_LIMIT_PER_USER: '100000',
  SEARCH_LIMIT_PER_IP: '1000000',
  WRITE_LIMIT_PER_USER: '100000',
  WRITE_LIMIT_PER_IP: '1000000',
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** `env`: extra settings (e.g. raised rate limits); `nodeArgs`: Node options such as `--cpu-prof`. */
export async function startServer(dataDir, { env = {}, nodeArgs = [], startTimeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    cwd: path.join(root, 'backend'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: 'false',
      ADMIN_EMAILS: ADMIN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b) => (output += b));
  child.stderr.on('data', (b) => (output += b));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/environment`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i * 100 > startTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await sleep(100);
  }
  const server = {
    url,
    child,
    cookie: '',
    get output() {
      return output;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
  await signIn(server, dataDir);
  return server;
}

export function cookiesOf(res) {
  return (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
}

export async function signIn(server, dataDir) {
  // Mails already in the outbox (a reused data directory) are not this sign-in's.
  const outbox = path.join(dataDir, 'outbox');
  const before = new Set(await fsp.readdir(outbox).catch(() => []));
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, firstName: 'Bench' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  // The link is mailed after /api/login answers (no address enumeration): wait for its file.
  let eml;
  for (let i = 0; i < 400 && !eml; i++) {
    eml = (await fsp.readdir(outbox).catch(() => []))
      .filter((f) => f.endsWith('.eml') && !before.has(f))
      .sort()
      .pop();
    if (!eml) await sleep(25);
  }
  if (!eml) throw new Error('no sign-in mail in the outbox');
  // The file may be seen before it is fully written (a loaded machine): read it until the link is in it.
  let token;
  for (let i = 0; i < 200 && !token; i++) {
    const text = (await fsp.readFile(path.join(outbox, eml), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    token = /\/api\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!token) await sleep(25);
  }
  if (!token) throw new Error(`no sign-in link in ${eml}`);
  // The link's page posts its token (a GET of the link alone signs nobody in).
  const verify = await fetch(`${server.url}/api/auth/verify`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookiesOf(login), 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  server.cookie = cookiesOf(verify) || cookiesOf(login);
}

export async function api(server, method, route, body) {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { cookie: server.cookie, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** Uploads `file` and waits for `embedded`; returns seconds from the start of the upload. */

/** Resident set size now and its peak so far (VmHWM) of a process, in bytes (Linux /proc). */
export function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/**
 * Runs `work` while sampling the RSS of process `pid` every 50 ms: its RSS before (`baseline`), the
 * highest sample (`sampled`) and its peak over its whole life after (`hwm`, VmHWM), in bytes.
 */
export async function measurePeakRss(pid, work) {
  const baseline = rssOf(pid).rss;
  let sampled = baseline;
  const sampler = setInterval(() => {
    try {
      sampled = Math.max(sampled, rssOf(pid).rss);
    } catch {
      /* exited */
    }
  }, 50);
  let result;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  return { result, baseline, sampled, hwm: rssOf(pid).hwm };
}

/** The machine's load average now, '1.20, 0.95, 0.60' (1, 5, 15 min). */
export function loadAverage() {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
}

/**
 * Where a benchmark's server keeps its data: the embedded default, or a PostgreSQL server (with the
 * pgvector extension) and Redis given by `--database-url` / `--redis-url` or the usual settings
 * (DATABASE_URL, REDIS_URL). `env` goes to every server the script starts; `label` and `heading`
 * put the server figures in sections of their own in bench/RESULTS.md, beside the embedded ones.
 */
export function deploymentOf(args = benchArgs()) {
  const databaseUrl = args.get('database-url') ?? process.env.DATABASE_URL ?? null;
  const redisUrl = args.get('redis-url') ?? process.env.REDIS_URL ?? null;
  const server = Boolean(databaseUrl);
  // Queues and counters of this run stay apart from anyone else's on the same Redis.
  const queuePrefix = `${process.env.QUEUE_PREFIX ?? 'bench'}-${process.pid}`;
  // Connections per process: about twice the database server's cores over the processes sharing it.
  const poolSize = args.get('pool') ?? process.env.DB_POOL_SIZE;
  const env = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(poolSize ? { DB_POOL_SIZE: poolSize } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix } : {}),
  };
  return {
    server,
    databaseUrl,
    redisUrl,
    queuePrefix,
    env,
    poolSize: poolSize ? Number(poolSize) : null,
    heading: (name) => (server ? `${name} (PostgreSQL server)` : name),
    /** One sentence on the database and queue, with the server's versions read from it. */
    async describe(require) {
      if (!server) return 'embedded database (PGlite + pgvector, in process, over pglite-socket), in-process queue';
      const { Client } = require('pg');
      const pg = new Client({ connectionString: databaseUrl });
      await pg.connect();
      try {
        const { rows } = await pg.query(
          `SELECT current_setting('server_version') AS version, (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS vector,
                  current_setting('max_connections') AS connections, current_setting('shared_buffers') AS buffers`,
        );
        const r = rows[0];
        return `PostgreSQL ${r.version} server on ${new URL(databaseUrl).host} (pgvector ${r.vector ?? 'not yet created'}, max_connections ${r.connections}, shared_buffers ${r.buffers}; ${poolSize ? `DB_POOL_SIZE=${poolSize}` : 'default pool size'} per process), ${redisUrl ? `Redis on ${new URL(redisUrl).host} (Bull queue, shared counters)` : 'in-process queue'}`;
      } finally {
        await pg.end();
      }
    },
    /** Removes this run's Redis keys (best effort), on `url` (default: the Redis given to the script). */
    async cleanRedis(require, url = redisUrl) {
      if (!url) return;
      try {
        const Redis = require('ioredis');
        const redis = new Redis(url);
        const keys = await redis.keys(`${queuePrefix}:*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      } catch {
        // best effort
      }
    },
  };
}

/**
 * The database of `databaseUrl` on its PostgreSQL server, created with the vector extension when it is missing (as
 * bench:day makes its own); an existing database is kept with what it holds. `require` loads `pg` (the backend's).
 * Returns true when it was created. The name must be a plain identifier (it is written into the statement).
 */
export async function ensureDatabase(require, databaseUrl) {
  const { Client } = require('pg');
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the database name "${name}" must be a plain identifier`);
  const admin = new Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  let created = false;
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  await withVectorExtension(require, databaseUrl);
  return created;
}

/** Creates the vector extension in the database of `databaseUrl` (if it lacks it), saying how to install pgvector when that fails. */
export async function withVectorExtension(require, databaseUrl) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS vector');
  } catch (err) {
    throw new Error(
      `CREATE EXTENSION vector failed (${err.message}): install pgvector (../shared/tools/install-pgvector where it exists)`,
      {
        cause: err,
      },
    );
  } finally {
    await db.end();
  }
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; all its threads). */
export function cpuSecondsOf(pid) {
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * CPU seconds used so far by the threads of process `pid` whose name starts with `prefix` (Linux
 * /proc/PID/task; a worker thread is named by its `name` option, cut to 15 characters), e.g. the
 * embedded database's thread ('embedded-postgres'); 0 when there is none.
 */
export function threadCpuSecondsOf(pid, prefix) {
  let total = 0;
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        if (!fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith(prefix.slice(0, 15))) continue;
        total += cpuSecondsOf(`${pid}/task/${tid}`);
      } catch {
        /* ended */
      }
    }
  } catch {
    /* gone */
  }
  return total;
}

/**
 * CPU seconds used so far by the processes of this machine whose command is `name` (e.g. 'postgres':
 * the PostgreSQL server's backends, when it runs here), summed; processes that end in between are lost.
 */
export function cpuSecondsOfCommand(name) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\((.*)\) /.exec(stat)?.[1] === name) total += cpuSecondsOf(pid);
    } catch {
      /* gone */
    }
  }
  return total;
}

/**
 * Minor page faults so far of the processes of this machine whose command is `name` (e.g. 'postgres'),
 * summed: a PostgreSQL backend faults in each page of the shared buffers the first time it touches it.
 */
export function minorFaultsOfCommand(name) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\((.*)\) /.exec(stat)?.[1] === name) total += Number(stat.replace(/^.*\) /, '').split(' ')[7]);
    } catch {
      /* gone */
    }
  }
  return total;
}

/** The machine a figure was measured on, for RESULTS.md. */
export function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu} (nproc ${os.availableParallelism?.() ?? os.cpus().length}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Uploads `file` as the admin console does (multipart POST /api/admin/upload); returns the document. */
export async function uploadFile(server, sessionId, file, kind) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('kind', kind);
  form.set('file', await fs.openAsBlob(file), path.basename(file));
  return api(server, 'POST', '/api/admin/upload', form);
}

/**
 * Waits until the document `id` is `embedded` (throws on `error`), polling the admin list every
 * `pollMs`; returns the seconds since `started`, the document and every progress stage seen.
 */
export async function waitEmbedded(server, id, kind, started, pollMs = 25) {
  const stages = [];
  for (;;) {
    const d = (await api(server, 'GET', `/api/admin/documents?kind=${kind}`)).find((x) => x.id === id);
    if (d.progressStage && stages.at(-1)?.stage !== d.progressStage) {
      stages.push({ stage: d.progressStage, eta: d.estimatedTimeRemaining, at: (performance.now() - started) / 1000 });
    }
    if (d.status === 'embedded' || d.status === 'error') {
      if (d.status === 'error') throw new Error(`${d.filename ?? id} failed: ${d.error}`);
      return { seconds: (performance.now() - started) / 1000, doc: d, stages };
    }
    await sleep(pollMs);
  }
}

/**
 * The built app (BACKEND_DIST) in this process, for the profiling scripts: its data directory (`--data-dir`, else a new
 * one under the OS's temp directory named `prefix…`, `owned`) and its settings for `deployment`. `start()` creates it and
 * listens on a free loopback port; a script patches the database driver before calling it.
 */
export function inProcessApp(args, deployment, prefix) {
  const require = createRequire(path.join(root, 'backend', 'package.json'));
  const owned = !args.get('data-dir');
  const dataDir = owned ? fs.mkdtempSync(path.join(os.tmpdir(), prefix)) : path.resolve(args.get('data-dir'));
  const { loadConfig } = require(path.join(BACKEND_DIST, 'config', 'app-config.js'));
  const config = loadConfig(
    { NODE_ENV: 'development', SEED_DEMO: 'false', AI_PROVIDER: 'local', ...BENCH_LIMITS, ...deployment.env },
    { dataDir },
  );
  return {
    dataDir,
    owned,
    async start() {
      const { createApp } = require(path.join(BACKEND_DIST, 'bootstrap.js'));
      // The build's own TypeORM (another build's node_modules with BENCH_BACKEND_DIST): its DataSource is the app's token.
      const { DataSource } = createRequire(path.join(BACKEND_DIST, '..', 'package.json'))('typeorm');
      const app = await createApp(config);
      app.useLogger(['error']);
      await app.listen(0, '127.0.0.1');
      return { app, url: `http://127.0.0.1:${app.getHttpServer().address().port}`, db: app.get(DataSource) };
    },
  };
}

/**
 * The built app (BACKEND_DIST) in this process, not listening, for the scripts that ask the retriever
 * the dev set's questions (explain-search, search-results): the dev set's manifest (`--eval`, default
 * ../shared/eval-dev/manifest.json), the app on `--data-dir` (else a new directory named `prefix…`),
 * its data source and its RetrievalService; `close()` closes the app, removes a directory it made and
 * the deployment's Redis keys.
 */
export async function devSetRetriever(args, deployment, prefix) {
  const require = createRequire(path.join(root, 'backend', 'package.json'));
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(root, args.get('eval') ?? path.join('..', 'shared', 'eval-dev', 'manifest.json')), 'utf8'),
  );
  const dataDir = args.get('data-dir') ? path.resolve(args.get('data-dir')) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const { loadConfig } = require(path.join(BACKEND_DIST, 'config', 'app-config.js'));
  const { createApp } = require(path.join(BACKEND_DIST, 'bootstrap.js'));
  const { RetrievalService } = require(path.join(BACKEND_DIST, 'retrieval', 'retrieval.service.js'));
  const { DataSource } = require('typeorm');
  const app = await createApp(
    loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false', AI_PROVIDER: 'local', ...deployment.env }, { dataDir }),
  );
  app.useLogger(['error']);
  const close = async () => {
    await app.close();
    if (!args.get('data-dir')) fs.rmSync(dataDir, { recursive: true, force: true });
    await deployment.cleanRedis(require);
  };
  return { app, manifest, db: app.get(DataSource), retrieval: app.get(RetrievalService), require, close };
}
