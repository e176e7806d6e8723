import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { ConferenceIdentity1735000030500 } from '../src/database/migrations/1735000030500-conference-identity';
import { EmailRepository } from '../src/email/email.repository';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@conference.test';
/** The spec's conference, word for word (the questions are the chat's empty state). */
const DENVER = {
  name: 'Equipment Finance Conference 2025',
  startDate: '2025-09-08',
  endDate: '2025-09-10',
  venue: 'Denver, CO',
  timeZone: 'America/Denver',
  shortName: 'EFC 2025',
  languages: ['en'],
  suggestedQuestions: [
    'What are the key trends in equipment financing discussed at the conference?',
    'What credit criteria do lenders look for when evaluating equipment finance deals?',
    'How is technology changing the equipment finance process?',
  ],
};
const PYCONFR = {
  name: 'PyConFR 2024',
  startDate: '2024-11-02',
  endDate: '2024-11-03',
  venue: 'Strasbourg',
  timeZone: 'Europe/Paris',
  shortName: 'PyConFR',
  languages: ['fr', 'en'],
  suggestedQuestions: ['Quels ateliers parlent de typage ?', 'Which talks are about Django?'],
};
const LANGUAGES = 'Languages must be 1 to 10 language codes such as en or fr.';
const QUESTIONS = 'Suggested questions must be at most 6, each 1 to 300 characters.';
const SHORT_NAME = 'Short name is required (at most 40 characters).';

