import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@conference.test';
const DENVER = {
  name: 'Equipment Finance Conference 2025',
  startDate: '2025-09-08',
  endDate: '2025-09-10',
  venue: 'Denver, CO',
  timeZone: 'America/Denver',
};

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
  ])('answers 400 to %j', async (body, message) => {
    await admin.put('/api/admin/conference').send(body).expect(400, { message });
    await request(t.url).get('/api/conference').expect(200, DENVER);
  });

  it('saves a change (zone written canonically, fields left out kept) and everyone reads it', async () => {
    const paris = { name: 'PyConFR 2025', startDate: '2025-10-30', endDate: '2025-11-02', venue: 'Lyon, France' };
    await admin
      .put('/api/admin/conference')
      .send({ ...paris, timeZone: 'europe/paris' })
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
});
