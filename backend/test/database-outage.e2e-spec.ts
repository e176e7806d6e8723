import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { postSse, sessionCookie } from './utils/sse-client';
import { startTcpProxy, type TcpProxy } from './utils/tcp-proxy';
import { startTestApp, TestApp } from './utils/test-app';

const UNAVAILABLE = { message: 'The service is briefly unavailable. Please try again in a few seconds.' };

/**
 * A database outage (server deployment: SERVER_TEST_DATABASE_URL, else an embedded PostgreSQL served on
 * loopback): the app reaches its database through a TCP proxy that the test takes down. A lost
 * connection is a 503 with Retry-After, never a 500; a stream already running ends with its error
 * event; an answer that failed that way frees its thread as soon as the database is back.
 */
describe('database outage: 503 with Retry-After, threads freed', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let cookie: string;
  let embedded: EmbeddedDatabase | undefined;
  let dropDatabase = async () => {};
  const scratch: string[] = [];

  /** A database of the test's own: on the PostgreSQL server under test, else an embedded one. */
  async function upstreamUrl(): Promise<string> {
    const server = process.env.SERVER_TEST_DATABASE_URL;
    if (!server) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ca-outage-db-'));
      scratch.push(dir);
      embedded = await startEmbeddedPostgres(dir, 12, {});
      return embedded.url;
    }
    const name = `ca_outage_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    dropDatabase = async () => {
      const c = new Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  }

  beforeAll(async () => {
    const upstream = new URL(await upstreamUrl());
    proxy = await startTcpProxy(upstream.hostname, Number(upstream.port || 5432));
    const viaProxy = new URL(upstream.toString());
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ca-outage-'));
    t = await startTestApp({ DATABASE_URL: viaProxy.toString(), DB_CONNECTION_TIMEOUT_MS: '2000' }, dataDir);
    cookie = await sessionCookie(t, 'outage@example.com', 'Otto');
  });
  afterAll(async () => {
    proxy.up();
    await t.close();
    await proxy.close();
    await embedded?.stop();
    await dropDatabase();
    for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
  });

  const post = (p: string, body: object) => request(t.url).post(p).set('Cookie', cookie).send(body);

  it('answers 503 with Retry-After on /api/chat/start, /simple and /stream (before streaming) while the database is away', async () => {
    const { id: threadId } = (await post('/api/chat/start', { sessionFilter: [] }).expect(200)).body;
    proxy.down();
    try {
      for (const [p, body] of [
        ['/api/chat/start', { sessionFilter: [] }],
        ['/api/chat/simple', { threadId, message: 'What FICO floor do lenders use?' }],
        ['/api/chat/message', { threadId, message: 'What FICO floor do lenders use?' }],
        ['/api/chat/stream', { threadId, message: 'What FICO floor do lenders use?' }],
      ] as const) {
        const res = await post(p, body);
        expect({ path: p, status: res.status, body: res.body }).toEqual({ path: p, status: 503, body: UNAVAILABLE });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      proxy.up();
    }
    // Back: the same thread answers.
    await post('/api/chat/message', { threadId, message: 'What FICO floor do lenders use?' }).expect(200);
  });

  it('ends a running stream with the error event, and frees the thread as soon as the database is back', async () => {
    const { id: threadId } = (await post('/api/chat/start', { sessionFilter: [] }).expect(200)).body;
    // The database goes away as the answer is being stored: after the claim, before the release.
    proxy.downOn('INSERT INTO chat_messages');
    const streamed = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: 'What did lenders say about credit?' });
    expect(streamed.events).toContainEqual({ error: 'Something went wrong while answering. Please try again.' });
    expect(streamed.events[streamed.events.length - 1]).toBe('[DONE]');
    await new Promise((r) => setTimeout(r, 500));
    proxy.up();
    const started = Date.now();
    let res = await post('/api/chat/message', { threadId, message: 'And what about cash flow?' });
    while (res.status !== 200 && Date.now() - started < 4000) {
      await new Promise((r) => setTimeout(r, 250));
      res = await post('/api/chat/message', { threadId, message: 'And what about cash flow?' });
    }
    expect({ status: res.status, body: res.status === 200 ? 'answered' : res.body }).toEqual({ status: 200, body: 'answered' });
  });
});
