import { DataSource } from 'typeorm';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { chunksOf, createSession, settled } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { SPEAKER_TXT } from './fixtures/transcripts';
import { FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@openai-ingest.test';

describe('ingestion with the openai provider (fake OpenAI-compatible server on loopback)', () => {
  let fake: FakeOpenAi;
  let t: TestApp | undefined;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  function openaiEnv(): Record<string, string> {
    return {
      ADMIN_EMAILS: ADMIN,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-ingest-test',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small',
    };
  }

  it('re-embeds documents of another model when the provider changes, in batches of 128 float vectors, with usage costed', async () => {
    // Ingested with the local provider first…
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    let admin = await signInPrivileged(t, ADMIN);
    const sessionId = await createSession(admin, 'Provider Switch');
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(SPEAKER_TXT), 'panel.txt');
    const transcript = res.body as DocumentResponse;
    const local = await settled(admin, transcript.id);
    expect(local.embeddingModel).toBe('local-hash-v1-384');

    // …then the server restarts with AI_PROVIDER=openai on the same data.
    const dataDir = t.dataDir;
    await t.close({ keepData: true });
    t = await startTestApp(openaiEnv(), dataDir);
    admin = await signInPrivileged(t, ADMIN);
    const switched = await settled(admin, transcript.id);
    expect(switched).toMatchObject({ status: 'embedded', embeddingModel: 'text-embedding-3-small', version: local.version + 1 });
    expect((await chunksOf(t, transcript.id)).length).toBe(local.totalChunks);

    // A new PDF large enough for several embedding batches.
    fake.embeddingRequests.length = 0;
    const pdf = await textPdf(Array.from({ length: 40 }, (_, i) => reportPage(i + 1, 3000)));
    const up = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', pdf, 'deck.pdf');
    expect(up.status).toBe(201);
    const doc = await settled(admin, (up.body as DocumentResponse).id);
    expect(doc).toMatchObject({ status: 'embedded', embeddingModel: 'text-embedding-3-small' });
    const sizes = fake.embeddingRequests.map((r) => (Array.isArray(r.input) ? r.input.length : 1));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(doc.totalChunks);
    expect(sizes[0]).toBe(128);
    for (const r of fake.embeddingRequests) {
      expect(r).toMatchObject({ model: 'text-embedding-3-small', dimensions: 384, encoding_format: 'float' });
    }

    const usage: { provider: string; model: string; tokens: number; cost: string }[] = await t.app
      .get(DataSource)
      .query(
        `SELECT provider, model, sum(total_tokens)::int AS tokens, sum(cost_usd)::text AS cost FROM ai_usage WHERE kind = 'embedding' GROUP BY provider, model ORDER BY provider`,
      );
    const openai = usage.find((u) => u.provider === 'openai')!;
    expect(openai.model).toBe('text-embedding-3-small');
    expect(openai.tokens).toBe((doc.totalChunks + local.totalChunks) * 10);
    expect(Number(openai.cost)).toBeCloseTo((openai.tokens * 0.02) / 1_000_000, 10);
    expect(Number(usage.find((u) => u.provider === 'local')!.cost)).toBe(0);
  });
});
