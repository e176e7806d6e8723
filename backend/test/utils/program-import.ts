import fs from 'node:fs';
import path from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { DEFAULT_CONFERENCE } from '../../src/conference/conference-settings';
import type { SessionResponse } from '../../src/sessions/dto/session.response';
import { signInPrivileged } from './privileged';
import { startTestApp, TestApp } from './test-app';

/** A session as GET /api/sessions?includeAll=true lists it. */
export type ListedSession = SessionResponse;

/** A published program of test/fixtures/program/, as text. */
export const programFixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'program', name), 'utf8');

/** The default conference's settings, which each import test starts from. */
export const DENVER = { ...DEFAULT_CONFERENCE };

export interface ImportSuite {
  t: TestApp;
  db: DataSource;
  superadmin: TestAgent;
}

/**
 * The setup of a session-import suite: an app with `superEmail` as super admin (signed in), and before
 * each test no session, no document and the default conference's settings. `onStart` receives the app
 * once it runs. Returns the two requests every import test makes.
 */
export function programImportSuite(superEmail: string, onStart: (suite: ImportSuite) => void) {
  let suite: ImportSuite;
  beforeAll(async () => {
    const t = await startTestApp({ SUPERADMIN_EMAILS: superEmail });
    suite = { t, db: t.app.get(DataSource), superadmin: await signInPrivileged(t, superEmail) };
    onStart(suite);
  });
  afterAll(async () => {
    await suite?.t.close();
  });
  beforeEach(async () => {
    await suite.db.query(`DELETE FROM documents`);
    await suite.db.query(`DELETE FROM sessions`);
    await suite.superadmin.put('/api/admin/conference').send(DENVER).expect(200, DENVER);
  });
  return {
    /** Every session, by title. */
    all: async (): Promise<ListedSession[]> =>
      (await suite.superadmin.get('/api/sessions?includeAll=true').expect(200)).body.sort((a: ListedSession, b: ListedSession) =>
        a.title.localeCompare(b.title),
      ),
    /** POST /api/superadmin/import-sessions as the super admin. */
    importBody: (body: object) => suite.superadmin.post('/api/superadmin/import-sessions').send(body),
  };
}
