import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlledStream, json, stubFetch } from '@/test/fetch';
import { runChat, type RunChatOptions } from './chatTransport';

const payload = { threadId: 't1', message: 'What about credit?', sessionIds: ['s1'] };

function options(extra: Partial<RunChatOptions> = {}) {
  const statuses: string[] = [];
  const texts: string[] = [];
  const opts: RunChatOptions = {
    isProduction: false,
    onStatus: (s) => statuses.push(s),
    onText: (t) => texts.push(t),
    onSources: () => undefined,
    ...extra,
  };
  return { opts, statuses, texts };
}

const sseResponse = (stream: ReadableStream<Uint8Array>) =>
  new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

const answer = { content: 'Answer from the fallback [p. 3]', sources: [{ marker: '[p. 3]' }] };

describe('runChat (the fallback chain)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('streams text, sources and status until [DONE]', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({ 'POST /api/chat/stream': () => sseResponse(s.stream) });
    const { opts, statuses, texts } = options();
    const sources: unknown[] = [];
    opts.onSources = (x) => sources.push(...x);
    const run = runChat(payload, opts);
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['Searching conference documents']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(statuses.at(-1)).toBe('Analyzing relevant content');
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses.at(-1)).toBe('Generating comprehensive answer');
    s.event({ content: 'Equipment ' });
    s.event({ content: 'finance [p. 3]' });
    s.event({ sources: [{ marker: '[p. 3]', snippet: 'x' }] });
    s.event('[DONE]');
    const out = await run;
    expect(out).toMatchObject({ kind: 'complete', route: 'stream', content: 'Equipment finance [p. 3]' });
    expect(texts).toEqual(['Equipment ', 'Equipment finance [p. 3]']);
    expect(sources).toHaveLength(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/stream']);
    expect(calls[0].body).toEqual(payload);
    expect(calls[0].init.credentials).toBe('include');
  });

  it('uses the message endpoint when the stream answers 5xx', async () => {
    const { calls } = stubFetch({
      'POST /api/chat/stream': () => new Response('boom', { status: 503 }),
      'POST /api/chat/message': () => json(answer),
    });
    const out = await runChat(payload, options().opts);
    expect(out).toMatchObject({ kind: 'complete', route: 'message', content: answer.content });
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/stream', '/api/chat/message']);
    expect(calls[1].body).toEqual(payload);
  });

  it('uses the message endpoint when the streaming fetch times out after 60 s', async () => {
    const { calls } = stubFetch({
      'POST /api/chat/stream': (init) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
      'POST /api/chat/message': () => json(answer),
    });
    const run = runChat(payload, options().opts);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(run).resolves.toMatchObject({ route: 'message' });
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/stream', '/api/chat/message']);
  });

  it('uses the message endpoint when the response has no stream reader', async () => {
    stubFetch({
      'POST /api/chat/stream': () => new Response(null, { status: 200 }),
      'POST /api/chat/message': () => json(answer),
    });
    await expect(runChat(payload, options().opts)).resolves.toMatchObject({ route: 'message', content: answer.content });
  });

  it('in production calls the message endpoint directly', async () => {
    const { calls } = stubFetch({ 'POST /api/chat/message': () => json(answer) });
    await expect(runChat(payload, options({ isProduction: true }).opts)).resolves.toMatchObject({ route: 'message' });
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/message']);
  });

  it('falls back to the simple endpoint when no first chunk comes within 45 s', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({
      'POST /api/chat/stream': () => sseResponse(s.stream),
      'POST /api/chat/simple': () => json(answer),
    });
    const { opts, statuses } = options();
    const run = runChat(payload, opts);
    await vi.advanceTimersByTimeAsync(44_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(run).resolves.toMatchObject({ route: 'simple', content: answer.content });
    expect(statuses).toContain('Using simplified processing...');
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/stream', '/api/chat/simple']);
  });

  it('falls back to the simple endpoint when chunks stop for 30 s before any text', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({
      'POST /api/chat/stream': () => sseResponse(s.stream),
      'POST /api/chat/simple': () => json(answer),
    });
    const run = runChat(payload, options().opts);
    await vi.advanceTimersByTimeAsync(10);
    s.event({ status: 'Searching conference documents' });
    await vi.advanceTimersByTimeAsync(29_990);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    await expect(run).resolves.toMatchObject({ route: 'simple' });
  });

  it('does not count keep-alive comments as chunks', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({
      'POST /api/chat/stream': () => sseResponse(s.stream),
      'POST /api/chat/simple': () => json(answer),
    });
    const run = runChat(payload, options().opts);
    for (let i = 0; i < 2; i++) {
      await vi.advanceTimersByTimeAsync(15_000);
      s.comment('keep-alive');
    }
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(run).resolves.toMatchObject({ route: 'simple' });
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/stream', '/api/chat/simple']);
  });

  it('keeps the streamed text when the stream stalls after text arrived', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({ 'POST /api/chat/stream': () => sseResponse(s.stream) });
    const run = runChat(payload, options().opts);
    await vi.advanceTimersByTimeAsync(10);
    s.event({ content: 'Partial answer' });
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(run).resolves.toMatchObject({ route: 'stream', content: 'Partial answer' });
    expect(calls).toHaveLength(1);
  });

  it('falls back to the simple endpoint after more than 3 read errors with no chunks', async () => {
    let reads = 0;
    const body = {
      getReader: () => ({
        read: () => {
          reads += 1;
          return Promise.reject(new TypeError('network error'));
        },
        cancel: () => Promise.resolve(),
      }),
    };
    stubFetch({
      'POST /api/chat/stream': () => ({ ok: true, status: 200, body }) as unknown as Response,
      'POST /api/chat/simple': () => json(answer),
    });
    await expect(runChat(payload, options().opts)).resolves.toMatchObject({ route: 'simple' });
    expect(reads).toBe(4);
  });

  it("reads 'Switching to simplified mode...' at 90 s while no answer has come", async () => {
    const s = controlledStream();
    let finishSimple!: (r: Response) => void;
    stubFetch({
      'POST /api/chat/stream': () => sseResponse(s.stream),
      'POST /api/chat/simple': () => new Promise<Response>((r) => (finishSimple = r)),
    });
    const { opts, statuses } = options();
    const run = runChat(payload, opts);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(statuses.at(-1)).toBe('Using simplified processing...');
    await vi.advanceTimersByTimeAsync(44_999);
    expect(statuses.at(-1)).toBe('Using simplified processing...');
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses.at(-1)).toBe('Switching to simplified mode...');
    finishSimple(json(answer));
    await expect(run).resolves.toMatchObject({ route: 'simple' });
  });

  it("throws 'Fallback failed: {status}' when the fallback endpoint fails", async () => {
    stubFetch({
      'POST /api/chat/stream': () => new Response('x', { status: 500 }),
      'POST /api/chat/message': () => new Response('x', { status: 502 }),
    });
    await expect(runChat(payload, options().opts)).rejects.toThrow('Fallback failed: 502');
  });

  it('reports a stream error event without falling back', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({ 'POST /api/chat/stream': () => sseResponse(s.stream) });
    const run = runChat(payload, options().opts);
    await vi.advanceTimersByTimeAsync(0);
    s.event({ error: 'The AI provider failed' });
    await expect(run).resolves.toEqual({ kind: 'stream-error', error: 'The AI provider failed', content: '' });
    expect(calls).toHaveLength(1);
  });

  it("raises the API error ('status: body') for a 4xx from the stream", async () => {
    stubFetch({ 'POST /api/chat/stream': () => json({ message: 'Unauthorized' }, 401) });
    await expect(runChat(payload, options().opts)).rejects.toThrow('401: {"message":"Unauthorized"}');
  });
});
