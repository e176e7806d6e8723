import ExcelJS from 'exceljs';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { DENVER, type ListedSession, programFixture, programImportSuite } from './utils/program-import';
import { signIn, type TestApp } from './utils/test-app';

const SUPER = 'super@formats.test';
const fixture = programFixture;
const json = (name: string) => JSON.parse(fixture(name));

const FORMATS_READ =
  "the export's sessions JSON, pretalx (schedule.json, talk listing, API talks, schedule widget), frab/Pentabarf schedule.xml, " +
  'Sessionize (All data, schedule grid, sessions list), iCalendar (.ics), CSV and XLSX with a column mapping';

describe('session import: programs as organisers publish them (pretalx, frab, Sessionize, iCalendar, CSV, XLSX), dry run', () => {
  let t: TestApp;
  let db: DataSource;
  let superadmin: TestAgent;

  const { all, importBody: post } = programImportSuite(SUPER, (suite) => ({ t, db, superadmin } = suite));
  const count = async () => Number((await db.query(`SELECT count(*)::int AS n FROM sessions`))[0].n);
  /** What the user sees of each session: title, day, start, end, room, speakers. */
  const seen = (rows: ListedSession[]) => rows.map((r) => [r.title, r.day, r.startTime, r.endTime, r.location, r.speakers]);

  describe('pretalx', () => {
    it('reads the talk listing whose talks have one `slot` and localized names, speakers by code, rooms by id, and extra meals', async () => {
      const res = await post(json('pretalx-slot-i18n.json')).expect(200);
      expect(res.body).toMatchObject({ created: 4, updated: 0, skipped: [], source: 'pretalx', mode: 'upsert' });
      const rows = await all();
      expect(seen(rows)).toEqual([
        ['Atelier : tests de propriétés', 2, '2:00 PM', '3:30 PM', 'Amphi Bleu', ['Oskar Lind']],
        ['Lunch', 1, '12:30 PM', null, null, []],
        ['Ouverture / Opening', 1, '9:00 AM', '9:30 AM', 'Amphi Bleu', ['Maëlle Durand']],
        ['Typage progressif en pratique', 1, '10:00 AM', '10:25 AM', 'Salle 2', ['Ines Baptiste', 'Oskar Lind']],
      ]);
      expect(rows.map((r) => r.format)).toEqual(['workshop', 'roundtable', 'keynote', 'concurrent']);
      expect(rows[2]).toMatchObject({ tags: ['Plenary', 'Community'], externalId: 'pretalx:QX7ABC', date: '2024-10-31T08:00:00.000Z' });
      expect(rows[1].externalId).toBe('pretalx:extra:thursday-lunch');
    });

    it("reads the API's talks ({results}) and a bare array of them; importing again updates by pretalx code", async () => {
      const api = json('pretalx-api-talks.json');
      await post(api).expect(200);
      const rows = await all();
      expect(seen(rows)).toEqual([
        ['Caching at the edge', 1, '11:00 AM', '11:30 AM', 'Hall A', ['Priya Natarajan']],
        ['Lightning round', 2, '4:15 PM', '5:00 PM', 'Hall B', ['Tom Becker', 'Priya Natarajan']],
        ['Not yet scheduled', null, null, null, null, []],
      ]);
      expect(rows.map((r) => [r.format, r.externalId])).toEqual([
        ['concurrent', 'pretalx:API001'],
        ['lightning', 'pretalx:API002'],
        ['concurrent', 'pretalx:API003'],
      ]);
      expect(rows[0].tags).toEqual(['Talk', 'Infrastructure']);
      api.results[0].title = 'Caching at the edge, revised';
      const again = await superadmin.post('/api/superadmin/import-sessions').send(api.results).expect(200);
      expect(again.body).toMatchObject({ created: 0, updated: 3, source: 'pretalx' });
      expect((await all()).map((r) => [r.id, r.title])).toEqual([
        [rows[0].id, 'Caching at the edge, revised'],
        [rows[1].id, 'Lightning round'],
        [rows[2].id, 'Not yet scheduled'],
      ]);
    });
  });

  describe('frab/Pentabarf schedule.xml', () => {
    it('places <start> within its <day>, after midnight on the next date before day_change, in the same program day', async () => {
      const res = await post({ xml: fixture('frab-day-change.xml') }).expect(200);
      expect(res.body).toMatchObject({ created: 3, source: 'frab' });
      const rows = await all();
      expect(seen(rows)).toEqual([
        // Character references are decoded as every XML reader does (the 28c3 file writes accents as &#233;).
        ['Closing „Auf Wiedersehen“ & thanks', 2, '1:30 PM', '2:00 PM', 'Hall 2', ['Rike Vogel', 'René Löw']],
        ['Midnight quiz', 1, '12:15 AM', '1:15 AM', 'Hall 1', ['Sam Okafor', 'Lee Park']],
        ['Opening the congress', 1, '11:00 AM', '11:45 AM', 'Hall 1', ['Rike Vogel']],
      ]);
      // The program names no zone: its wall times are the conference's (Denver, UTC-7 in December).
      expect(rows[1].date).toBe('2030-12-28T07:15:00.000Z');
      expect(rows[1].tags).toEqual(['contest', 'Entertainment', 'English']);
      expect(rows[2].tags).toEqual(['lecture', 'Ceremony', 'German']);
      expect(rows.map((r) => r.externalId)).toEqual(['frab:201', 'frab:102', 'frab:101']);
    });

    it('reads frab JSON (pretalx schedule.json) events that give only a start, with day_change', async () => {
      const conference = {
        title: 'JSON Night',
        start: '2031-03-01',
        end: '2031-03-01',
        day_change: '05:00',
        time_zone_name: 'Europe/Berlin',
        days: [
          {
            date: '2031-03-01',
            rooms: {
              Loft: [
                {
                  guid: 'b0000000-0000-4000-8000-000000000001',
                  title: 'Dusk talk',
                  start: '21:00',
                  duration: '00:30',
                  type: 'Talk',
                  persons: [{ public_name: 'Mia Chen' }],
                },
                {
                  guid: 'b0000000-0000-4000-8000-000000000002',
                  title: 'Dawn talk',
                  start: '01:30',
                  duration: '00:45',
                  type: 'Talk',
                  persons: [{ name: 'Ola Berg' }],
                },
              ],
            },
          },
        ],
      };
      await post({ schedule: { version: '1', conference } }).expect(200);
      const rows = await all();
      expect(seen(rows)).toEqual([
        ['Dawn talk', 1, '1:30 AM', '2:15 AM', 'Loft', ['Ola Berg']],
        ['Dusk talk', 1, '9:00 PM', '9:30 PM', 'Loft', ['Mia Chen']],
      ]);
      // Berlin's wall time, on the calendar day after the program day.
      expect(rows[0].date).toBe('2031-03-02T00:30:00.000Z');
    });

    it('takes the file raw as text/xml, with the flags in the query string', async () => {
      const res = await superadmin
        .post('/api/superadmin/import-sessions?dryRun=true')
        .set('Content-Type', 'text/xml')
        .send(fixture('frab-day-change.xml'))
        .expect(200);
      expect(res.body).toMatchObject({ dryRun: true, source: 'frab', preview: { sessions: 3, toCreate: 3 } });
      expect(await count()).toBe(0);
      await superadmin
        .post('/api/superadmin/import-sessions')
        .set('Content-Type', 'application/xml')
        .send(fixture('schedule.xml'))
        .expect(200);
      expect(await count()).toBe(3);
    });
  });

  describe('Sessionize', () => {
    it('reads "All data" (rooms, speakers and categories by id), told apart from the export by its shape', async () => {
      const res = await post(json('sessionize-all-data.json')).expect(200);
      expect(res.body).toMatchObject({ created: 3, source: 'sessionize', mode: 'upsert' });
      const rows = await all();
      expect(seen(rows)).toEqual([
        ['Accessible forms', 1, '1:30 PM', '1:50 PM', 'Workshop Room', ['Jo Adeyemi']],
        ['Registration & coffee', 1, '8:00 AM', '8:45 AM', 'Main Stage', []],
        ['Shipping on Fridays', 1, '9:00 AM', '9:45 AM', 'Main Stage', ['Wen Zhou', 'Carla Méndez']],
      ]);
      expect(rows.map((r) => [r.format, r.tags, r.externalId])).toEqual([
        ['lightning', ['Lightning (20 min)', 'Accessibility'], 'sessionize:900003'],
        ['roundtable', [], 'sessionize:900001'],
        ['concurrent', ['Talk (45 min)', 'DevOps'], 'sessionize:900002'],
      ]);
      // Local times without an offset are the program's wall times in the conference's zone (Denver, UTC-6 in August).
      expect(rows[2].date).toBe('2027-08-14T15:00:00.000Z');
      // The export's own shape is still the export.
      const own = await post({ sessions: [{ title: 'From the export' }] }).expect(200);
      expect(own.body).toMatchObject({ source: 'sessions', mode: 'create-new', created: 1 });
    });

    it('reads the schedule grid (days of rooms), each session once, and updates the ones "All data" created', async () => {
      await post(json('sessionize-all-data.json')).expect(200);
      const res = await superadmin.post('/api/superadmin/import-sessions').send(json('sessionize-grid.json')).expect(200);
      expect(res.body).toMatchObject({ created: 1, updated: 2, source: 'sessionize' });
      const rows = await all();
      expect(seen(rows)).toEqual([
        ['Accessible forms', 1, '1:30 PM', '1:50 PM', 'Workshop Room', ['Jo Adeyemi']],
        ['Pairing with a screen reader', 2, '10:00 AM', '11:30 AM', 'Workshop Room', ['Jo Adeyemi']],
        ['Registration & coffee', 1, '8:00 AM', '8:45 AM', 'Main Stage', []],
        ['Shipping on Fridays', 1, '9:00 AM', '9:45 AM', 'Main Stage', ['Wen Zhou', 'Carla Méndez']],
      ]);
      expect(rows[1].format).toBe('workshop');
    });
    it('a bare array (the grid) takes its flags in the query string', async () => {
      const grid = json('sessionize-grid.json');
      const dry = await superadmin.post('/api/superadmin/import-sessions?dryRun=true&mode=create-new').send(grid).expect(200);
      expect(dry.body).toMatchObject({
        dryRun: true,
        mode: 'create-new',
        preview: { sessions: 3, toCreate: 3, serviceSessions: ['Registration & coffee'] },
      });
      expect(await count()).toBe(0);
      await superadmin
        .post('/api/superadmin/import-sessions?dryRun=maybe')
        .send(grid)
        .expect(400, { message: '"dryRun" must be true or false.' });
      expect(await count()).toBe(0);
    });
  });

  describe('iCalendar', () => {
    it('reads VEVENTs with TZID, DURATION and UTC times; the feed names its zone and conference', async () => {
      const res = await post({ ics: fixture('program.ics') }).expect(200);
      expect(res.body).toMatchObject({ created: 3, source: 'ical' });
      expect(res.body.conference).toEqual({
        outcome: 'applied',
        fields: ['name', 'dates', 'timeZone'],
        settings: {
          ...DENVER,
          name: 'Harbour Dev Days 2028',
          startDate: '2028-06-15',
          endDate: '2028-06-16',
          timeZone: 'Europe/Lisbon',
          // A new name names the header too, and the spec conference's questions go with its name.
          shortName: 'Harbour Dev Days 2028',
          suggestedQuestions: [],
        },
      });
      const rows = await all();
      expect(seen(rows)).toEqual([
        ['Keynote: tides of software', 1, '9:30 AM', '10:15 AM', 'Auditorium', ['Rita Fonseca']],
        ['Lunch', 2, '12:30 PM', '1:30 PM', 'Terrace', []],
        ['Streams in practice', 2, '2:00 PM', '2:50 PM', 'Room 3', ['Nuno Reis', 'Ada Kowal']],
      ]);
      expect(rows.map((r) => [r.format, r.externalId])).toEqual([
        ['keynote', 'ical:hdd-001@fixture.test'],
        ['roundtable', 'ical:hdd-003@fixture.test'],
        ['concurrent', 'ical:hdd-002@fixture.test'],
      ]);
      expect(rows[0].date).toBe('2028-06-15T08:30:00.000Z');
      expect(rows[2].tags).toEqual(['Talk', 'Data']);
    });

    it('applyConference sets the name, dates and zone even over settings an admin chose; raw text/calendar works', async () => {
      const mine = { ...DENVER, name: 'Mine', venue: 'Porto' };
      await superadmin.put('/api/admin/conference').send(mine).expect(200);
      const res = await superadmin
        .post('/api/superadmin/import-sessions?applyConference=true')
        .set('Content-Type', 'text/calendar')
        .send(fixture('program.ics'))
        .expect(200);
      expect(res.body.conference).toMatchObject({ outcome: 'applied', fields: ['name', 'dates', 'timeZone'] });
      await request(t.url)
        .get('/api/conference')
        .expect(200, {
          ...mine,
          name: 'Harbour Dev Days 2028',
          shortName: 'Harbour Dev Days 2028',
          suggestedQuestions: [],
          startDate: '2028-06-15',
          endDate: '2028-06-16',
          timeZone: 'Europe/Lisbon',
        });
    });
  });

  describe('CSV and XLSX with a column mapping', () => {
    it('a dry run proposes the mapping from French headers, shows the preview and writes nothing', async () => {
      const res = await post({ csv: fixture('program-fr.csv'), dryRun: true }).expect(200);
      expect(res.body).toMatchObject({ dryRun: true, source: 'csv', imported: 0, created: 0, updated: 0, conference: null });
      expect(res.body.message).toBe('Dry run of a CSV sheet: 3 sessions, 3 to create, 0 to update, 0 to skip. Nothing was written.');
      expect(res.body.preview).toEqual({
        sessions: 3,
        toCreate: 3,
        toUpdate: 0,
        days: [
          { date: '2029-03-12', day: 1, sessions: 2 },
          { date: '2029-03-13', day: 2, sessions: 1 },
        ],
        rooms: ['Salle Rhône', 'Hall', 'Salle Saône'],
        noTime: 0,
        noRoom: 0,
        serviceSessions: ['Pause café'],
        timeZone: 'America/Denver',
        timeZoneFrom: 'conference',
        proposedConference: { startDate: '2029-03-12', endDate: '2029-03-13' },
        differingFields: ['dates'],
        table: {
          columns: ['Identifiant', 'Titre', 'Date', 'Début', 'Fin', 'Salle', 'Intervenants', 'Parcours', 'Résumé'],
          mapping: {
            id: 'Identifiant',
            title: 'Titre',
            date: 'Date',
            start: 'Début',
            end: 'Fin',
            room: 'Salle',
            speakers: 'Intervenants',
            tags: 'Parcours',
            description: 'Résumé',
          },
          proposed: true,
        },
        examples: [
          {
            title: 'Pourquoi les index ralentissent',
            day: 1,
            startTime: '9:30 AM',
            endTime: '10:15 AM',
            location: 'Salle Rhône',
            speakers: ['Aline Martin'],
          },
          { title: 'Pause café', day: 1, startTime: '10:15 AM', endTime: '10:45 AM', location: 'Hall', speakers: [] },
          {
            title: 'Observabilité sans douleur',
            day: 2,
            startTime: '2:00 PM',
            endTime: '2:40 PM',
            location: 'Salle Saône',
            speakers: ['Yann Le Goff', 'Chloé Petit'],
          },
        ],
      });
      expect(await count()).toBe(0);
      await superadmin.get('/api/conference').expect(200, DENVER);

      // The same file imported, then again: updated by its id column.
      await post({ csv: fixture('program-fr.csv') }).expect(200);
      const again = await post({ csv: fixture('program-fr.csv'), dryRun: true }).expect(200);
      expect(again.body.preview).toMatchObject({ toCreate: 0, toUpdate: 3 });
      expect((await post({ csv: fixture('program-fr.csv') }).expect(200)).body).toMatchObject({ created: 0, updated: 3 });
      const rows = await all();
      expect(seen(rows)[0]).toEqual([
        'Observabilité sans douleur',
        2,
        '2:00 PM',
        '2:40 PM',
        'Salle Saône',
        ['Yann Le Goff', 'Chloé Petit'],
      ]);
      expect(rows.map((r) => r.externalId).sort()).toEqual(['csv:c-1', 'csv:c-2', 'csv:c-3']);
      expect(rows[0].tags).toEqual(['Ops', 'Monitoring']);
    });

    it('reads a CSV through the mapping the client gives; a mapping naming no title or an unknown column is a 400', async () => {
      const csv = fixture('program-mapped.csv');
      const mapping = {
        id: 'Ref',
        title: 'Session name',
        date: 'When',
        start: 'Begins',
        end: 'Finishes',
        room: 'Where',
        speakers: 'Who',
        tags: 'Stream',
        description: 'Blurb',
      };
      await post({ csv, mapping }).expect(200);
      expect(seen(await all())).toEqual([
        ['Closing remarks', 2, '5:00 PM', '5:20 PM', 'Room A', ['Bea Ortiz']],
        ['Graph queries for humans', 1, '2:00 PM', '2:45 PM', 'Room A', ['Bea Ortiz', 'Dev Patel']],
      ]);
      await post({ csv, mapping: { ...mapping, title: 'Name' } }).expect(400, {
        message:
          'The column mapping names "Name", which is not a column of the file. Its columns are: Ref, Session name, When, Begins, Finishes, Where, Who, Stream, Blurb.',
      });
      await post({ csv, mapping: { date: 'When' } }).expect(400, {
        message:
          "The column mapping must name the column that holds the session title. The file's columns are: Ref, Session name, When, Begins, Finishes, Where, Who, Stream, Blurb.",
      });
      expect(await count()).toBe(2);
    });

    it('reads an XLSX workbook (base64): date cells, text times and day fractions', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Program');
      sheet.addRow(['ID', 'Title', 'Date', 'Start', 'End', 'Room', 'Speakers', 'Track']);
      sheet.addRow([
        'x1',
        'Spreadsheets are databases',
        new Date(Date.UTC(2029, 4, 10)),
        '09:00',
        0.40625,
        'Blue Room',
        'Ana Ruiz, Bo Lee',
        'Data',
      ]);
      sheet.addRow(['x2', 'Coffee break', new Date(Date.UTC(2029, 4, 10)), '10:00', '10:30', 'Foyer', '', '']);
      sheet.addRow(['x3', 'Pivot tables deep dive', new Date(Date.UTC(2029, 4, 11)), '2:30 PM', '3:15 PM', 'Blue Room', 'Cy Diaz', 'Data']);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const xlsx = bytes.toString('base64');
      // The workbook raw, as a browser or curl sends the file, is read the same way.
      const raw = await superadmin
        .post('/api/superadmin/import-sessions?dryRun=true')
        .set('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(bytes)
        .expect(200);
      expect(raw.body).toMatchObject({ source: 'xlsx', preview: { sessions: 3, toCreate: 3 } });
      const csvRaw = await superadmin
        .post('/api/superadmin/import-sessions?dryRun=true')
        .set('Content-Type', 'text/csv')
        .send(fixture('program-fr.csv'))
        .expect(200);
      expect(csvRaw.body).toMatchObject({ source: 'csv', preview: { sessions: 3 } });
      const dry = await post({ xlsx, dryRun: true }).expect(200);
      expect(dry.body.preview).toMatchObject({
        sessions: 3,
        serviceSessions: ['Coffee break'],
        table: { proposed: true, mapping: { id: 'ID', title: 'Title', tags: 'Track' } },
      });
      expect(await count()).toBe(0);
      const res = await post({ xlsx }).expect(200);
      expect(res.body).toMatchObject({ created: 3, source: 'xlsx' });
      expect(seen(await all())).toEqual([
        ['Coffee break', 1, '10:00 AM', '10:30 AM', 'Foyer', []],
        ['Pivot tables deep dive', 2, '2:30 PM', '3:15 PM', 'Blue Room', ['Cy Diaz']],
        ['Spreadsheets are databases', 1, '9:00 AM', '9:45 AM', 'Blue Room', ['Ana Ruiz', 'Bo Lee']],
      ]);
    });
  });

  describe('dry run, errors and access', () => {
    it('a dry run of a published program shows days, rooms, missing times and rooms, the zone and the conference, and writes nothing', async () => {
      const res = await post({ ...json('pretalx-api-talks.json'), dryRun: true }).expect(200);
      expect(res.body.preview).toMatchObject({
        sessions: 3,
        toCreate: 3,
        toUpdate: 0,
        days: [
          { date: '2026-05-20', day: 1, sessions: 1 },
          { date: '2026-05-21', day: 2, sessions: 1 },
        ],
        rooms: ['Hall A', 'Hall B'],
        noTime: 1,
        noRoom: 1,
        serviceSessions: [],
        timeZone: 'America/Denver',
        proposedConference: { startDate: '2026-05-20', endDate: '2026-05-21' },
        table: null,
      });
      expect(await count()).toBe(0);
      const sched = await post({ ...json('pretalx-schedule.json'), dryRun: true }).expect(200);
      expect(sched.body.preview).toMatchObject({
        timeZone: 'Europe/Paris',
        timeZoneFrom: 'program',
        proposedConference: { name: 'PyFixture 2025', startDate: '2025-11-01', endDate: '2025-11-02', timeZone: 'Europe/Paris' },
        differingFields: ['name', 'dates', 'timeZone'],
      });
      expect(await count()).toBe(0);
      await superadmin.get('/api/conference').expect(200, DENVER);
    });

    it.each([
      ['an object of another shape', { talks: 'none', title: 'x' }],
      ['an empty object', {}],
      ['an array of something else', [{ name: 'x' }]],
      ['a results list that holds no talks', { results: [{ name: 'x' }] }],
    ])('answers 400 naming the formats it reads to %s', async (_label, body) => {
      const res = await superadmin.post('/api/superadmin/import-sessions').send(body).expect(400);
      expect(res.body.message).toBe(
        `Import data must be a JSON object with a "sessions" array, or a program as its organisers publish it. The importer reads: ${FORMATS_READ}.`,
      );
      expect(await count()).toBe(0);
    });

    it.each([
      ['csv that is not text', { csv: 42 }, '"csv" must be the file\'s content as text.'],
      [
        'xlsx that is not a workbook',
        { xlsx: 'bm90IGEgd29ya2Jvb2s=' },
        'The XLSX file could not be read: send the workbook as base64, with a header row in its first sheet.',
      ],
      [
        'an ics that is not a calendar',
        { ics: 'hello' },
        'The iCalendar file could not be read: it must be a VCALENDAR with VEVENT entries.',
      ],
      [
        'a CSV with only a header',
        { csv: 'Title,Date\n' },
        'The CSV file could not be read: it needs a header row and at least one row of sessions.',
      ],
      ['a dryRun that is not a boolean', { sessions: [], dryRun: 'yes' }, '"dryRun" must be true or false.'],
      [
        'a mapping that is not an object',
        { csv: 'Title\nx\n', mapping: 'Title' },
        'The column mapping must be an object from field (title, date, start, end, room, speakers, tags, description, id) to a column name.',
      ],
    ])('answers 400 to %s', async (_label, body, message) => {
      await post(body).expect(400, { message });
      expect(await count()).toBe(0);
    });

    it('answers 403 to a signed-in attendee and 401 signed out, whatever the body', async () => {
      const attendee = await signIn(t, { email: 'att@formats.test', firstName: 'At' });
      await attendee.post('/api/superadmin/import-sessions').send(json('sessionize-all-data.json')).expect(403);
      await attendee.post('/api/superadmin/import-sessions').set('Content-Type', 'text/csv').send(fixture('program-fr.csv')).expect(403);
      await request(t.url)
        .post('/api/superadmin/import-sessions')
        .send({ ics: fixture('program.ics') })
        .expect(401);
      expect(await count()).toBe(0);
    });
  });
});
