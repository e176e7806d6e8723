import { DataSource } from 'typeorm';
import { loadDemoManifest, loadDemoProgram } from '../src/demo/demo-program';
import { DemoSeeder } from '../src/demo/demo.seeder';
import { SESSION_FORMATS } from '../src/sessions/session-input';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const count = async (t: TestApp, sql: string) => {
  const [{ n }] = await t.app.get(DataSource).query(sql);
  return n as number;
};
const sessionCount = (t: TestApp) => count(t, `SELECT count(*)::int AS n FROM sessions`);

describe('demo conference seed', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('ships a program of at least 24 sessions over Sept 8-10 covering every format', async () => {
    const program = await loadDemoProgram();
    expect(program.problems).toEqual([]);
    expect(program.items.length).toBeGreaterThanOrEqual(24);
    expect(new Set(program.items.map((s) => s.record.day))).toEqual(new Set([1, 2, 3]));
    expect(new Set(program.items.map((s) => s.record.format))).toEqual(new Set(SESSION_FORMATS));
    expect(new Set(program.items.map((s) => s.slug)).size).toBe(program.items.length);
  });

  it('seeds the program and its documents on first start, and never again after a restart, even once every session is deleted', async () => {
    const program = await loadDemoProgram();
    const started = Date.now();
    t = await startTestApp({ SEED_DEMO: 'true' });
    const bootMs = Date.now() - started;
    expect(await sessionCount(t)).toBe(program.items.length);

    const attendee = await signIn(t, { email: 'ana@example.com', firstName: 'Ana' });
    const res = await attendee.get('/api/sessions?includeAll=true').expect(200);
    expect(res.body).toHaveLength(program.items.length);
    expect(new Set(res.body.map((s: { day: number }) => s.day))).toEqual(new Set([1, 2, 3]));
    expect(new Set(res.body.map((s: { format: string }) => s.format))).toEqual(new Set(SESSION_FORMATS));
    const keynote = program.items[0];
    expect(res.body.find((s: { title: string }) => s.title === keynote.record.title)).toMatchObject({
      speakers: keynote.record.speakers,
      startTime: keynote.record.startTime,
      location: keynote.record.location,
      date: keynote.record.date?.toISOString(),
    });
    // program order: days ascending
    const days = res.body.map((s: { day: number }) => s.day);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    // the manifest's documents are handed to the documents module, then ingested by the queue
    await t.app.get(DemoSeeder).whenDocumentsHandedOver();
    const manifest = await loadDemoManifest();
    expect(manifest.problems).toEqual([]);
    const db = t.app.get(DataSource);
    const docs = await db.query(
      `SELECT d.original_filename AS file, d.kind, d.uploader_name AS "uploaderName", s.title
         FROM documents d JOIN sessions s ON s.id = d.session_id ORDER BY d.original_filename`,
    );
    const titleOf = new Map(program.items.map((s) => [s.slug, s.record.title]));
    expect(docs).toEqual(
      manifest.items
        .map((d) => ({ file: d.file, kind: d.kind, uploaderName: 'Demo content', title: titleOf.get(d.sessionSlug) }))
        .sort((a, b) => a.file.localeCompare(b.file)),
    );
    const withContent = new Set(manifest.items.map((d) => titleOf.get(d.sessionSlug)));
    const deadline = Date.now() + 90_000;
    let view: { title: string; contentStatus: string }[] = [];
    while (Date.now() < deadline) {
      view = (await attendee.get('/api/sessions').expect(200)).body;
      if (view.length === withContent.size && view.every((s) => s.contentStatus === 'available')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(new Set(view.map((s) => s.title))).toEqual(withContent);
    expect(view.map((s) => s.contentStatus)).toEqual(view.map(() => 'available'));
    const dataDir = t.dataDir;

    // restart with the same data: nothing added
    await t.close({ keepData: true });
    t = await startTestApp({ SEED_DEMO: 'true' }, dataDir);
    await t.app.get(DemoSeeder).whenDocumentsHandedOver();
    expect(await sessionCount(t)).toBe(program.items.length);
    expect(await count(t, `SELECT count(*)::int AS n FROM documents`)).toBe(manifest.items.length);

    // delete every session, restart: the demo does not come back
    await t.app.get(DataSource).query(`DELETE FROM sessions`);
    await t.close({ keepData: true });
    t = await startTestApp({ SEED_DEMO: 'true' }, dataDir);
    expect(await sessionCount(t)).toBe(0);
    expect(bootMs).toBeLessThan(15_000);
  });

  it('does not seed with SEED_DEMO=false, nor over existing sessions', async () => {
    t = await startTestApp({ SEED_DEMO: 'false' });
    expect(await sessionCount(t)).toBe(0);
    expect(await count(t, `SELECT count(*)::int AS n FROM app_meta WHERE key = 'demo_seed'`)).toBe(0);
    await t.app.get(DataSource).query(`INSERT INTO sessions (title) VALUES ('Our own session')`);
    const dataDir = t.dataDir;
    await t.close({ keepData: true });

    t = await startTestApp({ SEED_DEMO: 'true' }, dataDir);
    const titles = await t.app.get(DataSource).query(`SELECT title FROM sessions`);
    expect(titles).toEqual([{ title: 'Our own session' }]);
    const [{ value }] = await t.app.get(DataSource).query(`SELECT value FROM app_meta WHERE key = 'demo_seed'`);
    expect(value).toMatchObject({ state: 'skipped', reason: 'sessions already present' });
  });
});
