import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { EMBEDDINGS, type EmbeddingsProvider } from '../src/ai/ai.types';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { INGEST_MESSAGES } from '../src/ingestion/parsing/ingest-errors';
import { chunksOf, createSession, listedDocument, rawBytes, settled, uploadedFiles } from './fixtures/document-helpers';
import { encryptedPdf, noTextPdf, reportPage, textPdf, truncatedPdf, writeSizedFile } from './fixtures/pdf-fixtures';
import { INVALID_JSON, SPEAKER_TXT, UNKNOWN_SHAPE_JSON, WHISPER_JSON } from './fixtures/transcripts';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@documents.test';
const MB = 1024 * 1024;

describe('documents (upload, list, re-process, delete, download, export)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let sessionId: string;
  let otherSessionId: string;
  let scratch: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
    sessionId = await createSession(admin, 'Lender Panel: Credit Appetite');
    otherSessionId = await createSession(admin, 'Keynote: State of the Industry');
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'documents-e2e-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  function upload(file: Buffer | string | null, fields: { sessionId?: string; kind?: string }, filename = 'file.bin') {
    const req = admin.post('/api/admin/upload');
    if (fields.sessionId !== undefined) req.field('sessionId', fields.sessionId);
    if (fields.kind !== undefined) req.field('kind', fields.kind);
    if (file !== null) req.attach('file', file as Buffer, typeof file === 'string' ? undefined : { filename });
    return req;
  }

  async function uploadOk(file: Buffer, kind: 'pdf' | 'transcript', filename: string, to = sessionId): Promise<DocumentResponse> {
    const res = await upload(file, { sessionId: to, kind }, filename);
    expect(res.status).toBe(201);
    return res.body as DocumentResponse;
  }

  async function documentCount(): Promise<number> {
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM documents`);
    return n;
  }

  describe('access', () => {
    it('answers 401 signed out and 403 to attendees', async () => {
      await request(t.url).get('/api/admin/documents').expect(401);
      await request(t.url).post('/api/admin/upload').attach('file', Buffer.from('x'), 'a.txt').expect(401);
      const attendee = await signIn(t, { email: 'ana@example.com', firstName: 'Ana' });
      await attendee.get('/api/admin/documents').expect(403);
      await attendee.get('/api/admin/documents/export-list').expect(403);
      await attendee.post('/api/admin/upload').field('sessionId', sessionId).attach('file', Buffer.from('x'), 'a.txt').expect(403);
    });
  });

  describe('POST /api/admin/upload: rejected uploads leave no row and no file', () => {
    let before: number;
    beforeEach(async () => {
      before = await documentCount();
    });
    afterEach(async () => {
      expect(await documentCount()).toBe(before);
      const files = await uploadedFiles(t);
      const rows: { storagePath: string }[] = await db.query(`SELECT storage_path AS "storagePath" FROM documents`);
      expect(files).toEqual(rows.map((r) => r.storagePath).sort());
    });

    it('needs a file and a session', async () => {
      await upload(null, { sessionId, kind: 'pdf' }).expect(400, { message: 'Please select both a file and a session.' });
      await upload(Buffer.from('hello'), { kind: 'transcript' }, 'a.txt').expect(400, {
        message: 'Please select both a file and a session.',
      });
    });

    it('answers 404 for an unknown session', async () => {
      await upload(Buffer.from('hello'), { sessionId: '00000000-0000-4000-8000-000000000000', kind: 'transcript' }, 'a.txt').expect(404, {
        message: 'Session not found.',
      });
      await upload(Buffer.from('hello'), { sessionId: 'not-a-uuid', kind: 'transcript' }, 'a.txt').expect(404);
    });

    it('refuses a file named .pdf that is not a PDF', async () => {
      await upload(Buffer.from('Just some notes, not a PDF.'), { sessionId, kind: 'pdf' }, 'slides.pdf').expect(400, {
        message: 'Please select a PDF file.',
      });
    });

    it('refuses a PDF or a binary file as a transcript', async () => {
      await upload(await textPdf(['hello']), { sessionId, kind: 'transcript' }, 'notes.txt').expect(400, {
        message: 'Please select a TXT or JSON file.',
      });
      await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x10, 0xff]), { sessionId, kind: 'transcript' }, 'talk.txt').expect(400, {
        message: 'Please select a TXT or JSON file.',
      });
      await upload(Buffer.from([0xc3, 0x28, 0x41]), { sessionId, kind: 'transcript' }, 'latin.txt').expect(400, {
        message: 'Please select a TXT or JSON file.',
      });
    });

    it('refuses an unknown kind', async () => {
      await upload(Buffer.from('hello'), { sessionId, kind: 'video' }, 'a.txt').expect(400, {
        message: 'Please choose the kind of document: transcript or pdf.',
      });
    });

    it('refuses a file of 50 MB + 1 byte while it streams, and accepts exactly 50 MB as far as size goes', async () => {
      const big = path.join(scratch, 'big.pdf');
      await writeSizedFile(big, 50 * MB + 1);
      await upload(big, { sessionId, kind: 'pdf' }).expect(400, { message: 'Please select a file smaller than 50MB.' });
      // Exactly 50 MB passes the size check; its content (not a PDF) is what is refused.
      await fs.truncate(big, 50 * MB);
      await upload(big, { sessionId, kind: 'pdf' }).expect(400, { message: 'Please select a PDF file.' });
      await fs.rm(big);
    });
  });

  describe('PDF upload → embedded', () => {
    let doc: DocumentResponse;
    const PAGES = 5;

    beforeAll(async () => {
      const pdf = await textPdf(Array.from({ length: PAGES }, (_, i) => reportPage(i + 1, 2600)));
      doc = await uploadOk(pdf, 'pdf', 'Q3 Lender Survey – Résumé.pdf');
    });

    it('answers 201 with the document row, status uploaded', () => {
      expect(doc).toMatchObject({
        kind: 'pdf',
        sessionId,
        sessionTitle: 'Lender Panel: Credit Appetite',
        originalFilename: 'Q3 Lender Survey – Résumé.pdf',
        mimeType: 'application/pdf',
        status: 'uploaded',
        uploaderName: 'Dana Admin',
        error: null,
      });
      expect(doc.storagePath).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(doc.storagePath).not.toContain('Survey');
    });

    it('ends embedded with every chunk on the page its text comes from', async () => {
      const done = await settled(admin, doc.id);
      expect(done).toMatchObject({ status: 'embedded', error: null, progressPercent: 100, embeddingModel: 'local-hash-v1-384' });
      const chunks = await chunksOf(t, doc.id);
      expect(done.totalChunks).toBe(chunks.length);
      expect(done.processedChunks).toBe(chunks.length);
      expect(chunks.length).toBeGreaterThanOrEqual(PAGES * 3);
      expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
      for (let page = 1; page <= PAGES; page++) {
        const onPage = chunks.filter((c) => c.page === page);
        expect(onPage.length).toBeGreaterThanOrEqual(3);
        expect(onPage.some((c) => c.text.includes(`PAGEMARK${page}.`))).toBe(true);
      }
      for (const c of chunks) {
        const marks = [...c.text.matchAll(/PAGEMARK(\d+)\./g)].map((m) => Number(m[1]));
        expect(marks.every((m) => m === c.page)).toBe(true);
      }
    });

    it("stores each chunk's embedding as the provider computes it for the chunk's text", async () => {
      const embeddings = t.app.get<EmbeddingsProvider>(EMBEDDINGS);
      const rows: { text: string; embedding: string }[] = await db.query(
        `SELECT text, embedding::text AS embedding FROM chunks WHERE document_id = $1 ORDER BY chunk_index LIMIT 5`,
        [doc.id],
      );
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        const stored = JSON.parse(row.embedding) as number[];
        const expected = await embeddings.embedQuery(row.text);
        expect(stored).toHaveLength(384);
        stored.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 6));
      }
    });

    it('records the embedding calls as AI usage at cost 0', async () => {
      const rows: { provider: string; model: string; tokens: number; cost: string }[] = await db.query(
        `SELECT provider, model, total_tokens AS tokens, cost_usd AS cost FROM ai_usage WHERE kind = 'embedding' AND user_id IS NULL`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.provider === 'local' && r.model === 'local-hash-v1-384' && Number(r.cost) === 0)).toBe(true);
      expect(rows.reduce((s, r) => s + r.tokens, 0)).toBeGreaterThan(1000);
    });

    it('lists it with every field, newest first, filtered by kind', async () => {
      const transcript = await uploadOk(Buffer.from(SPEAKER_TXT), 'transcript', 'panel.txt');
      await settled(admin, transcript.id);
      const all = (await admin.get('/api/admin/documents').expect(200)).body as DocumentResponse[];
      expect(all[0].id).toBe(transcript.id);
      const listed = all.find((d) => d.id === doc.id)!;
      for (const field of [
        'id',
        'kind',
        'sessionId',
        'sessionTitle',
        'originalFilename',
        'storagePath',
        'mimeType',
        'bytes',
        'status',
        'error',
        'createdAt',
        'uploaderName',
        'progressPercent',
        'progressStage',
        'estimatedTimeRemaining',
        'totalChunks',
        'processedChunks',
        'embeddingModel',
      ]) {
        expect(listed).toHaveProperty(field);
      }
      expect(listed.bytes).toBe(doc.bytes);
      const pdfs = (await admin.get('/api/admin/documents?kind=pdf').expect(200)).body as DocumentResponse[];
      expect(pdfs.every((d) => d.kind === 'pdf')).toBe(true);
      expect(pdfs.map((d) => d.id)).toContain(doc.id);
      expect(pdfs.map((d) => d.id)).not.toContain(transcript.id);
      await admin.get('/api/admin/documents?kind=video').expect(400);
    });

    it('downloads the identical bytes with its type and original name', async () => {
      const stored = await fs.readFile(path.join(t.config.uploadsDir, doc.storagePath));
      const res = await admin.get(`/api/admin/documents/${doc.id}/download`).buffer(true).parse(rawBytes).expect(200);
      const body = res.body as Buffer;
      expect(createHash('sha256').update(body).digest('hex')).toBe(createHash('sha256').update(stored).digest('hex'));
      expect(body.length).toBe(doc.bytes);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(doc.bytes));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Q3 Lender Survey _ Resume.pdf"; filename*=UTF-8''Q3%20Lender%20Survey%20%E2%80%93%20R%C3%A9sum%C3%A9.pdf`,
      );
      await admin.get('/api/admin/documents/00000000-0000-4000-8000-000000000000/download').expect(404);
    });

    it('re-processes: 202, then embedded again with fresh chunks and a new version', async () => {
      const before = await chunksOf(t, doc.id);
      const beforeIds: { id: string }[] = await db.query(`SELECT id FROM chunks WHERE document_id = $1`, [doc.id]);
      const { version } = (await listedDocument(admin, doc.id))!;
      const res = await admin.post(`/api/admin/ingest/${doc.id}`).expect(202);
      expect(res.body).toMatchObject({ id: doc.id, status: 'uploaded', progressPercent: 0 });
      const done = await settled(admin, doc.id);
      expect(done.status).toBe('embedded');
      expect(done.version).toBe(version + 1);
      const after = await chunksOf(t, doc.id);
      expect(after).toEqual(before);
      const afterIds: { id: string }[] = await db.query(`SELECT id FROM chunks WHERE document_id = $1`, [doc.id]);
      expect(afterIds.some((r) => beforeIds.some((b) => b.id === r.id))).toBe(false);
      const runs: { run: number }[] = await db.query(`SELECT DISTINCT run FROM chunks WHERE document_id = $1`, [doc.id]);
      expect(runs).toEqual([{ run: 1 }]);
      await admin.post('/api/admin/ingest/00000000-0000-4000-8000-000000000000').expect(404, { message: 'Document not found.' });
    });

    it('exports the list grouped by session', async () => {
      const other = await uploadOk(Buffer.from(WHISPER_JSON), 'transcript', 'keynote.json', otherSessionId);
      const res = await admin.get('/api/admin/documents/export-list').expect(200);
      const list = res.body as Record<
        string,
        { sessionTitle: string; documents: { id: string; filename: string; kind: string; bytes: number; createdAt: string }[] }
      >;
      expect(list[otherSessionId]).toEqual({
        sessionTitle: 'Keynote: State of the Industry',
        documents: [{ id: other.id, filename: 'keynote.json', kind: 'transcript', bytes: other.bytes, createdAt: other.createdAt }],
      });
      expect(list[sessionId].sessionTitle).toBe('Lender Panel: Credit Appetite');
      expect(list[sessionId].documents.map((d) => d.id)).toContain(doc.id);
      expect(list[sessionId].documents.find((d) => d.id === doc.id)).toEqual({
        id: doc.id,
        filename: 'Q3 Lender Survey – Résumé.pdf',
        kind: 'pdf',
        bytes: doc.bytes,
        createdAt: doc.createdAt,
      });
      await settled(admin, other.id);
    });

    it('deletes the row, its chunks and its file', async () => {
      const file = path.join(t.config.uploadsDir, doc.storagePath);
      await fs.access(file);
      await admin.delete(`/api/admin/documents/${doc.id}`).expect(204);
      expect(await listedDocument(admin, doc.id)).toBeUndefined();
      expect(await chunksOf(t, doc.id)).toEqual([]);
      await expect(fs.access(file)).rejects.toThrow();
      await admin.delete(`/api/admin/documents/${doc.id}`).expect(404, { message: 'Document not found.' });
      await admin.get(`/api/admin/documents/${doc.id}/download`).expect(404);
    });
  });

  describe('transcripts', () => {
    it('keeps the speaker and start time of each chunk of a TXT transcript', async () => {
      const doc = await uploadOk(Buffer.from(SPEAKER_TXT), 'transcript', 'panel.txt');
      expect(doc.mimeType).toBe('text/plain');
      expect((await settled(admin, doc.id)).status).toBe('embedded');
      const [chunk] = await chunksOf(t, doc.id);
      expect(chunk).toMatchObject({ speaker: 'Maria Lopez', startTime: 5, page: null });
      expect(chunk.text).toContain('John Smith: Thanks, Maria.');
    });

    it('ingests a Whisper JSON transcript (type from content, whatever the name)', async () => {
      const doc = await uploadOk(Buffer.from(WHISPER_JSON), 'transcript', 'keynote-export');
      expect(doc.mimeType).toBe('application/json');
      expect((await settled(admin, doc.id)).status).toBe('embedded');
      const chunks = await chunksOf(t, doc.id);
      expect(chunks[0]).toMatchObject({ startTime: 0, speaker: null });
      expect(chunks.map((c) => c.text).join(' ')).toContain('Vendor programs drove most of that growth.');
    });

    it.each([
      [
        'invalid JSON',
        INVALID_JSON,
        'broken.json',
        /^The JSON transcript is not valid JSON \(.+\)\. Fix the file or upload it as plain text\.$/,
      ],
      ['a JSON of unknown shape', UNKNOWN_SHAPE_JSON, 'deepgram.json', INGEST_MESSAGES.unknownJsonShape],
      ['an empty file', '', 'empty.txt', INGEST_MESSAGES.emptyTranscript],
    ])('ends %s in error with the reason', async (_label, content, filename, reason) => {
      const doc = await uploadOk(Buffer.from(content), 'transcript', filename);
      const done = await settled(admin, doc.id);
      expect(done.status).toBe('error');
      if (typeof reason === 'string') expect(done.error).toBe(reason);
      else expect(done.error).toMatch(reason);
      expect(await chunksOf(t, doc.id)).toEqual([]);
    });
  });

  describe('broken PDFs end in error with a reason a person understands', () => {
    it.each([
      ['encrypted', encryptedPdf, INGEST_MESSAGES.pdfEncrypted],
      ['truncated', () => truncatedPdf(), INGEST_MESSAGES.pdfBroken],
      ['without text, nothing readable by OCR', noTextPdf, INGEST_MESSAGES.pdfNoReadableText],
    ])('%s', async (_label, make, reason) => {
      const doc = await uploadOk(await make(), 'pdf', 'broken.pdf');
      const done = await settled(admin, doc.id);
      expect(done).toMatchObject({ status: 'error', error: reason, progressStage: 'Failed' });
      expect(await chunksOf(t, doc.id)).toEqual([]);
      // It can be re-ingested (and fails the same way).
      await admin.post(`/api/admin/ingest/${doc.id}`).expect(202);
      expect((await settled(admin, doc.id)).error).toBe(reason);
    });
  });
});
