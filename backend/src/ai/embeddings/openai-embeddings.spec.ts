import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config/app-config';
import type { AiUsageService, UsageRecord } from '../usage/ai-usage.service';
import { OPENAI_EMBEDDING_BATCH_SIZE, OpenAiEmbeddingsProvider } from './openai-embeddings';

interface EmbeddingRequest {
  model: string;
  input: string[] | string;
  dimensions?: number;
  encoding_format?: string;
}

/** A fake OpenAI-compatible embeddings endpoint on loopback: vector i is [len(text), i, 0, …]. */
async function fakeOpenAi(dim: number) {
  const requests: { url: string; auth: string | undefined; body: EmbeddingRequest }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as EmbeddingRequest;
      requests.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: inputs.map((text, index) => {
            const v = new Array<number>(body.dimensions ?? dim).fill(0);
            v[0] = text.length;
            v[1] = index;
            return { object: 'embedding', index, embedding: v };
          }),
          usage: { prompt_tokens: inputs.length * 3, total_tokens: inputs.length * 3 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { requests, baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise((r) => server.close(r)) };
}

describe(OpenAiEmbeddingsProvider.name, () => {
  it('asks for float vectors of EMBEDDING_DIM at OPENAI_BASE_URL in batches and records the reported tokens', async () => {
    const fake = await fakeOpenAi(32);
    const records: UsageRecord[] = [];
    const usage = {
      record: async (r: UsageRecord) => void records.push(r),
      assertWithinBudget: async () => undefined,
    } as unknown as AiUsageService;
    const config = loadConfig(
      {
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small',
        EMBEDDING_DIM: '32',
        SESSION_SECRET: 'x'.repeat(32),
      },
      { dataDir: '/tmp/unused' },
    );
    const sut = new OpenAiEmbeddingsProvider(config, usage);
    try {
      const texts = Array.from({ length: OPENAI_EMBEDDING_BATCH_SIZE + 5 }, (_, i) => `passage ${i}`);
      const vectors = await sut.embedDocuments(texts, { userId: 'u1' });
      expect(vectors).toHaveLength(texts.length);
      expect(vectors[0]).toHaveLength(32);
      expect(vectors[0][0]).toBe('passage 0'.length);
      expect(vectors[OPENAI_EMBEDDING_BATCH_SIZE + 1][1]).toBe(1);

      expect(fake.requests).toHaveLength(2);
      for (const r of fake.requests) {
        expect(r.url).toBe('/v1/embeddings');
        expect(r.auth).toBe('Bearer sk-test');
        expect(r.body).toMatchObject({ model: 'text-embedding-3-small', dimensions: 32, encoding_format: 'float' });
      }
      expect((fake.requests[0].body.input as string[]).length).toBe(OPENAI_EMBEDDING_BATCH_SIZE);
      expect(records).toEqual([
        {
          kind: 'embedding',
          provider: 'openai',
          model: 'text-embedding-3-small',
          promptTokens: texts.length * 3,
          completionTokens: 0,
          userId: 'u1',
        },
      ]);

      const q = await sut.embedQuery('what is new');
      expect(q).toHaveLength(32);
      expect(records[1]).toMatchObject({ promptTokens: 3, userId: null });
    } finally {
      await fake.close();
    }
  });
});
