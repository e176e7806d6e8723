import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { DENVER, programFixture, programImportSuite } from './utils/program-import';
import { signIn, type TestApp } from './utils/test-app';

const SUPER = 'super@program.test';
const fixture = programFixture;

describe('session import: export upsert, pretalx schedule.json, frab schedule.xml', () => {
  let t: TestApp;
  let db: DataSource;
  let superadmin: TestAgent;

  const { all, importBody } = programImportSuite(SUPER, (suite) => ({ t, db, superadmin } = suite));

  describe('the export imported again', () => {
    async function seedTwoWithADocument() {
      const a = await superadmin
        .post('/api/admin/session')
        .send({
          title: 'Residual Values Panel',
          speakers: ['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee'],
          date: '2025-09-09T14:00:00-06:00',
          location: 'B422',
          endTime: '3:00 PM',
          description: 'How residual values moved.',
        })
        .expect(201);
      await superadmin.post('/api/admin/session').send({ title: 'Credit Workshop', format: 'workshop' }).expect(201);
      await db.query(
        `INSERT INTO documents (session_id, kind, original_filename, storage_path, mime_type, bytes, status)
         VALUES ($1, 'transcript', 'panel.txt', 'x/panel.txt', 'text/plain', 10, 'embedded')`,
        [a.body.id],
      );
      return a.body.id as string;
    }

    it('upsert twice: the session count stays, ids and documents are kept, nothing is doubled', async () => {
      const id = await seedTwoWithADocument();
      const file = JSON.parse((await superadmin.get('/api/superadmin/export-sessions').expect(200)).text);
      for (let round = 0; round < 2; round++) {
        const res = await importBody({ sessions: file.sessions, mode: 'upsert' }).expect(200);
        expect(res.body).toEqual({
          message: 'Successfully imported 2 of 2 sessions: 0 created, 2 updated.',
          imported: 2,
          created: 0,
          updated: 2,
          skipped: [],
          mode: 'upsert',
          source: 'sessions',
          conference: null,
        });
      }
      const after = await all();
      expect(after).toHaveLength(2);
      const panel = after.find((s) => s.id === id)!;
      expect(panel).toMatchObject({
        speakers: ['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee'],
        description: 'How residual values moved.',
        location: 'B422',
        startTime: '2:00 PM',
        endTime: '3:00 PM',
        day: 2,
        documentsCount: 1,
      });
      const again = JSON.parse((await superadmin.get('/api/superadmin/export-sessions').expect(200)).text);
      expect(again.sessions).toEqual(file.sessions);
    });

    it('upsert updates changed fields in place, keeps the fields a row leaves out, creates unknown rows', async () => {
      const id = await seedTwoWithADocument();
      const res = await importBody({
        mode: 'upsert',
        sessions: [
          { id, title: 'Residual Values Panel (updated)', location: 'Main Hall' },
          { id: '3f0f9c56-0000-4000-8000-000000000001', title: 'Brand new', speakers: ['Cy Diaz'] },
          { id, title: 'Same session again' },
        ],
      }).expect(200);
      expect(res.body).toMatchObject({
        message: 'Successfully imported 2 of 3 sessions: 1 created, 1 updated. Skipped 1: #3 (same session as row #1).',
        created: 1,
        updated: 1,
        skipped: [{ index: 2, title: 'Same session again', reason: 'same session as row #1' }],
      });
      const after = await all();
      expect(after.map((s) => s.title)).toEqual(['Brand new', 'Credit Workshop', 'Residual Values Panel (updated)']);
      expect(after[0].id).toBe('3f0f9c56-0000-4000-8000-000000000001');
      expect(after[2]).toMatchObject({
        id,
        location: 'Main Hall',
        speakers: ['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee'],
        description: 'How residual values moved.',
        documentsCount: 1,
      });
    });

    it("create-new (the spec's mode, also when mode is left out) adds copies, as before", async () => {
      await seedTwoWithADocument();
      const file = JSON.parse((await superadmin.get('/api/superadmin/export-sessions').expect(200)).text);
      const res = await importBody({ sessions: file.sessions }).expect(200);
      expect(res.body).toMatchObject({ created: 2, updated: 0, mode: 'create-new' });
      expect(await all()).toHaveLength(4);
    });

    it('answers 400 to an unknown mode', async () => {
      await importBody({ sessions: [{ title: 'x' }], mode: 'replace' }).expect(400, {
        message: "Import mode must be 'create-new' (add every session as new) or 'upsert' (update matching sessions).",
      });
    });
  });

  describe('pretalx', () => {
    it('imports schedule.json: titles, speakers, type → format, room, local times, days, description', async () => {
      const res = await importBody(JSON.parse(fixture('pretalx-schedule.json'))).expect(200);
      expect(res.body).toMatchObject({ created: 4, updated: 0, skipped: [], mode: 'upsert', source: 'pretalx' });
      const rows = await all();
      expect(rows.map((r) => [r.title, r.format, r.day, r.startTime, r.endTime, r.location, r.externalId])).toEqual([
        ['Accueil / Welcome', 'keynote', 1, '8:50 AM', '9:35 AM', 'B003', 'pretalx:38LRHE'],
        ['Développement de CPython', 'concurrent', 2, '10:00 AM', '10:30 AM', 'B003', 'pretalx:SLX739'],
        ['Lightning talks', 'lightning', 2, '5:00 PM', '5:45 PM', 'B003', 'pretalx:LTALKS'],
        ['Python sans GIL et le GPU : Atelier Pratique', 'workshop', 1, '2:00 PM', '3:30 PM', 'B422', 'pretalx:VT7MDZ'],
      ]);
      const welcome = rows[0];
      expect(welcome.date).toBe('2025-11-01T07:50:00.000Z');
      expect(welcome.speakers).toEqual(['Lucie Anglade']);
      expect(welcome.tags).toEqual(['Short plenary']);
      expect(welcome.description).toBe(
        "Session d'ouverture de PyFixture 2025.\n\nOpening talk for PyFixture 2025.\n\nSee the site (https://example.org/).",
      );
      expect(rows[3].speakers).toEqual(['Jānis Kalvāns', 'Dana Whitfield, Chief Economist']);
      expect(rows[3].tags).toEqual(['Workshop', 'Science']);
      expect(rows[3].description).toBe('Un atelier pratique.');
    });

    it('importing the same program again updates its sessions (documents kept) instead of duplicating', async () => {
      const program = JSON.parse(fixture('pretalx-schedule.json'));
      await importBody(program).expect(200);
      const before = await all();
      await db.query(
        `INSERT INTO documents (session_id, kind, original_filename, storage_path, mime_type, bytes, status)
         VALUES ($1, 'pdf', 'slides.pdf', 'x/slides.pdf', 'application/pdf', 10, 'embedded')`,
        [before[0].id],
      );
      program.schedule.conference.days[0].rooms.B003[0].title = 'Accueil / Welcome (mis à jour)';
      program.schedule.conference.days[0].rooms.B003[0].room = 'Amphi A';
      const res = await importBody(program).expect(200);
      expect(res.body).toMatchObject({ created: 0, updated: 4, skipped: [] });
      const after = await all();
      expect(after).toHaveLength(4);
      expect(after[0]).toMatchObject({
        id: before[0].id,
        title: 'Accueil / Welcome (mis à jour)',
        location: 'Amphi A',
        documentsCount: 1,
      });
    });

    it('imports the talk listing (schedule keyed by date, minute and room)', async () => {
      const res = await importBody(JSON.parse(fixture('pretalx-talks.json'))).expect(200);
      expect(res.body).toMatchObject({ created: 2, source: 'pretalx' });
      const rows = await all();
      expect(rows.map((r) => [r.title, r.format, r.day, r.startTime, r.endTime, r.location, r.externalId, r.description])).toEqual([
        ['Accueil / Welcome', 'keynote', 1, '8:50 AM', '9:35 AM', 'B003', 'pretalx:38LRHE', "Session d'ouverture.\n\nOpening talk."],
        ['Développement de CPython', 'concurrent', 2, '10:00 AM', '10:30 AM', 'B316', 'pretalx:SLX739', 'Comment contribuer.'],
      ]);
      // The same talks from the other pretalx export update them.
      const again = await importBody(JSON.parse(fixture('pretalx-schedule.json'))).expect(200);
      expect(again.body).toMatchObject({ created: 2, updated: 2 });
      expect(await all()).toHaveLength(4);
    });

    it('answers 400 to a schedule of another shape', async () => {
      await importBody({ schedule: { conference: { title: 'x' } } }).expect(400, {
        message: 'The pretalx schedule must hold schedule.conference.days, each with rooms of talks.',
      });
      await importBody({ schedule: { talks: [] } }).expect(400, {
        message: 'The pretalx schedule must hold schedule.conference.days, each with rooms of talks.',
      });
    });
  });

  describe("the program's conference: name, dates and time zone", () => {
    // A new name also names the header and empties the spec's suggested questions (about equipment finance).
    const PYFIXTURE = {
      ...DENVER,
      name: 'PyFixture 2025',
      shortName: 'PyFixture 2025',
      suggestedQuestions: [],
      startDate: '2025-11-01',
      endDate: '2025-11-02',
      venue: 'Denver, CO',
      timeZone: 'Europe/Paris',
    };

    it('settings never set: a published program brings its own, and says so (the venue is left to the admin)', async () => {
      const res = await importBody(JSON.parse(fixture('pretalx-schedule.json'))).expect(200);
      expect(res.body.message).toBe(
        'Successfully imported 4 of 4 sessions: 4 created, 0 updated. Conference settings now follow the program: ' +
          'name PyFixture 2025, dates 2025-11-01 to 2025-11-02, time zone Europe/Paris. ' +
          'The venue (Denver, CO) is unchanged: set it in Conference Settings.',
      );
      expect(res.body.conference).toEqual({ outcome: 'applied', fields: ['name', 'dates', 'timeZone'], settings: PYFIXTURE });
      await request(t.url).get('/api/conference').expect(200, PYFIXTURE);
      // Day 1 is the program's first day now: what's on is told in the program's days and zone.
      const rows = await all();
      expect(rows.find((r) => r.externalId === 'pretalx:38LRHE')).toMatchObject({ day: 1, startTime: '8:50 AM' });

      // The same program again: nothing to change, nothing said.
      const again = await importBody(JSON.parse(fixture('pretalx-schedule.json'))).expect(200);
      expect(again.body.message).toBe('Successfully imported 4 of 4 sessions: 0 created, 4 updated.');
      expect(again.body.conference).toEqual({ outcome: 'same', fields: [], settings: PYFIXTURE });
    });

    it('settings an admin has set are never overwritten: the message says where the program differs', async () => {
      const mine = { ...DENVER, name: 'My Conference', venue: 'Brussels' };
      await superadmin.put('/api/admin/conference').send(mine).expect(200, mine);
      const res = await importBody({ xml: fixture('schedule.xml') }).expect(200);
      expect(res.body.message).toBe(
        "Successfully imported 3 of 3 sessions: 3 created, 0 updated. The program's name (FixFest 2025), " +
          'dates (2025-02-01 to 2025-02-02) and time zone (Europe/Brussels) differ from the conference settings ' +
          '(My Conference, 2025-09-08 to 2025-09-10, America/Denver), which were left as they are: ' +
          'change them in Conference Settings if the program is right.',
      );
      expect(res.body.conference).toEqual({ outcome: 'differs', fields: ['name', 'dates', 'timeZone'], settings: mine });
      await request(t.url).get('/api/conference').expect(200, mine);
    });

    it('a listing that names only its days brings the dates; a program that imports nothing changes nothing', async () => {
      const listing = JSON.parse(fixture('pretalx-talks.json'));
      const res = await importBody(listing).expect(200);
      expect(res.body.conference).toEqual({
        outcome: 'applied',
        fields: ['dates'],
        settings: { ...DENVER, startDate: '2025-11-01', endDate: '2025-11-02' },
      });
      await superadmin.put('/api/admin/conference').send(DENVER).expect(200, DENVER);
      const empty = await importBody({ xml: fixture('schedule.xml').replace(/<event[\s\S]*?<\/event>/g, '') }).expect(200);
      expect(empty.body).toMatchObject({ imported: 0, conference: null });
      await request(t.url).get('/api/conference').expect(200, DENVER);
    });
  });

  describe('frab schedule.xml', () => {
    it('imports events with persons, rooms, types, local times, days and text, then updates them on re-import', async () => {
      const xml = fixture('schedule.xml');
      const res = await importBody({ xml }).expect(200);
      expect(res.body).toMatchObject({ created: 3, updated: 0, skipped: [], source: 'frab', mode: 'upsert' });
      const rows = await all();
      expect(rows.map((r) => [r.title, r.format, r.day, r.startTime, r.endTime, r.location, r.speakers, r.externalId])).toEqual([
        ['Late night BoF', 'roundtable', 1, '11:30 PM', '12:30 AM', 'K.1.105', ['Cy Diaz'], 'frab:7e1f0000-0000-4000-8000-000000000002'],
        ['Rust for Pythonistas', 'concurrent', 2, '11:00 AM', '11:25 AM', 'Janson', ['Dana Whitfield'], 'frab:5003'],
        [
          'Welcome to FixFest & friends',
          'keynote',
          1,
          '9:30 AM',
          '10:20 AM',
          'Janson',
          ['Ana Ruiz', 'Bo Lee'],
          'frab:7e1f0000-0000-4000-8000-000000000001',
        ],
      ]);
      expect(rows[2].description).toBe('Opening words.\n\nWhere to find coffee.');
      expect(rows[2].tags).toEqual(['keynote', 'Keynotes', 'English']);

      const again = await importBody({ xml: xml.replace('Rust for Pythonistas', 'Rust for Pythonistas, revised'), mode: 'upsert' }).expect(
        200,
      );
      expect(again.body).toMatchObject({ created: 0, updated: 3 });
      const after = await all();
      expect(after).toHaveLength(3);
      expect(after.find((r) => r.externalId === 'frab:5003')).toMatchObject({ id: rows[1].id, title: 'Rust for Pythonistas, revised' });
    });

    it.each([
      ['not XML at all', 'hello <', 'The schedule XML could not be read: it is not well-formed XML.'],
      [
        'another root',
        '<program><talk/></program>',
        'The schedule XML must have a <schedule> root with <day>, <room> and <event> elements.',
      ],
      [
        'a DOCTYPE with entities',
        '<!DOCTYPE schedule [<!ENTITY a "aaaa">]><schedule><day date="2025-01-01"/></schedule>',
        'The schedule XML must not contain a DOCTYPE or entity declarations.',
      ],
    ])('answers 400 to %s', async (_label, xml, message) => {
      await importBody({ xml }).expect(400, { message });
      expect(await all()).toHaveLength(0);
    });
  });

  it('guards sizes: too many sessions, too long fields', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => ({ title: `S${i}` }));
    await importBody({ sessions: many }).expect(400, { message: 'An import can hold at most 5000 sessions.' });
    const res = await importBody({
      sessions: [
        { title: 'x'.repeat(301) },
        { title: 'Long abstract', description: 'y'.repeat(10_001) },
        { title: 'Fine', description: 'z'.repeat(10_000) },
      ],
    }).expect(200);
    expect(res.body.skipped).toEqual([
      { index: 0, title: 'x'.repeat(301), reason: 'Title must be at most 300 characters.' },
      { index: 1, title: 'Long abstract', reason: 'Description must be at most 10,000 characters.' },
    ]);
  });

  it('the description round-trips through the attendee list, one session and the export', async () => {
    const text = 'Line one, with commas.\n\nLine two: « guillemets » & <tags> stay text.';
    const created = await superadmin.post('/api/admin/session').send({ title: 'Described', description: text }).expect(201);
    expect(created.body.description).toBe(text);
    const attendee = await signIn(t, { email: 'desc@example.com', firstName: 'Dee' });
    expect((await attendee.get(`/api/sessions/${created.body.id}`).expect(200)).body).toMatchObject({
      description: text,
      externalId: null,
    });
    expect((await attendee.get('/api/sessions?includeAll=true').expect(200)).body[0].description).toBe(text);
    const file = JSON.parse((await superadmin.get('/api/superadmin/export-sessions').expect(200)).text);
    await db.query(`DELETE FROM sessions`);
    await importBody({ sessions: file.sessions, mode: 'upsert' }).expect(200);
    expect((await attendee.get(`/api/sessions/${created.body.id}`).expect(200)).body.description).toBe(text);
  });
});
