import ExcelJS from 'exceljs';
import type TestAgent from 'supertest/lib/agent';
import { DENVER, type ListedSession, programImportSuite } from './utils/program-import';

const SUPER = 'super@shapes.test';
/** An invented conference in Rome, Sept 12-13, 2029: every program below is written for it. */
const ROME = {
  ...DENVER,
  name: 'Giornate del Codice 2029',
  startDate: '2029-09-12',
  endDate: '2029-09-13',
  timeZone: 'Europe/Rome',
  languages: ['it'],
};

describe('session import: other published shapes (pretalx widget, Sessionize sessions list, Outlook iCalendar, European CSV, Excel serial dates)', () => {
  let superadmin: TestAgent;
  const { all, importBody: post } = programImportSuite(SUPER, (suite) => ({ superadmin } = suite));
  /** What the user sees of each session: title, day, start, end, room, speakers (in the conference's zone). */
  const seen = (rows: ListedSession[]) => rows.map((r) => [r.title, r.day, r.startTime, r.endTime, r.location, r.speakers]);
  beforeEach(async () => {
    await superadmin.put('/api/admin/conference').send(ROME).expect(200);
  });

  it("reads pretalx's schedule widget data: talks by their own start and room id, speakers by code, tracks by id, breaks", async () => {
    const widget = {
      talks: [
        {
          code: 'RX7QPL',
          id: 11,
          title: 'Tipi graduali in pratica',
          abstract: 'Come introdurre i tipi in una base di codice esistente.',
          speakers: ['GNERI1', 'LBIAN2'],
          track: 3,
          start: '2029-09-12T10:00:00+02:00',
          end: '2029-09-12T10:40:00+02:00',
          room: 1,
          duration: 40,
          updated: '2029-08-01T10:00:00+00:00',
          state: null,
        },
        { id: 12, title: { it: 'Pranzo', en: 'Lunch' }, start: '2029-09-12T10:30:00+00:00', end: '2029-09-12T11:30:00+00:00', room: 2 },
        {
          code: 'ZZ81KK',
          id: 13,
          title: 'Test di proprietà',
          abstract: '',
          speakers: ['LBIAN2'],
          track: null,
          start: '2029-09-13T15:00:00+02:00',
          end: '2029-09-13T15:30:00+02:00',
          room: 2,
          duration: 30,
        },
      ],
      version: '1.0',
      timezone: 'Europe/Rome',
      event_start: '2029-09-12',
      event_end: '2029-09-13',
      tracks: [{ id: 3, name: { it: 'Linguaggi' }, description: {}, color: '#aa0000' }],
      rooms: [
        { id: 1, name: { it: 'Sala Grande' }, description: {} },
        { id: 2, name: 'Aula 2', description: {} },
      ],
      speakers: [
        { code: 'GNERI1', name: 'Giulia Neri', avatar: null },
        { code: 'LBIAN2', name: 'Luca Bianchi', avatar: null },
      ],
    };
    const dry = await post({ ...widget, dryRun: true }).expect(200);
    expect(dry.body).toMatchObject({ source: 'pretalx' });
    expect(dry.body.preview).toMatchObject({
      sessions: 3,
      toCreate: 3,
      days: [
        { date: '2029-09-12', day: 1, sessions: 2 },
        { date: '2029-09-13', day: 2, sessions: 1 },
      ],
      rooms: ['Sala Grande', 'Aula 2'],
      serviceSessions: ['Lunch'],
      timeZone: 'Europe/Rome',
      proposedConference: { startDate: '2029-09-12', endDate: '2029-09-13', timeZone: 'Europe/Rome' },
    });
    expect(await all()).toEqual([]);
    await post(widget).expect(200);
    const rows = await all();
    expect(seen(rows)).toEqual([
      ['Lunch', 1, '12:30 PM', '1:30 PM', 'Aula 2', []],
      ['Test di proprietà', 2, '3:00 PM', '3:30 PM', 'Aula 2', ['Luca Bianchi']],
      ['Tipi graduali in pratica', 1, '10:00 AM', '10:40 AM', 'Sala Grande', ['Giulia Neri', 'Luca Bianchi']],
    ]);
    expect(rows[2]).toMatchObject({ tags: ['Linguaggi'], externalId: 'pretalx:RX7QPL' });
  });

  it('reads Sessionize\'s "Sessions" endpoint (groups of sessions, a session in two groups once), alone or with the "Speakers" endpoint', async () => {
    const groups = [
      {
        groupId: 501,
        groupName: 'Frontend',
        sessions: [
          {
            id: '9001',
            title: 'Componenti accessibili',
            description: 'ARIA senza paura.',
            startsAt: '2029-09-12T11:00:00',
            endsAt: '2029-09-12T11:45:00',
            isServiceSession: false,
            isPlenumSession: false,
            speakers: [{ id: 'a1b2', name: 'Marta Rossi' }],
            categories: [{ id: 1, name: 'Format', categoryItems: [{ id: 11, name: 'Workshop' }], sort: 0 }],
            roomId: 71,
            room: 'Laboratorio A',
          },
          {
            id: '9003',
            title: 'Apertura',
            startsAt: '2029-09-12T09:00:00',
            endsAt: '2029-09-12T09:30:00',
            isServiceSession: false,
            isPlenumSession: true,
            speakers: ['c3d4'],
            categories: [],
            roomId: 70,
            room: 'Sala Grande',
          },
        ],
      },
      {
        groupId: 502,
        groupName: 'Backend',
        sessions: [
          {
            id: '9003',
            title: 'Apertura',
            startsAt: '2029-09-12T09:00:00',
            endsAt: '2029-09-12T09:30:00',
            isPlenumSession: true,
            speakers: ['c3d4'],
            categories: [],
            roomId: 70,
            room: 'Sala Grande',
          },
          {
            id: '9002',
            title: 'Code di messaggi',
            startsAt: '2029-09-13T14:00:00',
            endsAt: '2029-09-13T14:30:00',
            speakers: [{ id: 'e5f6', name: 'Paolo Verdi' }],
            categories: [],
            roomId: 72,
            room: 'Aula 3',
          },
        ],
      },
    ];
    const dry = await superadmin.post('/api/superadmin/import-sessions?dryRun=true').send(groups).expect(200);
    expect(dry.body).toMatchObject({
      source: 'sessionize',
      preview: { sessions: 3, toCreate: 3, rooms: ['Laboratorio A', 'Sala Grande', 'Aula 3'] },
    });
    expect(await all()).toEqual([]);
    const speakers = [
      { id: 'c3d4', firstName: 'Anna', lastName: 'Ferri', fullName: 'Anna Ferri', sessions: [{ id: 9003, name: 'Apertura' }] },
    ];
    await post({ sessions: groups, speakers }).expect(200);
    const rows = await all();
    expect(seen(rows)).toEqual([
      ['Apertura', 1, '9:00 AM', '9:30 AM', 'Sala Grande', ['Anna Ferri']],
      ['Code di messaggi', 2, '2:00 PM', '2:30 PM', 'Aula 3', ['Paolo Verdi']],
      ['Componenti accessibili', 1, '11:00 AM', '11:45 AM', 'Laboratorio A', ['Marta Rossi']],
    ]);
    expect(rows.map((r) => [r.format, r.externalId])).toEqual([
      ['keynote', 'sessionize:9003'],
      ['concurrent', 'sessionize:9002'],
      ['workshop', 'sessionize:9001'],
    ]);
  });

  it("reads an Outlook iCalendar whose TZID is a Windows name defined in the feed's VTIMEZONE, and all-day events on their day", async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Invented//Calendar//IT',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:gdc-1@invented.test',
      'SUMMARY:Osservabilità senza dolore',
      'DTSTART;TZID=W. Europe Standard Time:20290912T143000',
      'DTEND;TZID=W. Europe Standard Time:20290912T151500',
      'LOCATION:Sala Grande',
      'ATTENDEE;CN=Sara Galli:mailto:sara@invented.test',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:gdc-2@invented.test',
      'SUMMARY:Hackathon',
      'DTSTART;VALUE=DATE:20290913',
      'DTEND;VALUE=DATE:20290914',
      'LOCATION:Aula 3',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const dry = await post({ ics, dryRun: true }).expect(200);
    expect(dry.body.preview).toMatchObject({
      sessions: 2,
      days: [
        { date: '2029-09-12', day: 1, sessions: 1 },
        { date: '2029-09-13', day: 2, sessions: 1 },
      ],
      noTime: 1,
    });
    await post({ ics }).expect(200);
    const rows = await all();
    expect(seen(rows)).toEqual([
      ['Hackathon', 2, null, null, 'Aula 3', []],
      ['Osservabilità senza dolore', 1, '2:30 PM', '3:15 PM', 'Sala Grande', ['Sara Galli']],
    ]);
    expect(rows[1].date).toBe('2029-09-12T12:30:00.000Z');
  });

  it('reads a CSV with ";", dotted European dates and 24-hour times, and slashed dates month first only when the program can be read no other way', async () => {
    const european =
      'Titolo;Data;Inizio;Fine;Sala;Relatori\nSicurezza delle API;12.09.2029;14:00;14:45;Aula 3;Eva Conti, Rui Costa\nRetrospettiva;13.09.2029;09:15;10:00;Sala Grande;\n';
    const dry = await post({ csv: european, dryRun: true }).expect(200);
    expect(dry.body.preview).toMatchObject({
      sessions: 2,
      days: [
        { date: '2029-09-12', day: 1, sessions: 1 },
        { date: '2029-09-13', day: 2, sessions: 1 },
      ],
    });
    await post({ csv: european }).expect(200);
    expect(seen(await all())).toEqual([
      ['Retrospettiva', 2, '9:15 AM', '10:00 AM', 'Sala Grande', []],
      ['Sicurezza delle API', 1, '2:00 PM', '2:45 PM', 'Aula 3', ['Eva Conti', 'Rui Costa']],
    ]);
    // Written month first: '9/13/2029' can only be September 13, so '9/12/2029' is September 12 too.
    const us = 'Title,Date,Start,End,Room\nOpening,9/12/2029,09:00,09:30,Main Hall\nClosing,9/13/2029,17:00,17:30,Main Hall\n';
    const res = await post({ csv: us, mode: 'create-new' }).expect(200);
    expect(res.body).toMatchObject({ created: 2 });
    const rows = (await all()).filter((r) => ['Opening', 'Closing'].includes(r.title));
    expect(seen(rows)).toEqual([
      ['Closing', 2, '5:00 PM', '5:30 PM', 'Main Hall', []],
      ['Opening', 1, '9:00 AM', '9:30 AM', 'Main Hall', []],
    ]);
  });

  it('reads an XLSX whose dates and times are Excel serial numbers (cells not formatted as dates)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Programma');
    sheet.addRow(['Titolo', 'Data', 'Inizio', 'Fine', 'Sala']);
    // 47373 is 2029-09-12 and 47374 2029-09-13 (days since 1899-12-30); .4375 is 10:30, .46875 11:15.
    sheet.addRow(['Dati in streaming', 47373, 47373.4375, 47373.46875, 'Aula 2']);
    sheet.addRow(['Chiusura', 47374, 0.75, 0.770833333, 'Sala Grande']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const dry = await post({ xlsx, dryRun: true }).expect(200);
    expect(dry.body.preview).toMatchObject({
      sessions: 2,
      noTime: 0,
      days: [
        { date: '2029-09-12', day: 1, sessions: 1 },
        { date: '2029-09-13', day: 2, sessions: 1 },
      ],
    });
    await post({ xlsx }).expect(200);
    expect(seen(await all())).toEqual([
      ['Chiusura', 2, '6:00 PM', '6:30 PM', 'Sala Grande', []],
      ['Dati in streaming', 1, '10:30 AM', '11:15 AM', 'Aula 2', []],
    ]);
  });
});
