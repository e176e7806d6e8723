import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { LocalHashEmbeddings } from '../../src/ai/embeddings/local-hash-embeddings';
import type { AiUsageService } from '../../src/ai/usage/ai-usage.service';
import { answerTranscription, FakeTranscriptionOptions, TranscriptionRequest } from './fake-transcription';

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages: { role: string; content: string }[];
}

export interface FakeOpenAiOptions {
  /** The assistant's reply to a chat request (default: `defaultReply`). */
  reply?: (request: ChatCompletionRequest) => string;
  /** Tokens reported in `usage` for every chat completion. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Characters per streamed chunk. */
  chunkSize?: number;
  /** Pause between streamed chunks. */
  chunkDelayMs?: number;
  /** Chat requests for which this returns true are refused with HTTP 400 (an API error, not retried). */
  failWhen?: (request: ChatCompletionRequest) => boolean;
  /**
   * Streamed chat requests for which this returns true stop sending after their first content chunk
   * and keep the connection open without ending it (a stalled upstream).
   */
  stallWhen?: (request: ChatCompletionRequest) => boolean;
  /** POST /v1/audio/transcriptions (see fake-transcription.ts). */
  transcription?: FakeTranscriptionOptions;
  /** Each embeddings request is answered after this pause (a remote model's latency). */
  embeddingDelayMs?: number;
  /** Embeddings requests whose inputs make this return true are refused with HTTP 400 (not retried). */
  failEmbeddingsWhen?: (inputs: string[]) => boolean;
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:PORT/v1`, for OPENAI_BASE_URL. */
  baseUrl: string;
  chatRequests: ChatCompletionRequest[];
  embeddingRequests: { model: string; input: string | string[]; dimensions?: number; encoding_format?: string }[];
  /** Chat completion streams the client closed before the end. */
  abortedStreams: number;
  /** Streams left stalled by `stallWhen`. */
  stalledStreams: number;
  authorizations: string[];
  transcriptionRequests: TranscriptionRequest[];
  close(): Promise<void>;
}

/**
 * The default reply: cites the first passage of the prompt by the marker the prompt gives it, once
 * with an invented marker too, so a test can see the real one kept and the invented one dropped.
 * For prompts without passages (rewrites, takeaways) it answers in the shape each one asks for.
 */
export function defaultReply(request: ChatCompletionRequest): string {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  const last = request.messages[request.messages.length - 1]?.content ?? '';
  if (system.startsWith('Rewrite')) {
    const question = last.replace(/^Latest question:\s*/, '');
    const previous = request.messages.filter((m) => m.role === 'user').slice(-2)[0]?.content ?? '';
    return `${question.replace(/\?$/, '')} (about: ${previous.replace(/\?$/, '')})?`;
  }
  if (system.startsWith('From the passages of one conference session')) {
    // Three points, each citing the prompt's first passage (or turn) by the marker it gives.
    const session = /Session: "([^"]+)"/.exec(last)?.[1] ?? 'the session';
    const marker = /cite as (\[[^\]]+\])/.exec(last)?.[1] ?? /^(\[[^\]]+\]) /m.exec(last.split('Passages:')[1] ?? '')?.[1] ?? '';
    return [
      `- First takeaway of ${session}: lenders hold guarantors to a stricter credit floor ${marker}`,
      `- Second takeaway of ${session}: auction prices decide residual values more than age ${marker}`,
      `- Third takeaway of ${session}: budgets for equipment grow again through next year ${marker}`,
    ].join('\n');
  }
  if (system.startsWith('You merge session takeaways')) {
    return last
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .slice(0, 6)
      .map((l) => l.replace('takeaway', 'merged takeaway'))
      .join('\n');
  }
  const marker = /cite as (\[[^\]]+\])/.exec(last)?.[1];
  if (!marker) return "The conference materials don't cover this.";
  return `According to the passages, lenders hold a FICO floor of 680 ${marker}.\n\n- The floor applies to app-only deals ${marker}\n- Another claim with an invented source [Imaginary Panel, p. 99]`;
}

type FakeState = Pick<FakeOpenAi, 'chatRequests' | 'embeddingRequests' | 'abortedStreams' | 'stalledStreams' | 'authorizations'>;

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

const noUsage = { record: async () => undefined, recordLater: () => undefined } as unknown as AiUsageService;

/** POST /v1/embeddings: local feature-hashing vectors of the requested dimension, float or base64. */
async function answerEmbeddings(
  res: http.ServerResponse,
  body: FakeOpenAi['embeddingRequests'][number],
  embedders: Map<number, LocalHashEmbeddings>,
  options: FakeOpenAiOptions,
): Promise<void> {
  const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
  if (options.embeddingDelayMs) await sleep(options.embeddingDelayMs);
  if (options.failEmbeddingsWhen?.(inputs)) {
    sendJson(res, 400, { error: { message: 'This input cannot be embedded.', type: 'invalid_request_error', code: 'test_failure' } });
    return;
  }
  const dim = body.dimensions ?? 1536;
  if (!embedders.has(dim)) embedders.set(dim, new LocalHashEmbeddings(dim, noUsage));
  const embedder = embedders.get(dim)!;
  sendJson(res, 200, {
    object: 'list',
    model: body.model,
    data: inputs.map((text, index) => {
      const v = embedder.embed(text);
      const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v;
      return { object: 'embedding', index, embedding };
    }),
    usage: { prompt_tokens: inputs.length * 10, total_tokens: inputs.length * 10 },
  });
}

/** POST /v1/chat/completions: refused (`failWhen`), streamed, or one JSON completion. */
function answerChat(res: http.ServerResponse, request: ChatCompletionRequest, options: FakeOpenAiOptions, state: FakeState): void {
  state.chatRequests.push(request);
  if (options.failWhen?.(request)) {
    sendJson(res, 400, { error: { message: 'This model cannot answer that.', type: 'invalid_request_error', code: 'test_failure' } });
    return;
  }
  const text = (options.reply ?? defaultReply)(request);
  const id = `chatcmpl-${state.chatRequests.length}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = options.usage ?? { prompt_tokens: 1200, completion_tokens: 300 };
  const totals = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  if (!request.stream) {
    const choices = [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }];
    sendJson(res, 200, { id, object: 'chat.completion', created, model: request.model, choices, usage: totals });
    return;
  }
  const stall = options.stallWhen?.(request) ?? false;
  void streamCompletion(res, { id, created, model: request.model, text, usage: totals, options, state, stall });
}

