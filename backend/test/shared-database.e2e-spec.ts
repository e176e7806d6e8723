import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { ContentVersionWatch, VERSION_RECHECK_MS } from '../src/database/content-version';
import { migrationContext } from '../src/database/migration-context';
import { runMigrationsLocked } from '../src/database/migration-lock';
import { migrations } from '../src/database/migrations';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { IngestionRepository } from '../src/ingestion/ingestion.repository';
import { createSession, listedDocument, settled, waitFor } from './fixtures/document-helpers';
import { SPEAKER_TXT } from './fixtures/transcripts';
import { signInPrivileged } from './utils/privileged';
import { freshDatabase, FreshDatabase } from './utils/fresh-database';
import { startTestApp, TestApp } from './utils/test-app';

/**
 * Several processes on one database: migrations under an advisory lock, chunks
 * written once per run, and recovery that takes back only jobs whose owner is gone. The database is
 * a PostgreSQL server the test starts itself (the embedded one, served on a loopback port), or a
 * fresh database on the server of DATABASE_URL when that is set.
 */
const ADMIN = 'admin@shared-db.test';

describe('migrations under an advisory lock', () => {
  it('five processes migrating one empty database at once all succeed, and each migration runs once', async () => {
    const db = await freshDatabase();
    const sources: DataSource[] = [];
    try {
      migrationContext.embeddingDim = 384;
      for (let i = 0; i < 5; i++) {
        sources.push(await new DataSource({ type: 'postgres', url: db.url, migrations, extra: { max: 2 } }).initialize());
      }
      const results = await Promise.all(sources.map((s) => runMigrationsLocked(s)));
      // Exactly one of them ran the migrations; the others found nothing left to do.
      expect(results.filter((r) => r.length > 0)).toHaveLength(1);
      expect(results.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
      const rows: { name: string; n: number }[] = await sources[0].query(
        `SELECT name, count(*)::int AS n FROM migrations GROUP BY name ORDER BY name`,
      );
      expect(rows).toHaveLength(migrations.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      const [{ n }] = await sources[0].query(`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`);
      expect(n).toBe(1);
    } finally {
      for (const s of sources) await s.destroy().catch(() => undefined);
      await db.stop();
    }
  });
});

describe('several processes on one database (DATABASE_URL, no Redis)', () => {
  let db: FreshDatabase;
  let t: TestApp | undefined;
  let admin: TestAgent;
  let dataDir: string;
  let sessionId: string;
  const env = () => ({ ADMIN_EMAILS: ADMIN, DATABASE_URL: db.url });

  beforeAll(async () => {
    db = await freshDatabase();
    t = await startTestApp(env());
    dataDir = t.dataDir;
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Shared Database Session');
  });
  afterAll(async () => {
    await t?.close();
    await db.stop();
  });

  async function uploadTranscript(name: string): Promise<DocumentResponse> {
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(SPEAKER_TXT), name);
    expect(res.status).toBe(201);
    expect((await settled(admin, res.body.id)).status).toBe('embedded');
    return res.body as DocumentResponse;
  }

  it("a document's chunk is stored once per run: a batch written twice adds nothing, a duplicate row is refused", async () => {
    const doc = await uploadTranscript('once.txt');
    const dataSource = t!.app.get(DataSource);
    const repo = t!.app.get(IngestionRepository);
    const [row] = await dataSource.query(`SELECT attempts AS run, session_id AS "sessionId" FROM documents WHERE id = $1`, [doc.id]);
    const before = await dataSource.query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1`, [doc.id]);
    const again = await dataSource.query(
      `SELECT chunk_index AS index, text, page, speaker, start_time AS "startTime", embedding::text AS e
         FROM chunks WHERE document_id = $1 ORDER BY chunk_index`,
      [doc.id],
    );
    const batch = again.map(
      (c: { index: number; text: string; page: number | null; speaker: string | null; startTime: number | null; e: string }) => ({
        index: c.index,
        text: c.text,
        page: c.page,
        speaker: c.speaker,
        startTime: c.startTime,
        embedding: JSON.parse(c.e) as number[],
      }),
    );
    await repo.insertChunks(
      { id: doc.id, sessionId: row.sessionId, kind: 'transcript', storagePath: doc.storagePath, mimeType: 'text/plain' },
      row.run,
      'local',
      batch,
    );
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1`, [doc.id])).toEqual(before);
    await expect(
      dataSource.query(
        `INSERT INTO chunks (document_id, session_id, run, chunk_index, text, embedding)
         SELECT document_id, session_id, run, chunk_index, text, embedding FROM chunks WHERE document_id = $1 AND chunk_index = 0`,
        [doc.id],
      ),
    ).rejects.toThrow(/chunks_document_run_chunk_key/);
  });

  it("shows another process's change to a session in the session list within moments of its commit", async () => {
    const watch = t!.app.get(ContentVersionWatch);
    await waitFor(async () => watch.followsChanges || undefined, 5000);
    const listed = async () =>
      ((await admin.get('/api/sessions?includeAll=true').expect(200)).body as { id: string; title: string }[]).find(
        (s) => s.id === sessionId,
      )!.title;
    expect(await listed()).toBe('Shared Database Session');
    const other = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    try {
      await other.query(`UPDATE sessions SET title = 'Shared Database Session, renamed' WHERE id = $1`, [sessionId]);
      const started = Date.now();
      await waitFor(async () => ((await listed()) === 'Shared Database Session, renamed' ? true : undefined), 5000, 5);
      // The notification, not the once-a-second recheck, brought it.
      expect(Date.now() - started).toBeLessThan(VERSION_RECHECK_MS / 2);
      await other.query(`UPDATE sessions SET title = 'Shared Database Session' WHERE id = $1`, [sessionId]);
    } finally {
      await other.destroy();
    }
  });

  it('on start, takes back only documents whose owner is gone (stale lease), later the others once their lease expires', async () => {
    const alive = await uploadTranscript('alive.txt');
    const dead = await uploadTranscript('dead.txt');
    await t!.close({ keepData: true });
    t = undefined;
    // Another process (still running) holds `alive` (heartbeat just now); the owner of `dead` died a minute ago.
    const direct = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    try {
      await direct.query(
        `UPDATE documents SET status = 'chunked', attempts = attempts + 1, progress_stage = 'Embedding',
                heartbeat_at = CASE WHEN id = $1 THEN now() ELSE now() - interval '60 seconds' END
          WHERE id IN ($1, $2)`,
        [alive.id, dead.id],
      );
      const [{ hb }] = await direct.query(`SELECT heartbeat_at::text AS hb FROM documents WHERE id = $1`, [alive.id]);

      t = await startTestApp(env(), dataDir);
      admin = await signInPrivileged(t, ADMIN);
      expect((await settled(admin, dead.id)).status).toBe('embedded');
      const held = await listedDocument(admin, alive.id);
      expect(held).toMatchObject({ status: 'chunked', progressStage: 'Embedding' });
      const [{ hb: hbAfter }] = await direct.query(`SELECT heartbeat_at::text AS hb FROM documents WHERE id = $1`, [alive.id]);
      expect(hbAfter).toBe(hb); // untouched: no second process worked on it

      // Its owner stops beating (dies): the periodic sweep (every 15 s) takes it back.
      await direct.query(`UPDATE documents SET heartbeat_at = now() - interval '60 seconds' WHERE id = $1`, [alive.id]);
      const taken = await waitFor(
        async () => {
          const d = await listedDocument(admin, alive.id);
          return d?.status === 'embedded' ? d : undefined;
        },
        40_000,
        500,
      );
      expect(taken.status).toBe('embedded');
    } finally {
      await direct.destroy();
    }
  }, 90_000);
});
