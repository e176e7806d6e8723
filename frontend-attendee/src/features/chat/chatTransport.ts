import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  STATUS_ANALYZING,
  STATUS_ANALYZING_AFTER_MS,
  STATUS_GENERATING,
  STATUS_GENERATING_AFTER_MS,
  STATUS_SEARCHING,
  STATUS_SIMPLIFIED,
  STATUS_SWITCH_AFTER_MS,
  STATUS_SWITCHING,
  STREAM_CHUNK_GAP_TIMEOUT_MS,
  STREAM_DONE_MARKER,
  STREAM_FETCH_TIMEOUT_MS,
  STREAM_FIRST_CHUNK_TIMEOUT_MS,
  STREAM_MAX_READ_ERRORS,
  STREAM_TOTAL_TIMEOUT_MS,
} from '@/constants';
import { API, ApiError, chatAnswer, throwIfNotOk } from '@/lib/api';
import type { Source } from '@/lib/types';

export interface ChatPayload {
  threadId: string;
  message: string;
  sessionIds: string[];
}

export interface ChatCallbacks {
  /** The status line under the messages. */
  onStatus: (status: string) => void;
  /** The answer so far (accumulated text), each time a piece arrives. */
  onText: (text: string) => void;
  onSources: (sources: Source[]) => void;
}

export type ChatRoute = 'stream' | 'message' | 'simple';

export type ChatOutcome =
  { kind: 'complete'; content: string; sources: Source[]; route: ChatRoute } | { kind: 'stream-error'; error: string; content: string };

export interface RunChatOptions extends ChatCallbacks {
  /** In production (GET /api/environment) the non-streaming message endpoint is used directly. */
  isProduction: boolean;
  /** Aborts everything (the conversation was cleared or the page left). */
  signal?: AbortSignal;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const TIMED_OUT = Symbol('timed out');

function delay(ms: number): { promise: Promise<typeof TIMED_OUT>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout>;
  const promise = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms));
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** A fallback endpoint answered with an error: 'Fallback failed: {status}' (PRODUCT.md §8), its status kept as data. */
export class FallbackError extends Error {
  constructor(readonly status: number) {
    super(`Fallback failed: ${status}`);
    this.name = 'FallbackError';
  }
}

/** POST to a non-streaming endpoint (/api/chat/message or /api/chat/simple). */
async function postFallback(
  route: 'message' | 'simple',
  payload: ChatPayload,
  signal?: AbortSignal,
): Promise<{ content: string; sources: Source[] }> {
  try {
    const body = await chatAnswer(route, payload, signal);
    return { content: body.content ?? '', sources: body.sources ?? [] };
  } catch (error) {
    // '401: …Unauthorized' sends the user to sign in; any other refusal is the fallback's failure.
    if (error instanceof ApiError && error.status !== 401) throw new FallbackError(error.status);
    throw error;
  }
}

type ReadResult =
  | { kind: 'done'; text: string; sources: Source[] }
  | { kind: 'stalled'; text: string; sources: Source[] }
  | { kind: 'error'; error: string; text: string };

interface StreamProgress {
  text: string;
  sources: Source[];
  done: boolean;
  streamError: string | null;
  /** SSE events so far; comment lines (keep-alives) do not count. */
  chunks: number;
  lastChunkAt: number;
}

/** The SSE parser: records each event ('data: {json}' or [DONE]) into `st` and passes status, sources and text on. */
function streamParser(st: StreamProgress, cb: ChatCallbacks) {
  return createParser({
    onEvent(event: EventSourceMessage) {
      if (st.done || st.streamError !== null) return;
      st.chunks += 1;
      st.lastChunkAt = Date.now();
      if (event.data.trim() === STREAM_DONE_MARKER) {
        st.done = true;
        return;
      }
      let data: { content?: unknown; status?: unknown; sources?: unknown; error?: unknown };
      try {
        data = JSON.parse(event.data) as typeof data;
      } catch {
        return; // not JSON: ignored
      }
      if (typeof data.error === 'string' && data.error) {
        st.streamError = data.error;
        return;
      }
      if (typeof data.status === 'string' && data.status && !st.text) cb.onStatus(data.status);
      if (Array.isArray(data.sources)) {
        st.sources = data.sources as Source[];
        cb.onSources(st.sources);
      }
      if (typeof data.content === 'string' && data.content) {
        st.text += data.content;
        cb.onText(st.text);
      }
    },
  });
}

/**
 * Reads the SSE stream: 'data: {json}' lines with content, status, sources or error, ending with
 * [DONE]. Stops as stalled after 45 s without a first event, 30 s without an event, 180 s in all,
 * or more than 3 read errors (keep-alive comment lines are not events).
 */
