import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@calendar.test';
const SUPER = 'super@calendar.test';

/** Unfolds an .ics (RFC 5545 §3.1) into its content lines. */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendar files (GET /api/sessions/:id/calendar.ics, GET /api/sessions/calendar.ics?ids=)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let attendee: TestAgent;
  let keynote: { id: string };
  let workshop: { id: string };
  let unscheduled: { id: string };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, SUPERADMIN_EMAILS: SUPER });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'ana@example.com', firstName: 'Ana' });
    await db.query(`DELETE FROM sessions`);
    const create = async (body: object) => (await admin.post('/api/admin/session').send(body).expect(201)).body;
    keynote = await create({
      title: 'Opening Keynote: Outlook; Rates, Residuals',
      speakers: ['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee'],
      format: 'keynote',
      date: '2025-09-08T08:30:00-06:00',
      endTime: '9:15 AM',
      location: 'Main Hall',
      description:
        'The year ahead.\nResidual values in focus — “ünïcödé” included, long enough to be folded across several lines of the file.',
    });
    workshop = await create({ title: 'Fraud Workshop', date: '2025-09-10T14:00:00-06:00', endTime: '3:30 PM', location: 'B422' });
    unscheduled = await create({ title: 'To be announced' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives one session as an event at its local time in the conference time zone, with a VTIMEZONE', async () => {
    const res = await attendee.get(`/api/sessions/${keynote.id}/calendar.ics`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="opening-keynote-outlook-rates-residuals.ics"');
    const ics = res.text;
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const raw of ics.split('\r\n')) expect(Buffer.byteLength(raw, 'utf8')).toBeLessThanOrEqual(75);
    const l = lines(ics);
    expect(l[0]).toBe('BEGIN:VCALENDAR');
    expect(l).toContain('VERSION:2.0');
    expect(l).toContain('DTSTART;TZID=America/Denver:20250908T083000');
    expect(l).toContain('DTEND;TZID=America/Denver:20250908T091500');
    expect(l).toContain('SUMMARY:Opening Keynote: Outlook\\; Rates\\, Residuals');
    expect(l).toContain('LOCATION:Main Hall\\, Denver\\, CO');
    expect(l.find((x) => x.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Speakers: Dana Whitfield\\, Chief Economist\\, Keystone Leasing Research\\; Bo Lee\\n\\nThe year ahead.\\nResidual values in focus — “ünïcödé” included\\, long enough to be folded across several lines of the file.',
    );
    expect(l).toContain(`UID:${keynote.id}@conference-assistant`);
    // The zone's rules around the event: MDT (-0600) from March 9, 2025, MST (-0700) from Nov 2, 2025.
    const tz = l.slice(l.indexOf('BEGIN:VTIMEZONE'), l.indexOf('END:VTIMEZONE') + 1).join('\n');
    expect(tz).toContain('TZID:America/Denver');
    expect(tz).toContain('BEGIN:DAYLIGHT\nDTSTART:20250309T020000\nTZOFFSETFROM:-0700\nTZOFFSETTO:-0600\nTZNAME:MDT\nEND:DAYLIGHT');
    expect(tz).toContain('BEGIN:STANDARD\nDTSTART:20251102T020000\nTZOFFSETFROM:-0600\nTZOFFSETTO:-0700\nTZNAME:MST\nEND:STANDARD');
  });

  it('gives a list of sessions as one calendar in time order, leaving unscheduled ones out', async () => {
    const res = await attendee.get(`/api/sessions/calendar.ics?ids=${workshop.id},${unscheduled.id},${keynote.id}`).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="conference-sessions.ics"');
    const starts = lines(res.text).filter((x) => x.startsWith('DTSTART;TZID'));
    expect(starts).toEqual(['DTSTART;TZID=America/Denver:20250908T083000', 'DTSTART;TZID=America/Denver:20250910T140000']);
  });

  it('follows the conference time zone setting (the same moment, in that zone)', async () => {
    await admin.put('/api/admin/conference').send({ timeZone: 'America/New_York' }).expect(200);
    try {
      const l = lines((await attendee.get(`/api/sessions/${keynote.id}/calendar.ics`).expect(200)).text);
      expect(l).toContain('DTSTART;TZID=America/New_York:20250908T103000');
      expect(l).toContain('DTEND;TZID=America/New_York:20250908T111500');
      expect(l).toContain('TZID:America/New_York');
    } finally {
      await admin.put('/api/admin/conference').send({ timeZone: 'America/Denver' }).expect(200);
    }
  });

  it('answers 401 signed out, 404 for unknown sessions, 400 for bad lists or an unscheduled session', async () => {
    await request(t.url).get(`/api/sessions/${keynote.id}/calendar.ics`).expect(401);
    await attendee.get('/api/sessions/00000000-0000-4000-8000-000000000000/calendar.ics').expect(404, { message: 'Session not found.' });
    await attendee.get('/api/sessions/nope/calendar.ics').expect(404, { message: 'Session not found.' });
    await attendee
      .get(`/api/sessions/${unscheduled.id}/calendar.ics`)
      .expect(400, { message: 'This session has no date yet, so it cannot be added to a calendar.' });
    const bad = { message: 'ids must list 1 to 50 session ids separated by commas.' };
    await attendee.get('/api/sessions/calendar.ics').expect(400, bad);
    await attendee.get('/api/sessions/calendar.ics?ids=,,').expect(400, bad);
    const many = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    await attendee.get(`/api/sessions/calendar.ics?ids=${many}`).expect(400, bad);
    await attendee
      .get(`/api/sessions/calendar.ics?ids=${unscheduled.id}`)
      .expect(400, { message: 'This session has no date yet, so it cannot be added to a calendar.' });
  });

  describe('absurd dates (third review, F3)', () => {
    const RANGE = { message: 'Date must be between 1970 and 2100.' };

    it('refuses dates outside 1970-2100 in the form, the API and the import, with a clear message', async () => {
      for (const date of ['0100-01-01', '9999-12-31', '1969-12-31T12:00:00Z', '2101-01-01']) {
        await admin.post('/api/admin/session').send({ title: 'Far away', date }).expect(400, RANGE);
        await admin.put(`/api/admin/session/${workshop.id}`).send({ title: 'Fraud Workshop', date }).expect(400, RANGE);
      }
      await admin.post('/api/admin/session').send({ title: 'Edge', date: '2100-12-31T10:00:00-06:00' }).expect(201);
      const superadmin = await signInPrivileged(t, SUPER);
      const res = await superadmin
        .post('/api/superadmin/import-sessions')
        .send({
          mode: 'create-new',
          sessions: [
            { title: 'Ancient', date: '0100-01-01' },
            { title: 'Fine', date: '2025-09-09' },
          ],
        })
        .expect(200);
      expect(res.body.message).toBe(
        'Successfully imported 1 of 2 sessions: 1 created, 0 updated. Skipped 1: #1 (Date must be between 1970 and 2100.).',
      );
    });

    it('answers a calendar of sessions stored with such dates quickly, with valid DTSTART lines', async () => {
      const [{ id: ancient }] = await db.query(
        `INSERT INTO sessions (title, date) VALUES ('Ancient', '0100-01-01T12:00:00Z') RETURNING id`,
      );
      const [{ id: future }] = await db.query(`INSERT INTO sessions (title, date) VALUES ('Future', '9999-12-31T12:00:00Z') RETURNING id`);
      const started = Date.now();
      const res = await attendee.get(`/api/sessions/calendar.ics?ids=${ancient},${future}`).expect(200);
      expect(Date.now() - started).toBeLessThan(3000);
      const starts = lines(res.text).filter((l) => l.startsWith('DTSTART'));
      expect(starts.length).toBeGreaterThanOrEqual(2);
      for (const l of starts) expect(l).toMatch(/^DTSTART(;TZID=America\/Denver|;VALUE=DATE)?:\d{8}(T\d{6})?$/);
      expect(starts.some((l) => l.startsWith('DTSTART;TZID=America/Denver:01000101T'))).toBe(true);
    });
  });
});
