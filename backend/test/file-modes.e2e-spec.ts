import fs from 'node:fs/promises';
import path from 'node:path';
import { createSession, settled } from './fixtures/document-helpers';
import { SPEAKER_TXT } from './fixtures/transcripts';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@modes.test';

/** Every file and folder under `dir` with its permission bits. */
async function modes(dir: string): Promise<{ path: string; dir: boolean; mode: number }[]> {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    out.push({ path: p, dir: entry.isDirectory(), mode: (await fs.stat(p)).mode & 0o777 });
    if (entry.isDirectory()) out.push(...(await modes(p)));
  }
  return out;
}

/**
 * The third security review, F5: the data files (mails, the embedded database, uploads) are the
 * service's own: their folders 0700 and their files 0600, whatever the process's umask.
 */
describe('data files are readable by the service only (DATA_DIR)', () => {
  let t: TestApp;
  const umask = process.umask(0o022);

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
  });
  afterAll(async () => {
    await t.close();
    process.umask(umask);
  });

  it('creates outbox/, pglite/ and uploads/ 0700, mails and uploaded files 0600', async () => {
    // A sign-in link mail lands in the outbox; an upload in uploads/.
    const admin = await signInPrivileged(t, ADMIN);
    const sessionId = await createSession(admin, 'Modes');
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(SPEAKER_TXT), 'talk.txt')
      .expect(201);
    await settled(admin, res.body.id);
    for (const folder of ['outbox', 'pglite', 'uploads']) {
      expect({ folder, mode: ((await fs.stat(path.join(t.dataDir, folder))).mode & 0o777).toString(8) }).toEqual({ folder, mode: '700' });
    }
    const outbox = await modes(path.join(t.dataDir, 'outbox'));
    expect(outbox.filter((f) => f.path.endsWith('.eml')).length).toBeGreaterThan(0);
    const uploads = await modes(path.join(t.dataDir, 'uploads'));
    expect(uploads.filter((f) => !f.dir).length).toBeGreaterThan(0);
    // The embedded database's files are written by PGlite's own file layer (0666): the 0700 folder above
    // is what keeps them from other users; the ones present at start are narrowed to 0600.
    for (const f of [...outbox, ...uploads]) {
      expect({ path: f.path, mode: f.mode.toString(8) }).toEqual({ path: f.path, mode: f.dir ? '700' : '600' });
    }
  });
});