describe('conference settings (GET /api/conference, PUT /api/admin/conference)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let attendee: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'ana@example.com', firstName: 'Ana' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives the spec's conference by default, to visitors and attendees alike", async () => {
    await request(t.url).get('/api/conference').expect(200, DENVER);
    await attendee.get('/api/conference').expect(200, DENVER);
  });

  it('lets only admins change the settings', async () => {
    await attendee.put('/api/admin/conference').send({ timeZone: 'Europe/Paris' }).expect(403);
    await request(t.url).put('/api/admin/conference').send({ timeZone: 'Europe/Paris' }).expect(401);
    await request(t.url).get('/api/conference').expect(200, DENVER);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA time zone name such as America/Denver or Europe/Paris.'],
    [{ timeZone: '+02:00' }, 'Time zone must be an IANA time zone name such as America/Denver or Europe/Paris.'],
    [{ timeZone: 7 }, 'Time zone must be an IANA time zone name such as America/Denver or Europe/Paris.'],
    [{ startDate: '2025-02-30' }, 'Start date must be a date like 2025-09-08.'],
    [{ endDate: 'Sept 10' }, 'End date must be a date like 2025-09-10.'],
    [{ startDate: '2025-09-11' }, 'End date must be on or after the start date.'],
    [{ startDate: '2025-01-01', endDate: '2025-12-31' }, 'A conference can last at most 60 days.'],
    [{ name: '  ' }, 'Conference name is required (at most 200 characters).'],
    [{ venue: 'x'.repeat(201) }, 'Venue is required (at most 200 characters).'],
    [{ shortName: ' ' }, SHORT_NAME],
    [{ shortName: 'x'.repeat(41) }, SHORT_NAME],
    [{ shortName: 7 }, SHORT_NAME],
    [{ languages: [] }, LANGUAGES],
    [{ languages: 'en' }, LANGUAGES],
    [{ languages: ['en-US'] }, LANGUAGES],
    [{ languages: ['english'] }, LANGUAGES],
    [{ languages: ['zz'] }, LANGUAGES],
    [{ languages: [7] }, LANGUAGES],
    [{ languages: Array(11).fill('en') }, LANGUAGES],
    [{ suggestedQuestions: 'What is on?' }, QUESTIONS],
    [{ suggestedQuestions: Array(7).fill('What is on?') }, QUESTIONS],
    [{ suggestedQuestions: ['What is on?', '  '] }, QUESTIONS],
    [{ suggestedQuestions: ['x'.repeat(301)] }, QUESTIONS],
    [{ suggestedQuestions: [42] }, QUESTIONS],
  ])('answers 400 to %j', async (body, message) => {
    await admin.put('/api/admin/conference').send(body).expect(400, { message });
    await request(t.url).get('/api/conference').expect(200, DENVER);
  });

  it('saves a change (zone written canonically, fields left out kept) and everyone reads it', async () => {
    // Renamed without a short name or questions: the header takes the new name, and the spec's questions
    // (written for the equipment-finance conference) are no longer offered.
    const paris = {
      ...DENVER,
      name: 'PyConFR 2025',
      startDate: '2025-10-30',
      endDate: '2025-11-02',
      venue: 'Lyon, France',
      shortName: 'PyConFR 2025',
      suggestedQuestions: [],
    };
    await admin
      .put('/api/admin/conference')
      .send({ name: paris.name, startDate: paris.startDate, endDate: paris.endDate, venue: paris.venue, timeZone: 'europe/paris' })
      .expect(200, { ...paris, timeZone: 'Europe/Paris' });
    await request(t.url)
      .get('/api/conference')
      .expect(200, { ...paris, timeZone: 'Europe/Paris' });
    await admin
      .put('/api/admin/conference')
      .send({ venue: ' Lyon ' })
      .expect(200, { ...paris, venue: 'Lyon', timeZone: 'Europe/Paris' });
    await admin.put('/api/admin/conference').send(DENVER).expect(200, DENVER);
  });

  it('saves the short name, the languages (lower case, each once) and the questions (trimmed, none allowed)', async () => {
    await admin
      .put('/api/admin/conference')
      .send({ ...PYCONFR, languages: ['FR', 'en', 'fr'], suggestedQuestions: PYCONFR.suggestedQuestions.map((q) => ` ${q} `) })
      .expect(200, PYCONFR);
    await request(t.url).get('/api/conference').expect(200, PYCONFR);
    await admin
      .put('/api/admin/conference')
      .send({ suggestedQuestions: [] })
      .expect(200, { ...PYCONFR, suggestedQuestions: [] });
    await admin.put('/api/admin/conference').send(DENVER).expect(200, DENVER);
  });

  it("the migration gives the spec's conference its identity, and a renamed one its own name and no questions", async () => {
    const q = t.app.get(DataSource).createQueryRunner();
    const migration = new ConferenceIdentity1735000030500();
    const row = async () => (await q.query(`SELECT short_name, languages, suggested_questions FROM conference_settings`))[0];
    try {
      await migration.down(q);
      await migration.up(q);
      expect(await row()).toEqual({ short_name: 'EFC 2025', languages: ['en'], suggested_questions: DENVER.suggestedQuestions });
      await migration.down(q);
      await q.query(`UPDATE conference_settings SET name = 'PyConFR 2024'`);
      await migration.up(q);
      expect(await row()).toEqual({ short_name: 'PyConFR 2024', languages: ['en'], suggested_questions: [] });
    } finally {
      await q.query(`UPDATE conference_settings SET name = $1, short_name = $2, suggested_questions = $3`, [
        DENVER.name,
        DENVER.shortName,
        DENVER.suggestedQuestions,
      ]);
      await q.release();
    }
    // The service caches for a few seconds: a save puts the spec's conference back for every reader.
    await admin.put('/api/admin/conference').send(DENVER).expect(200, DENVER);
  });

  describe('mails and calendar files name the conference of the settings', () => {
    afterAll(async () => {
      await admin.put('/api/admin/conference').send(DENVER).expect(200, DENVER);
    });

    it('the .ics of a session and the takeaways and chat-history mails say PyConFR 2024, Strasbourg', async () => {
      await admin.put('/api/admin/conference').send(PYCONFR).expect(200, PYCONFR);
      const talk = (
        await admin
          .post('/api/admin/session')
          .send({ title: 'Typage statique', date: '2024-11-02T10:00:00', location: 'Amphi A' })
          .expect(201)
      ).body;
      const ics = (await attendee.get(`/api/sessions/${talk.id}/calendar.ics`).expect(200)).text;
      expect(ics).toContain('X-WR-CALNAME:PyConFR 2024');
      expect(ics).toContain('DTSTART;TZID=Europe/Paris:20241102T100000');
      expect(ics).toContain('LOCATION:Amphi A\\, Strasbourg');

      const outbox = t.app.get(EmailRepository);
      await attendee.post('/api/email/takeaways').send({ recipientEmail: 'ana@example.com', useAllSessions: true }).expect(200);
      const [takeaways] = await outbox.latest('ana@example.com', 1);
      expect(takeaways.subject).toBe('Your key takeaways from PyConFR 2024');
      expect(takeaways.text).toContain('PyConFR 2024 · Strasbourg');

      const { id: threadId } = (await attendee.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body;
      await attendee.post('/api/chat/message').send({ threadId, message: 'Quand commence le typage ?' }).expect(200);
      await attendee.post('/api/email/chat-history').send({ threadId, recipientEmail: 'ana@example.com' }).expect(200);
      const [history] = await outbox.latest('ana@example.com', 1);
      expect(history.subject).toBe('Your PyConFR 2024 chat history');
      expect(history.text).toContain('PyConFR 2024 · Strasbourg');
      // Times in the conference's zone, labelled: 'You (Nov 28, 2026, 2:10 AM GMT+1):'.
      expect(history.text).toMatch(/You \(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M GMT\+[12]\):/);
      for (const text of [ics, takeaways.text, history.text]) {
        expect(text).not.toContain('Equipment Finance');
        expect(text).not.toContain('Denver');
      }
    });
  });
});
