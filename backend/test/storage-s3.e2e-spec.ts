import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { FILE_STORE_UNAVAILABLE } from '../src/documents/dto/documents.messages';
import { FILE_STORE, FileStoreUnavailableError } from '../src/storage/file-store.port';
import { LocalFileStore } from '../src/storage/local-file-store';
import { S3_PART_BYTES, S3FileStore } from '../src/storage/s3-file-store';
import { createFileStore } from '../src/storage/storage.module';
import { loadConfig } from '../src/config/app-config';
import { createSession, rawBytes, settled, uploadedFiles } from './fixtures/document-helpers';
import { reportPage, textPdf, writeSizedFile } from './fixtures/pdf-fixtures';
import { SPEAKER_TXT } from './fixtures/transcripts';
import { signInPrivileged } from './utils/privileged';
import { startS3Server, S3Server } from './utils/s3-server';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@s3.test';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

describe('S3FileStore against a real S3 API (s3rver on loopback)', () => {
  let s3: S3Server;
  let store: S3FileStore;
  let scratch: string;

  beforeAll(async () => {
    s3 = await startS3Server('store-test');
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 's3-store-'));
    store = new S3FileStore(
      {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      path.join(scratch, 'tmp'),
    );
  });
  afterAll(async () => {
    store.destroy();
    await s3.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('streams a large file in a multipart upload and reads back the same bytes (stream and local copy)', async () => {
    const file = path.join(scratch, 'big.bin');
    await writeSizedFile(file, 2 * S3_PART_BYTES + 12345, 0x62);
    const original = await fs.readFile(file);
    await store.put('big.bin', file, 'application/octet-stream');

    // s3rver names the completion of a multipart upload (POST ?uploadId) 'ObjectCreated:Post'.
    expect(s3.events).toContainEqual({ name: 'ObjectCreated:Post', key: 'uploads/big.bin' });
    expect(await s3.keys()).toEqual(['uploads/big.bin']);
    const opened = await store.open('big.bin');
    expect(opened?.bytes).toBe(original.length);
    expect(sha256(await streamToBuffer(opened!.stream))).toBe(sha256(original));

    let seenPath = '';
    const copy = await store.withLocalCopy('big.bin', async (p) => {
      seenPath = p;
      return sha256(await fs.readFile(p));
    });
    expect(copy).toEqual({ value: sha256(original) });
    await expect(fs.access(seenPath)).rejects.toThrow(); // the temporary download is gone

    await store.remove('big.bin');
    expect(await s3.keys()).toEqual([]);
    expect(await store.open('big.bin')).toBeNull();
    expect(await store.withLocalCopy('big.bin', async () => 'never')).toBeNull();
    await store.remove('big.bin'); // already gone: no error
  });

  it('a small file goes in one PUT', async () => {
    const file = path.join(scratch, 'small.txt');
    await fs.writeFile(file, 'hello');
    await store.put('small.txt', file, 'text/plain');
    expect(s3.events).toContainEqual({ name: 'ObjectCreated:Put', key: 'uploads/small.txt' });
    await store.remove('small.txt');
  });

  it('lists stored keys with their age, and refuses keys that are not generated names', async () => {
    const file = path.join(scratch, 'a.txt');
    await fs.writeFile(file, 'a');
    await store.put('a.txt', file, 'text/plain');
    const listed = [];
    for await (const k of store.list()) listed.push(k);
    expect(listed.map((k) => k.key)).toEqual(['a.txt']);
    expect(Math.abs(listed[0].modifiedAt - Date.now())).toBeLessThan(60_000);
    await store.remove('a.txt');
    await expect(store.put('../etc/passwd', file, 'text/plain')).rejects.toThrow('not a storage key');
  });

  it('an unreachable store fails with FileStoreUnavailableError and leaves no object', async () => {
    const file = path.join(scratch, 'lost.bin');
    await writeSizedFile(file, S3_PART_BYTES + 1);
    await s3.stop();
    try {
      await expect(store.put('lost.bin', file, 'application/octet-stream')).rejects.toBeInstanceOf(FileStoreUnavailableError);
    } finally {
      await s3.restart();
    }
    expect(await s3.keys()).toEqual([]);
  });
});

describe('uploads in object storage (S3_BUCKET set): upload, ingestion, download, delete', () => {
  let s3: S3Server;
  let t: TestApp;
  let admin: TestAgent;
  let sessionId: string;

  beforeAll(async () => {
    s3 = await startS3Server('conference-uploads');
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, ...s3.env });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Object Storage Session');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uses the S3 store when S3_BUCKET is set, the local disk under DATA_DIR/uploads otherwise', async () => {
    expect(t.app.get(FILE_STORE)).toBeInstanceOf(S3FileStore);
    const local = createFileStore(loadConfig({ NODE_ENV: 'test' }, { dataDir: t.dataDir }));
    expect(local).toBeInstanceOf(LocalFileStore);
    expect((local as unknown as { dir: string }).dir).toBe(path.join(t.dataDir, 'uploads'));
  });

  it('stores the upload as an object (not on the local disk), ingests it from there and downloads the same bytes', async () => {
    const pdf = await textPdf([reportPage(1, 1500), reportPage(2, 1500), reportPage(3, 1500)]);
    const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', pdf, 'report.pdf');
    expect(res.status).toBe(201);
    const doc = res.body as DocumentResponse;
    expect(await s3.keys()).toEqual([`uploads/${doc.storagePath}`]);
    expect(await uploadedFiles(t)).toEqual([]);

    const done = await settled(admin, doc.id);
    expect(done).toMatchObject({ status: 'embedded', progressPercent: 100 });
    expect(done.totalChunks).toBeGreaterThan(0);

    const download = await admin.get(`/api/admin/documents/${doc.id}/download`).buffer(true).parse(rawBytes);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Number(download.headers['content-length'])).toBe(pdf.length);
    expect(sha256(download.body as Buffer)).toBe(sha256(pdf));

    await admin.delete(`/api/admin/documents/${doc.id}`).expect(204);
    expect(await s3.keys()).toEqual([]);
    expect(s3.events).toContainEqual({ name: 'ObjectRemoved:Delete', key: `uploads/${doc.storagePath}` });
  });

  it('a transcript is read from the bucket by ingestion too', async () => {
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(SPEAKER_TXT), 'panel.txt');
    expect(res.status).toBe(201);
    expect((await settled(admin, res.body.id)).status).toBe('embedded');
  });

  it('an upload the store cannot take answers 503 {message} and leaves neither a row nor an object', async () => {
    const before = (await admin.get('/api/admin/documents').expect(200)).body as DocumentResponse[];
    const keysBefore = await s3.keys();
    await s3.stop();
    let res;
    try {
      res = await admin
        .post('/api/admin/upload')
        .field('sessionId', sessionId)
        .field('kind', 'transcript')
        .attach('file', Buffer.from(SPEAKER_TXT), 'lost.txt');
    } finally {
      await s3.restart();
    }
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: FILE_STORE_UNAVAILABLE });
    const after = (await admin.get('/api/admin/documents').expect(200)).body as DocumentResponse[];
    expect(after.map((d) => d.id).sort()).toEqual(before.map((d) => d.id).sort());
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await uploadedFiles(t)).toEqual([]);
    const [{ n }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM documents WHERE original_filename = 'lost.txt'`);
    expect(n).toBe(0);
  });

  it('when the row cannot be written after the object was stored, the object is removed again', async () => {
    const db = t.app.get(DataSource);
    const keysBefore = await s3.keys();
    await db.query(`ALTER TABLE documents ADD CONSTRAINT refuse_test_upload CHECK (original_filename <> 'refused.txt') NOT VALID`);
    let res;
    try {
      res = await admin
        .post('/api/admin/upload')
        .field('sessionId', sessionId)
        .field('kind', 'transcript')
        .attach('file', Buffer.from(SPEAKER_TXT), 'refused.txt');
    } finally {
      await db.query(`ALTER TABLE documents DROP CONSTRAINT refuse_test_upload`);
    }
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(typeof res.body.message).toBe('string');
    expect(s3.events.some((e) => e.name.startsWith('ObjectCreated') && e.key.endsWith('.txt') && !keysBefore.includes(e.key))).toBe(true);
    expect(await s3.keys()).toEqual(keysBefore);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM documents WHERE original_filename = 'refused.txt'`);
    expect(n).toBe(0);
  });

  it('a document whose object is gone: download answers 404 with a message', async () => {
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(SPEAKER_TXT), 'gone.txt');
    expect(res.status).toBe(201);
    await settled(admin, res.body.id);
    await t.app.get<S3FileStore>(FILE_STORE).remove(res.body.storagePath);
    const download = await admin.get(`/api/admin/documents/${res.body.id}/download`);
    expect(download.status).toBe(404);
    expect(download.body).toEqual({ message: 'The file of this document is no longer available.' });
  });
});