async function readStream(reader: ReadableStreamDefaultReader<Uint8Array>, startedAt: number, cb: ChatCallbacks): Promise<ReadResult> {
  const decoder = new TextDecoder();
  const streamStart = Date.now();
  const st: StreamProgress = { text: '', sources: [], done: false, streamError: null, chunks: 0, lastChunkAt: streamStart };
  let readErrors = 0;
  const parser = streamParser(st, cb);

  const stop = () => reader.cancel().catch(() => undefined);
  while (!st.done && st.streamError === null) {
    const now = Date.now();
    const deadline = Math.min(
      startedAt + STREAM_TOTAL_TIMEOUT_MS,
      st.chunks === 0 ? streamStart + STREAM_FIRST_CHUNK_TIMEOUT_MS : st.lastChunkAt + STREAM_CHUNK_GAP_TIMEOUT_MS,
    );
    const timeout = delay(deadline - now);
    let result: ReadableStreamReadResult<Uint8Array> | typeof TIMED_OUT;
    try {
      result = await Promise.race([reader.read(), timeout.promise]);
    } catch {
      timeout.cancel();
      readErrors += 1;
      if (st.chunks > 0 || readErrors > STREAM_MAX_READ_ERRORS) {
        void stop();
        return { kind: 'stalled', text: st.text, sources: st.sources };
      }
      continue;
    }
    timeout.cancel();
    if (result === TIMED_OUT) {
      void stop();
      return { kind: 'stalled', text: st.text, sources: st.sources };
    }
    if (result.done) break;
    parser.feed(decoder.decode(result.value, { stream: true }));
  }
  if (st.streamError !== null) {
    void stop();
    return { kind: 'error', error: st.streamError, text: st.text };
  }
  if (st.done) void stop();
  return { kind: 'done', text: st.text, sources: st.sources };
}

/**
 * The status line of one send: 'Searching conference documents' now, then the timed steps until text
 * arrives (the first text means 'Generating comprehensive answer'); silent once stopped.
 */
function startStatusLine(opts: RunChatOptions): { status: (s: string) => void; cb: ChatCallbacks; stop: () => void } {
  let hasText = false;
  let finished = false;
  const status = (s: string) => {
    if (!finished) opts.onStatus(s);
  };
  const cb: ChatCallbacks = {
    onStatus: status,
    onSources: opts.onSources,
    onText: (t) => {
      if (!hasText) {
        hasText = true;
        status(STATUS_GENERATING);
      }
      opts.onText(t);
    },
  };
  const timers = [
    setTimeout(() => !hasText && status(STATUS_ANALYZING), STATUS_ANALYZING_AFTER_MS),
    setTimeout(() => !hasText && status(STATUS_GENERATING), STATUS_GENERATING_AFTER_MS),
    setTimeout(() => !hasText && status(STATUS_SWITCHING), STATUS_SWITCH_AFTER_MS),
  ];
  status(STATUS_SEARCHING);
  const stop = () => {
    finished = true;
    for (const t of timers) clearTimeout(t);
  };
  return { status, cb, stop };
}

/** POST to the stream endpoint; null when it timed out (60 s) or the network failed. The caller's abort rethrows. */
async function openStream(payload: ChatPayload, signal?: AbortSignal): Promise<Response | null> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort);
  const fetchTimer = setTimeout(() => controller.abort(), STREAM_FETCH_TIMEOUT_MS);
  try {
    return await fetch(API.chatStream, {
      method: 'POST',
      credentials: 'include',
      headers: JSON_HEADERS,
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  } finally {
    clearTimeout(fetchTimer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Sends one chat message through the fallback chain of PRODUCT.md §4 and §9:
 * streaming first; on a 5xx, a 60 s timeout, a network failure or no stream reader, the message
 * endpoint; in production the message endpoint directly; when the stream stalls with no text, the
 * simple endpoint with 'Using simplified processing...'. The status line runs 'Searching conference
 * documents' → 1.5 s 'Analyzing relevant content' → 3.5 s 'Generating comprehensive answer', and
 * reads 'Switching to simplified mode...' if no answer has come after 90 s.
 * Throws 'Fallback failed: {status}' when a fallback endpoint fails, and the API error for a 4xx.
 */
export async function runChat(payload: ChatPayload, opts: RunChatOptions): Promise<ChatOutcome> {
  const startedAt = Date.now();
  const { status, cb, stop } = startStatusLine(opts);

  const viaMessage = async (): Promise<ChatOutcome> => {
    const r = await postFallback('message', payload, opts.signal);
    return { kind: 'complete', ...r, route: 'message' };
  };
  const viaSimple = async (): Promise<ChatOutcome> => {
    status(STATUS_SIMPLIFIED);
    const r = await postFallback('simple', payload, opts.signal);
    return { kind: 'complete', ...r, route: 'simple' };
  };

  try {
    if (opts.isProduction) return await viaMessage();

    const res = await openStream(payload, opts.signal);
    // Timed out after 60 s, or the network failed: the non-streaming endpoint.
    if (!res) return await viaMessage();

    if (res.status >= 500) return await viaMessage();
    await throwIfNotOk(res);
    const reader = res.body?.getReader();
    if (!reader) return await viaMessage();

    const onAbortRead = () => reader.cancel().catch(() => undefined);
    opts.signal?.addEventListener('abort', onAbortRead);
    let read: ReadResult;
    try {
      read = await readStream(reader, startedAt, cb);
    } finally {
      opts.signal?.removeEventListener('abort', onAbortRead);
    }
    if (opts.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    if (read.kind === 'error') return { kind: 'stream-error', error: read.error, content: read.text };
    // Stalled (or ended) without any text: the simple endpoint.
    if (!read.text) return await viaSimple();
    return { kind: 'complete', content: read.text, sources: read.sources, route: 'stream' };
  } finally {
    stop();
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export { ApiError };
