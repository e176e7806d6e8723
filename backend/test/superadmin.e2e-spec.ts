import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { ActivityService } from '../src/activity/activity.service';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const SUPER = 'super@superadmin.test';
const ADMIN = 'admin@superadmin.test';

describe('super admin (analytics, session export and import)', () => {
  let t: TestApp;
  let db: DataSource;
  let superadmin: TestAgent;
  let admin: TestAgent;
  let attendee: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ SUPERADMIN_EMAILS: SUPER, ADMIN_EMAILS: ADMIN });
    db = t.app.get(DataSource);
    superadmin = await signInPrivileged(t, SUPER, { firstName: 'Sue', lastName: 'Per' });
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db.query(`DELETE FROM sessions`);
  });

  it('answers 401 signed out and 403 to attendees and admins', async () => {
    const calls = [
      (a: TestAgent | ReturnType<typeof request>) => a.get('/api/superadmin/analytics'),
      (a: TestAgent | ReturnType<typeof request>) => a.get('/api/superadmin/export-sessions'),
      (a: TestAgent | ReturnType<typeof request>) => a.post('/api/superadmin/import-sessions').send({ sessions: [{ title: 'x' }] }),
    ];
    for (const call of calls) {
      await call(request(t.url)).expect(401, { message: 'Unauthorized' });
      await call(attendee).expect(403);
      await call(admin).expect(403);
    }
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM sessions`);
    expect(n).toBe(0);
  });

  describe('GET /api/superadmin/export-sessions', () => {
    it('downloads every session as a JSON file named with the current date', async () => {
      await superadmin.post('/api/admin/session').send({ title: 'No content yet' }).expect(201);
      const res = await superadmin.get('/api/superadmin/export-sessions').expect(200);
      // Today in the conference's zone (America/Denver), as every date of the program.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="sessions_export_${today}.json"`);
      const file = JSON.parse(res.text);
      expect(Date.parse(file.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(file.sessions).toEqual([
        {
          id: expect.any(String),
          title: 'No content yet',
          description: '',
          speakers: [],
          tags: [],
          format: 'panel',
          date: null,
          day: null,
          startTime: null,
          endTime: null,
          location: null,
          externalId: null,
        },
      ]);
    });
  });

  describe('GET /api/admin/export-sessions', () => {
    it("gives an admin the super admin's file: the same name (conference date) and the same {exportedAt, sessions}", async () => {
      const fromAdmin = await admin.get('/api/admin/export-sessions').expect(200);
      const fromSuper = await superadmin.get('/api/superadmin/export-sessions').expect(200);
      expect(fromAdmin.headers['content-disposition']).toBe(fromSuper.headers['content-disposition']);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
      expect(fromAdmin.headers['content-disposition']).toBe(`attachment; filename="sessions_export_${today}.json"`);
      const a = JSON.parse(fromAdmin.text);
      const b = JSON.parse(fromSuper.text);
      expect(Object.keys(a).sort()).toEqual(['exportedAt', 'sessions']);
      expect(a.sessions).toEqual(b.sessions);
      await request(t.url).get('/api/admin/export-sessions').expect(401);
    });
  });

  describe('POST /api/superadmin/import-sessions', () => {
    it('round-trips: export, empty the table, import, export again gives the same sessions', async () => {
      const inputs = [
        {
          title: 'Opening Keynote',
          speakers: 'Ana Ruiz',
          tags: 'outlook',
          date: '2025-09-08T08:30:00-06:00',
          format: 'keynote',
          location: 'Main Hall',
          endTime: '9:15 AM',
          description: 'Welcome.',
        },
        {
          title: 'Credit Panel',
          speakers: ['Bo Lee', 'Cy Diaz'],
          tags: ['credit', 'risk'],
          date: '2025-09-09T13:00:00-06:00',
          format: 'panel',
        },
        { title: 'Unscheduled Lab', format: 'workshop', day: 3 },
      ];
      for (const body of inputs) await superadmin.post('/api/admin/session').send(body).expect(201);
      const first = JSON.parse((await superadmin.get('/api/superadmin/export-sessions').expect(200)).text);
      expect(first.sessions).toHaveLength(3);

      await db.query(`DELETE FROM sessions`);
      const imported = await superadmin
        .post('/api/superadmin/import-sessions')
        .send({ sessions: first.sessions, mode: 'create-new' })
        .expect(200);
      expect(imported.body).toEqual({
        message: 'Successfully imported 3 of 3 sessions: 3 created, 0 updated.',
        imported: 3,
        created: 3,
        updated: 0,
        skipped: [],
        mode: 'create-new',
        source: 'sessions',
        conference: null,
      });

      const second = JSON.parse((await superadmin.get('/api/superadmin/export-sessions').expect(200)).text);
      const withoutIds = (rows: { id: string }[]) => rows.map(({ id: _id, ...rest }) => rest);
      expect(withoutIds(second.sessions)).toEqual(withoutIds(first.sessions));
      // create-new: new ids, never the exported ones
      const oldIds = new Set(first.sessions.map((s: { id: string }) => s.id));
      expect(second.sessions.some((s: { id: string }) => oldIds.has(s.id))).toBe(false);
    });

    it('skips a row with a speaker or tag over 200 characters or a location over 300, naming the reason', async () => {
      const long = (n: number) => 'y'.repeat(n);
      const res = await superadmin
        .post('/api/superadmin/import-sessions')
        .send({
          mode: 'create-new',
          sessions: [
            { title: 'Speaker', speakers: [long(201)] },
            { title: 'Tag', tags: `ok, ${long(201)}` },
            { title: 'Room', location: long(301) },
            { title: 'Limits', speakers: [long(200)], tags: [long(200)], location: long(300) },
          ],
        })
        .expect(200);
      expect(res.body.message).toBe(
        'Successfully imported 1 of 4 sessions: 1 created, 0 updated. Skipped 3: #1 (Each speaker must be at most 200 characters.), ' +
          '#2 (Each tag must be at most 200 characters.), #3 (Location must be at most 300 characters.).',
      );
    });

    it('imports the good rows with PRODUCT.md defaults and skips the bad ones, naming them', async () => {
      const res = await superadmin
        .post('/api/superadmin/import-sessions')
        .send({
          mode: 'create-new',
          sessions: [
            { speakers: 'A, B' },
            'just a string',
            { title: 'Bad date', date: 'yesterday' },
            { title: 'By type', type: 'Fireside Chat', date: '2025-09-10T10:00:00-06:00' },
            { title: 'Wrong speakers', speakers: 5 },
            null,
            { title: '  Spaced  ', format: 'nonsense', tags: ' a ,, b ' },
            { title: 17 },
          ],
        })
        .expect(200);
      expect(res.body).toEqual({
        message:
          'Successfully imported 3 of 8 sessions: 3 created, 0 updated. Skipped 5: #2 (not an object), #3 (invalid date), ' +
          '#5 (Speakers must be a list of names or a comma-separated string.), #6 (not an object), #8 (title must be text).',
        imported: 3,
        created: 3,
        updated: 0,
        mode: 'create-new',
        source: 'sessions',
        conference: null,
        skipped: [
          { index: 1, title: null, reason: 'not an object' },
          { index: 2, title: 'Bad date', reason: 'invalid date' },
          { index: 4, title: 'Wrong speakers', reason: 'Speakers must be a list of names or a comma-separated string.' },
          { index: 5, title: null, reason: 'not an object' },
          { index: 7, title: null, reason: 'title must be text' },
        ],
      });
      const rows = await db.query(
        `SELECT title, speakers, tags, format, date, day, start_time AS "startTime" FROM sessions ORDER BY title`,
      );
      expect(rows).toEqual([
        {
          title: 'By type',
          speakers: [],
          tags: [],
          format: 'fireside',
          date: new Date('2025-09-10T16:00:00Z'),
          day: 3,
          startTime: '10:00 AM',
        },
        { title: 'Spaced', speakers: [], tags: ['a', 'b'], format: 'panel', date: null, day: null, startTime: null },
        { title: 'Untitled Session', speakers: ['A', 'B'], tags: [], format: 'panel', date: null, day: null, startTime: null },
      ]);
    });

    it.each([
      ['an empty object', {}],
      ['sessions as text', { sessions: 'all of them' }],
      ['sessions as an object', { sessions: { title: 'x' } }],
      ['a bare array', [{ title: 'x' }]],
    ])('answers 400 to %s', async (_label, body) => {
      const res = await superadmin.post('/api/superadmin/import-sessions').send(body).expect(400);
      expect(res.body).toEqual({
        message:
          'Import data must be a JSON object with a "sessions" array, or a program as its organisers publish it. The importer reads: ' +
          "the export's sessions JSON, pretalx (schedule.json, talk listing, API talks, schedule widget), frab/Pentabarf schedule.xml, " +
          'Sessionize (All data, schedule grid, sessions list), iCalendar (.ics), CSV and XLSX with a column mapping.',
      });
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM sessions`);
      expect(n).toBe(0);
    });

    it('answers 400 to a mode other than create-new or upsert, and reads a missing mode as create-new', async () => {
      await superadmin
        .post('/api/superadmin/import-sessions')
        .send({ sessions: [{ title: 'x' }], mode: 'replace' })
        .expect(400, {
          message: "Import mode must be 'create-new' (add every session as new) or 'upsert' (update matching sessions).",
        });
      await superadmin
        .post('/api/superadmin/import-sessions')
        .send({ sessions: [{ title: 'x' }] })
        .expect(200, {
          message: 'Successfully imported 1 of 1 session: 1 created, 0 updated.',
          imported: 1,
          created: 1,
          updated: 0,
          skipped: [],
          mode: 'create-new',
          source: 'sessions',
          conference: null,
        });
    });
  });

  describe('GET /api/superadmin/analytics', () => {
    it('counts logins and chat prompts per user, with last login and member since', async () => {
      await signIn(t, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' });
      await signIn(t, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' });
      const quiet = await signIn(t, { email: 'quiet@example.com', firstName: 'Quinn' });
      expect(quiet).toBeDefined();
      const [{ id: anaId }] = await db.query(`SELECT id FROM users WHERE email = 'ana@example.com'`);
      const activity = t.app.get(ActivityService);
      for (let i = 0; i < 4; i++) await activity.record(anaId, 'chat_message', 'Asked a question', { messagePreview: `q${i}` });
      await activity.record(anaId, 'other', 'Downloaded takeaways');
      await db.query(`INSERT INTO users (email, first_name) VALUES ('never@example.com', '')`);

      const res = await superadmin.get('/api/superadmin/analytics').expect(200);
      const byEmail = Object.fromEntries(res.body.map((u: { email: string }) => [u.email, u]));
      expect(byEmail['ana@example.com']).toEqual({
        userId: anaId,
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana@example.com',
        totalLogins: 3,
        totalChatPrompts: 4,
        lastLogin: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(byEmail['quiet@example.com']).toMatchObject({ totalLogins: 1, totalChatPrompts: 0 });
      expect(byEmail['never@example.com']).toMatchObject({ totalLogins: 0, totalChatPrompts: 0, lastLogin: null });
      // the super admin signed in by form, then by the emailed link: two logins
      expect(byEmail[SUPER]).toMatchObject({ firstName: 'Sue', lastName: 'Per', totalLogins: 2 });
      expect(res.body[res.body.length - 1].email).toBe('never@example.com');
      const [{ logins }] = await db.query(`SELECT count(*)::int AS logins FROM user_actions WHERE action_type = 'login'`);
      expect(res.body.reduce((sum: number, u: { totalLogins: number }) => sum + u.totalLogins, 0)).toBe(logins);
    });
  });
});
