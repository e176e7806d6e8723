import request from 'supertest';
import { loadConfig } from '../src/config/app-config';
import { METRICS_MESSAGES } from '../src/metrics/dto/metrics.messages';
import { startSampleConferenceApp } from './utils/chunk-fixture';
import { postSse, sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const TOKEN = 'metrics-token-for-the-e2e-test-0123456789';

/** The value of one sample line of the text format (`name{labels} value`), or undefined when absent. */
function sample(body: string, line: string): number | undefined {
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /api/metrics (Prometheus metrics for the operator, on with METRICS_TOKEN)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ({ app: t } = await startSampleConferenceApp({ METRICS_TOKEN: TOKEN }));
    cookie = await sessionCookie(t, 'watched@example.com', 'Wren');
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = () => request(t.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);

  it('answers 401 {message} without the token, or with another one, and tells the scheme', async () => {
    const none = await request(t.url).get('/api/metrics').expect(401, { message: METRICS_MESSAGES.unauthorized });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    await request(t.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(t.url).get('/api/metrics').set('Authorization', TOKEN).expect(401);
    // A signed-in attendee's session is not the token.
    await request(t.url).get('/api/metrics').set('Cookie', cookie).expect(401);
  });

  it('counts the time to the first words of a streamed answer, its whole stream and how it ended', async () => {
    const before = (await scrape().expect(200)).text;
    expect(sample(before, 'chat_first_content_seconds_count{endpoint="stream"}') ?? 0).toBe(0);

    const { body: thread } = await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
    const sent = Date.now();
    const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId: thread.id, message: 'What FICO score floor do lenders use?' });
    const elapsed = (Date.now() - sent) / 1000;
    expect(res.events.some((e) => e !== '[DONE]' && typeof e.content === 'string')).toBe(true);

    const after = await scrape().expect(200);
    // Prometheus's text format, version 0.0.4.
    expect(after.headers['content-type']).toMatch(/^text\/plain;/);
    expect(after.headers['content-type']).toContain('version=0.0.4');
    expect(after.headers['cache-control']).toBe('no-store');
    const text = after.text;
    expect(sample(text, 'chat_first_content_seconds_count{endpoint="stream"}')).toBe(1);
    const firstWords = sample(text, 'chat_first_content_seconds_sum{endpoint="stream"}')!;
    const whole = sample(text, 'chat_stream_seconds_sum')!;
    // The first words come before the end of the stream, and both within what the client waited.
    expect(firstWords).toBeGreaterThan(0);
    expect(firstWords).toBeLessThan(whole);
    expect(whole).toBeLessThanOrEqual(elapsed);
    expect(sample(text, 'chat_stream_seconds_count')).toBe(1);
    expect(sample(text, 'chat_answers_total{endpoint="stream",outcome="answered"}')).toBe(1);
    // The buckets around the speed targets (300 ms, 600 ms, 1 s).
    expect(text).toContain('chat_first_content_seconds_bucket{le="0.3",endpoint="stream"}');
    expect(text).toContain('chat_first_content_seconds_bucket{le="0.6",endpoint="stream"}');
  });

  it('counts a stream the attendee left before its end as aborted, without a stream time', async () => {
    const { body: thread } = await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
    await postSse(t.url, '/api/chat/stream', cookie, { threadId: thread.id, message: 'What FICO score floor do lenders use?' }, (e) =>
      e !== '[DONE]' && typeof e.content === 'string' ? 'abort' : undefined,
    );
    let text = '';
    for (let i = 0; i < 50; i++) {
      text = (await scrape().expect(200)).text;
      if (sample(text, 'chat_answers_total{endpoint="stream",outcome="aborted"}') === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sample(text, 'chat_answers_total{endpoint="stream",outcome="aborted"}')).toBe(1);
    expect(sample(text, 'chat_first_content_seconds_count{endpoint="stream"}')).toBe(2);
    expect(sample(text, 'chat_stream_seconds_count')).toBe(1);
  });

  it('counts a non-streaming answer as its first words, under its endpoint', async () => {
    const { body: thread } = await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
    await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId: thread.id, message: 'What FICO score floor do lenders use?' })
      .expect(200);
    const text = (await scrape().expect(200)).text;
    expect(sample(text, 'chat_first_content_seconds_count{endpoint="message"}')).toBe(1);
    expect(sample(text, 'chat_answers_total{endpoint="message",outcome="answered"}')).toBe(1);
  });

  it("reports the database pool's connections and queue, and the process's CPU, memory and event loop delay", async () => {
    const text = (await scrape().expect(200)).text;
    const busy = sample(text, 'db_pool_connections{state="busy"}');
    const idle = sample(text, 'db_pool_connections{state="idle"}');
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(busy! + idle!).toBeLessThanOrEqual(t.config.dbPoolSize ?? 10);
    expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    // Nothing about attendees: no e-mail address, name or question in any line.
    expect(text).not.toContain('watched@example.com');
    expect(text).not.toContain('FICO');
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is off: 404 {message}, whatever the header', async () => {
    await request(t.url).get('/api/metrics').expect(404, { message: METRICS_MESSAGES.off });
    await request(t.url).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('refuses a short or spaced token at start-up', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces inside' })).toThrow(/without spaces/);
  });
});
