import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_SUPERADMIN_EMAIL } from './support/env';
import {
  ADMIN_TABS,
  AdminConsole,
  askAsAttendee,
  EXTRA_ADMIN_TABS,
  type AdminTab,
  signInThroughMailedLink,
  uniqueEmail,
} from './pages/adminConsole';

const ALL_TABS: AdminTab[] = [...ADMIN_TABS, ...EXTRA_ADMIN_TABS];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A heading (or text) each tab shows once it has loaded. */
const LOADED: Record<AdminTab, RegExp> = {
  'Sessions Content': /Conference Sessions/,
  Transcripts: /Upload Transcript/,
  PDFs: /Upload PDF/,
  'Ingest Status': /Document Processing Status/,
  'Chat History': /Chat History|Search users/,
  'User Actions': /User Activity Log/,
  'OpenAI Billing': /OpenAI Billing/,
  Export: /Document Export/,
  Insights: /Insights/,
  Conference: /Conference/,
};

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`admin console at ${size} size (${viewport.width}×${viewport.height}): every tab in sight, no sideways scroll, no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    await expect(page.getByRole('heading', { name: 'Conference Sessions' })).toBeVisible();
    for (const name of ALL_TABS) await expect(app.tab(name)).toBeInViewport();
    for (const name of ALL_TABS) {
      await app.openTab(name);
      await expect(page.getByRole('heading', { name: LOADED[name] }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await app.horizontalOverflow(), `${name} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await app.expectAccessible(`${name} (${size})`);
      await app.screenshot(`admin-${size}-${name.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await app.openTab('Sessions Content');
    await page.getByRole('button', { name: 'New Session' }).click();
    await expect(app.dialog('New Session')).toBeVisible();
    expect(await app.horizontalOverflow()).toBeLessThanOrEqual(0);
    await app.expectAccessible(`New Session dialog (${size})`);
    await app.screenshot(`admin-${size}-new-session`);
    await context.close();
  });
}

test('super admin console at phone size: no sideways scroll, no serious axe violation', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const app = new AdminConsole(page);
  await signInThroughMailedLink(page, E2E_SUPERADMIN_EMAIL);
  await expect(page.getByRole('heading', { name: 'User Analytics' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await app.horizontalOverflow()).toBeLessThanOrEqual(0);
  await app.expectAccessible('super admin dashboard (phone)');
  await app.screenshot('superadmin-phone');
  await context.close();
});

test.describe('session times follow the conference time zone, never the browser', () => {
  // A browser far from the conference: the admin screens must still show Denver time, labelled.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('an admin edits the conference settings; times are shown and entered in its zone', async ({ page }) => {
    const app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    const title = `Zone check ${Date.now()}`;
    const created = await page.request.post('/api/admin/session', {
      data: { title, date: '2025-09-08T08:30:00-06:00', endTime: '9:15 AM', speakers: ['Ann Lee'] },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.reload();
    await expect(app.row(title)).toContainText('Sep 8, 2025, 8:30 AM – 9:15 AM MDT');
    await app
      .row(title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    await expect(app.dialog('Edit Session').getByLabel('Start time')).toHaveValue('08:30');
    await app.dialog('Edit Session').getByRole('button', { name: 'Cancel' }).click();

    await app.openTab('Conference');
    const form = page.getByRole('form', { name: 'Conference settings' });
    await expect(form.getByLabel('Time zone')).toHaveValue('America/Denver');
    await expect(form.getByLabel('Start date (Day 1)')).toHaveValue('2025-09-08');
    await expect(form).toContainText('8:30 AM on Day 1 is 8:30 AM MDT (America/Denver)');
    await app.expectAccessible('Conference settings');
    await app.screenshot('admin-conference-settings');

    await form.getByLabel('End date').fill('2025-09-07');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('End date must be on or after the start date.')).toBeVisible();
    await form.getByLabel('End date').fill('2025-09-10');

    try {
      await form.getByLabel('Time zone').fill('America/New_York');
      await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
      await form.getByRole('button', { name: 'Save settings' }).click();
      await app.expectToast('Conference settings saved.');
      expect(((await (await page.request.get('/api/conference')).json()) as { timeZone: string }).timeZone).toBe('America/New_York');
      await app.openTab('Sessions Content');
      await expect(page.getByTestId('sessions-time-zone')).toHaveText('Times are conference time (America/New_York)');
      await expect(app.row(title)).toContainText('Sep 8, 2025, 10:30 AM');
      await expect(app.row(title)).toContainText('EDT');
    } finally {
      const restore = await page.request.put('/api/admin/conference', { data: { timeZone: 'America/Denver' } });
      expect(restore.ok(), await restore.text()).toBe(true);
    }
  });
});

test.describe('upload, insights and chat-history times carry the conference time zone, as session times do', () => {
  // A browser far from the conference: every time reads in the conference's zone, with its name.
  test.use({ timezoneId: 'Asia/Tokyo' });

  /** How the consoles write a moment: the conference's date and clock, then the zone's short name. */
  async function conferenceTime(page: Page, iso: string): Promise<string> {
    const { timeZone } = (await (await page.request.get('/api/conference')).json()) as { timeZone: string };
    const d = new Date(iso);
    const text = d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', hour12: true, timeZone });
    const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(d)
      .find((p) => p.type === 'timeZoneName')!.value;
    return `${text} ${zone}`;
  }

  test('the Transcripts list, the Insights tables and the View Chats dialog', async ({ page, baseURL }) => {
    const app = new AdminConsole(page);
    const attendee = uniqueEmail('zones');
    const question = `Which room hosts the zone check ${Date.now()}?`;
    const asker = await playwrightRequest.newContext({ baseURL });
    await askAsAttendee(asker, attendee, [question]);
    await asker.dispose();
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);

    const [doc] = (await (await page.request.get('/api/admin/documents?kind=transcript')).json()) as {
      originalFilename: string;
      createdAt: string;
    }[];
    await app.openTab('Transcripts');
    await expect(app.row(doc.originalFilename).first()).toContainText(await conferenceTime(page, doc.createdAt));

    const insights = (await (await page.request.get('/api/admin/insights')).json()) as {
      topQuestions: { question: string; lastAskedAt: string }[];
    };
    const asked = insights.topQuestions.find((q) => q.question === question)!;
    await app.openTab('Insights');
    const top = page.getByRole('region', { name: 'Top Questions' });
    await expect(top.getByRole('row').filter({ hasText: question })).toContainText(await conferenceTime(page, asked.lastAskedAt));

    await app.openTab('Chat History');
    await page.getByPlaceholder('Search users').fill(attendee);
    await app
      .row(attendee)
      .getByRole('button', { name: `View Chats of ${attendee}` })
      .click();
    const dialog = app.dialog(/Chats of Quinn Asker/);
    await expect(dialog).toContainText(question);
    const users = (await (await page.request.get(`/api/admin/users/chat-history?q=${encodeURIComponent(attendee)}`)).json()) as {
      userId: string;
    }[];
    const [thread] = (await (await page.request.get(`/api/admin/users/${users[0].userId}/chats`)).json()) as {
      createdAt: string;
      messages: { createdAt: string }[];
    }[];
    await expect(dialog).toContainText(`Conversation started ${await conferenceTime(page, thread.createdAt)}`);
    await expect(dialog.locator('[data-role="user"]')).toContainText(`User · ${await conferenceTime(page, thread.messages[0].createdAt)}`);
  });
});