/**
 * A fake OpenAI-compatible server on loopback: POST /v1/chat/completions (streamed as SSE chunks
 * ending with a `choices: []` chunk carrying `usage`, then `[DONE]`, or as one JSON completion) and
 * POST /v1/embeddings (local feature-hashing vectors, float or base64, so retrieval still works) and
 * POST /v1/audio/transcriptions (timed segments of the audio received, `fake-transcription.ts`).
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const state: FakeState = { chatRequests: [], embeddingRequests: [], abortedStreams: 0, stalledStreams: 0, authorizations: [] };
  const embedders = new Map<number, LocalHashEmbeddings>();
  const transcriptionRequests: TranscriptionRequest[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      state.authorizations.push(String(req.headers.authorization ?? ''));
      answerTranscription(req, res, options.transcription ?? {}, transcriptionRequests);
      return;
    }
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      state.authorizations.push(String(req.headers.authorization ?? ''));
      const body = raw ? JSON.parse(raw) : {};
      if (req.method === 'POST' && req.url === '/v1/embeddings') {
        state.embeddingRequests.push(body);
        void answerEmbeddings(res, body, embedders, options);
      } else if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        answerChat(res, body as ChatCompletionRequest, options, state);
      } else {
        sendJson(res, 404, { error: { message: `No route ${req.method} ${req.url}` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get chatRequests() {
      return state.chatRequests;
    },
    get embeddingRequests() {
      return state.embeddingRequests;
    },
    get abortedStreams() {
      return state.abortedStreams;
    },
    get stalledStreams() {
      return state.stalledStreams;
    },
    get authorizations() {
      return state.authorizations;
    },
    transcriptionRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function streamCompletion(
  res: http.ServerResponse,
  c: {
    id: string;
    created: number;
    model: string;
    text: string;
    usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    options: FakeOpenAiOptions;
    state: { abortedStreams: number; stalledStreams: number };
    stall?: boolean;
  },
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let closed = false;
  res.on('close', () => {
    if (!res.writableFinished) {
      closed = true;
      c.state.abortedStreams++;
    }
  });
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id: c.id, object: 'chat.completion.chunk', created: c.created, model: c.model, choices, ...extra })}\n\n`;
  res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
  const size = c.options.chunkSize ?? 7;
  for (let i = 0; i < c.text.length; i += size) {
    if (closed) return;
    res.write(chunk([{ index: 0, delta: { content: c.text.slice(i, i + size) }, finish_reason: null }]));
    if (c.stall) {
      // Headers and one chunk sent, then silence: the connection stays open until the client gives up.
      c.state.stalledStreams++;
      return;
    }
    if (c.options.chunkDelayMs) await sleep(c.options.chunkDelayMs);
  }
  if (closed) return;
  res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
  // With stream_options.include_usage the API ends with a chunk of no choices carrying the usage.
  res.write(chunk([], { usage: c.usage }));
  res.write('data: [DONE]\n\n');
  res.end();
}
