import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AdminConsole, signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';
import { E2E_ADMIN_EMAIL } from './support/env';

/**
 * The conference's identity is data: with a second conference configured through the admin API, every
 * screen that names the conference names it, and none names the spec's. The app and its database are
 * shared by every spec of a run, so the settings are put back and the two sessions removed at the end.
 */
const OTHER_CONFERENCE = {
  name: 'Rhône Dev Days 2024',
  shortName: 'RDD',
  startDate: '2024-11-02',
  endDate: '2024-11-03',
  venue: 'Lyon',
  timeZone: 'Europe/Paris',
  languages: ['fr', 'en'],
  suggestedQuestions: ['Quels ateliers parlent de tests ?', 'Which talks are about open data?'],
};
/** What the spec's conference shows, which no screen may show while another conference is configured. */
const SPEC_CONFERENCE = /Equipment Finance|Denver|Sept 8/;

async function expectNoSpecConference(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText(SPEC_CONFERENCE);
}

async function createSession(api: APIRequestContext, body: object): Promise<string> {
  const res = await api.post('/api/admin/session', { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

test.describe('the conference of the settings, not the spec’s', () => {
  test('landing, sign-in, Conference tab, header, day headings and suggested questions name an invented conference, Rhône Dev Days 2024 in Lyon', async ({
    browser,
    page,
  }) => {
    const admin = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const adminPage = await admin.newPage();
    await signInThroughMailedLink(adminPage, E2E_ADMIN_EMAIL);
    const api = adminPage.request;
    const original = (await (await api.get('/api/conference')).json()) as object;
    const sessionIds: string[] = [];
    try {
      const saved = await api.put('/api/admin/conference', { data: OTHER_CONFERENCE });
      expect(saved.ok(), await saved.text()).toBe(true);
      sessionIds.push(
        await createSession(api, {
          title: 'Des tests qui durent',
          date: '2024-11-02T10:00:00',
          endTime: '10:45 AM',
          location: 'Amphi A',
        }),
        await createSession(api, {
          title: 'Cartes et données ouvertes',
          date: '2024-11-03T14:00:00',
          endTime: '2:30 PM',
          location: 'Salle B',
        }),
      );

      // The admin's Conference tab shows what was saved.
      const adminConsole = new AdminConsole(adminPage);
      await adminConsole.openTab('Conference');
      const form = adminPage.getByRole('form', { name: 'Conference settings' });
      await expect(form.getByLabel('Short name')).toHaveValue('RDD');
      await expect(form.getByLabel('Languages')).toHaveValue('fr, en');

      const app = new AttendeeApp(page);
      await app.skipHowToUse();
      await page.goto('/landing');
      await expect(page.getByRole('img', { name: 'Rhône Dev Days 2024, Nov 2-3, 2024, Lyon' })).toBeVisible();
      await expect(app.text('Nov 2-3, 2024')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Conference Assistant for the Rhône Dev Days 2024.');
      await expectNoSpecConference(page);

      await page.goto('/auth');
      await expect(
        app.text('Sign in to the conference assistant for Rhône Dev Days 2024 (Nov 2-3, 2024, Lyon). No password needed.'),
      ).toBeVisible();
      await expectNoSpecConference(page);

      await app.fillSignIn({ firstName: 'Camille', email: uniqueEmail('rdd') });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner')).toContainText('RDD');
      for (const question of OTHER_CONFERENCE.suggestedQuestions) await expect(page.getByRole('button', { name: question })).toBeVisible();

      await page.getByRole('button', { name: 'Show All Sessions' }).click();
      await expect(page.getByRole('region', { name: 'Day 1 - Saturday, Nov 2' })).toContainText('Des tests qui durent');
      await expect(page.getByRole('region', { name: 'Day 2 - Sunday, Nov 3' })).toContainText('Cartes et données ouvertes');
      // The chat page's own words (the sessions listed are the program's data: the demo's stay as they are).
      await expect(page.getByRole('banner')).not.toContainText(SPEC_CONFERENCE);
      await expect(page.getByText('Welcome! Ask anything about the conference.').locator('..')).not.toContainText(SPEC_CONFERENCE);
      const headings = await page.getByRole('heading', { level: 3 }).allTextContents();
      // The days holding this conference's sessions are named by its dates; a day holding only the earlier
      // program's sessions (the demo's, still in the shared database) is named by the date they are held on.
      expect(headings).toEqual(expect.arrayContaining(['Day 1 - Saturday, Nov 2', 'Day 2 - Sunday, Nov 3']));
      expect(headings.filter((h) => SPEC_CONFERENCE.test(h) || /Sept 9/.test(h))).toEqual([]);
      await app.screenshot('conference-identity-other');
    } finally {
      for (const id of sessionIds) await api.delete(`/api/admin/session/${id}`);
      const restored = await api.put('/api/admin/conference', { data: original });
      expect(restored.ok(), await restored.text()).toBe(true);
      await admin.close();
    }
  });
});
