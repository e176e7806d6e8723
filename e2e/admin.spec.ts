import { expect, request as playwrightRequest, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN_EMAIL, E2E_SUPERADMIN_EMAIL } from './support/env';
import { ADMIN_TABS, AdminConsole, EXTRA_ADMIN_TABS, askAsAttendee, signInThroughMailedLink, uniqueEmail } from './pages/adminConsole';

const DEMO_PDF = path.join(__dirname, '..', 'backend', 'demo', 'documents', 'asc-842-workshop.pdf');

interface StoredSession {
  id: string;
  title: string;
  speakers: string[];
  date: string | null;
  day: number | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
}

interface UsageSummary {
  totalRequests: number;
  last30Days: { chatRequests: number }[];
}

test.describe('consoles turn away whoever may not use them (PRODUCT.md §6)', () => {
  test('a signed-out visitor and an attendee are sent to /api/login from /admin and /superadmin', async ({ page }) => {
    for (const path of ['/admin', '/superadmin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/api\/login(\?.*)?$/);
    }
    const res = await page.request.post('/api/login', { data: { email: uniqueEmail('turned-away'), firstName: 'Tess' } });
    expect(res.ok()).toBe(true);
    for (const path of ['/admin', '/admin/billing', '/superadmin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/api\/login(\?.*)?$/);
    }
    // The page the console sends them to asks for an admin email.
    await expect(page.locator('input[type="email"], input[name="email"]').first()).toBeVisible();
  });

  test('an admin is turned away from the super admin console', async ({ page }) => {
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto('/superadmin');
    await expect(page).toHaveURL(/\/api\/login(\?.*)?$/);
  });
});

test.describe.serial('admin dashboard: the whole journey', () => {
  let app: AdminConsole;
  const title = `E2E Leasing Lab ${Date.now()}`;
  const attendee = uniqueEmail('asker');
  const questions = ['What did the ASC 842 workshop say about lease classification?', 'How do lessors treat sales-type leases?'];
  let usageBefore: UsageSummary;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
  });
  test.afterAll(async () => {
    await app.page.context().close();
  });

  test('signs in through the mailed link and sees the header, the title and the eight tabs (then Insights)', async () => {
    const { page } = app;
    await expect(page).toHaveURL(/\/admin\/sessions$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(app.text('Welcome, Admin')).toBeVisible();
    await expect(page.getByRole('link', { name: 'User View' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    await expect(page.getByRole('tab')).toHaveText([...ADMIN_TABS, ...EXTRA_ADMIN_TABS]);
    await expect(app.tab('Sessions Content')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Conference Sessions' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Speakers', 'Date', 'Type', 'Documents', 'Actions']);
    await app.screenshot('admin-sessions');
    await app.expectAccessible('sessions tab');
  });

  test('creates and edits a session with every field, in conference time, and an unchanged Update keeps its speakers', async () => {
    test.setTimeout(240_000);
    const { page } = app;
    await page.getByRole('button', { name: 'New Session' }).click();
    const create = app.dialog('New Session');
    await create.getByLabel('Title', { exact: true }).fill(`  ${title}  `);
    // PRODUCT.md §5: speakers and tags comma separated, trimmed, empties dropped.
    await create.getByLabel('Speakers', { exact: true }).fill(' Alice Example, Bob Example, ');
    await create.getByLabel('Tags', { exact: true }).fill('accounting, leases');
    await create.getByLabel('Date', { exact: true }).fill('2025-09-09');
    await create.getByLabel('Start time').fill('14:30');
    await create.getByLabel('End time').fill('15:45');
    await create.getByLabel('Room / location').fill('Room B422');
    await create.getByLabel('Description').fill('Lease classification under ASC 842, with worked examples.');
    await expect(create.getByText('Conference time (America/Denver)').first()).toBeVisible();
    await create.getByLabel('Format').click();
    await page.getByRole('option', { name: 'Workshop' }).click();
    // The format menu fades out after the choice (hidden from the accessibility tree at once, but still on
    // screen): axe reads the dialog once the menu has left the page, as its fading items pass contrast
    // only at full opacity.
    await expect(page.locator('[role="listbox"]')).toHaveCount(0);
    await app.expectAccessible('New Session dialog');
    await create.getByRole('button', { name: 'Create Session' }).click();
    await app.expectToast('Session created successfully.');
    await expect(create).toBeHidden();
    const row = app.row(title);
    await expect(row.getByRole('listitem')).toHaveText(['Alice Example', 'Bob Example']);
    await expect(row).toContainText('Sep 9, 2025, 2:30 PM – 3:45 PM MDT');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Workshop');
    await expect(page.getByTestId('sessions-time-zone')).toHaveText('Times are conference time (America/Denver)');

    // Open and press Update without changing anything: nothing changes, the speakers above all.
    const stored = async () =>
      ((await (await page.request.get('/api/sessions?admin=true')).json()) as StoredSession[]).find((s) => s.title === title)!;
    const before = await stored();
    expect(before).toMatchObject({
      speakers: ['Alice Example', 'Bob Example'],
      tags: ['accounting', 'leases'],
      day: 2,
      startTime: '2:30 PM',
      endTime: '3:45 PM',
      location: 'Room B422',
    });
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    let edit = app.dialog('Edit Session');
    await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
    // The stored speakers as chips (each whole), the text field empty for new ones.
    await expect(edit.getByRole('group', { name: 'Current speakers' }).getByRole('button')).toHaveText(['Alice Example', 'Bob Example']);
    await expect(edit.getByLabel('Speakers', { exact: true })).toHaveValue('');
    await expect(edit.getByLabel('Date', { exact: true })).toHaveValue('2025-09-09');
    await expect(edit.getByLabel('Day')).toHaveValue('2');
    await expect(edit.getByLabel('Start time')).toHaveValue('14:30');
    await expect(edit.getByLabel('End time')).toHaveValue('15:45');
    await expect(edit.getByLabel('Room / location')).toHaveValue('Room B422');
    await expect(edit.getByLabel('Description')).toHaveValue('Lease classification under ASC 842, with worked examples.');
    await app.expectAccessible('Edit Session dialog');
    await edit.getByRole('button', { name: 'Update Session' }).click();
    await app.expectToast('Session updated successfully.');
    await expect(edit).toBeHidden();
    expect(await stored()).toEqual(before);
    await expect(app.row(title).getByRole('listitem')).toHaveCount(2);

    await app
      .row(title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    edit = app.dialog('Edit Session');
    // A chip is removed from the keyboard (Delete on the focused chip), as a screen-reader user does.
    await edit.getByRole('button', { name: 'Bob Example' }).press('Delete');
    await expect(edit.getByRole('button', { name: 'Bob Example' })).toHaveCount(0);
    await edit.getByLabel('Speakers', { exact: true }).fill('Carol Example, Dan Example');
    await edit.getByLabel('Date', { exact: true }).fill('');
    await edit.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await edit.getByRole('button', { name: 'Update Session' }).click();
    await app.expectToast('Session updated successfully.');
    await expect(app.row(`${title} (edited)`)).toContainText('Not scheduled');
    expect(
      ((await (await page.request.get('/api/sessions?admin=true')).json()) as StoredSession[]).find((s) => s.id === before.id),
    ).toMatchObject({
      speakers: ['Alice Example', 'Carol Example', 'Dan Example'],
      date: null,
    });
  });

  test('uploads a PDF, watches it reach Ready, re-processes it', async () => {
    const { page } = app;
    await app.openTab('PDFs');
    await app.screenshot('admin-pdfs-empty-form');
    // Checked before sending.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await app.expectToast('Missing Information: Please select both a file and a session.');
    await page.getByLabel('PDF file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await app.expectToast('Invalid File Type: Please select a PDF file.');

    await page.getByLabel('PDF file').setInputFiles(DEMO_PDF);
    await page.getByRole('combobox', { name: 'Session' }).fill(`${title} (edited)`);
    await page.getByRole('option', { name: `${title} (edited)` }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await app.expectToast('Upload Successful: Document uploaded and processing started.');
    const row = app.row('asc-842-workshop.pdf').filter({ hasText: `${title} (edited)` });
    await expect(row).toBeVisible();
    await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
    await app.screenshot('admin-pdfs');
    await app.expectAccessible('PDFs tab');

    const reingest = page.waitForResponse((r) => /\/api\/admin\/ingest\/[^/]+$/.test(r.url()) && r.request().method() === 'POST');
    await row.getByRole('button', { name: 'Re-process asc-842-workshop.pdf' }).click();
    expect((await reingest).status()).toBe(202);
    await app.expectToast('Re-ingestion Started');
    await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });

    await app.openTab('Transcripts');
    await expect(page.getByRole('heading', { name: 'Upload Transcript' })).toBeVisible();
    await app.screenshot('admin-transcripts');

    await app.openTab('Ingest Status');
    await expect(page.getByRole('heading', { name: 'Document Processing Status' })).toBeVisible();
    await expect(page.getByTestId('summary-percent-ready')).toHaveText(/^\d{1,3}\.\d%$/);
    await expect(page.locator(`[data-document="asc-842-workshop.pdf"]`).first()).toBeVisible();
    await app.screenshot('admin-ingest-status');
    await app.expectAccessible('Ingest Status tab');
  });

  test('downloads the uploaded PDF from Export, byte for byte', async () => {
    const { page } = app;
    await app.openTab('Export');
    await expect(page.getByRole('heading', { name: 'Document Export' })).toBeVisible();
    await expect(app.text('Download conference transcripts and PDFs')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^PDFs \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Transcripts \(\d+\)$/ })).toBeVisible();
    await app.screenshot('admin-export');
    await app.expectAccessible('Export tab');
    const group = page.locator(`[data-export-session="${title} (edited)"]`);
    await expect(group).toContainText(`${title} (edited) (1)`);
    const button = group.getByRole('button', { name: 'Download asc-842-workshop.pdf' });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('asc-842-workshop.pdf');
    const saved = await download.path();
    expect(Buffer.compare(fs.readFileSync(saved), fs.readFileSync(DEMO_PDF))).toBe(0);
    await app.expectToast('Download Complete: Successfully downloaded asc-842-workshop.pdf');
  });

  test("opens an attendee's chats after they asked questions", async ({ baseURL }) => {
    const { page } = app;
    usageBefore = (await (await page.request.get('/api/admin/openai-usage')).json()) as UsageSummary;
    const asker = await playwrightRequest.newContext({ baseURL });
    await askAsAttendee(asker, attendee, questions);
    await asker.dispose();

    await app.openTab('Chat History');
    await page.reload();
    await page.getByPlaceholder('Search users').fill(attendee);
    const row = app.row(attendee);
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Quinn Asker');
    await app.screenshot('admin-chat-history');
    await row.getByRole('button', { name: `View Chats of ${attendee}` }).click();
    const dialog = app.dialog(/Chats of Quinn Asker/);
    await expect(dialog).toContainText(questions[0]);
    await expect(dialog).toContainText(questions[1]);
    await expect(dialog.locator('[data-role="assistant"]')).toHaveCount(2);
    await app.screenshot('admin-chat-history-dialog');
    await app.expectAccessible('View Chats dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('filters and searches the activity log', async () => {
    const { page } = app;
    await app.openTab('User Actions');
    await expect(page.getByRole('heading', { name: 'User Activity Log' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Action type' })).toHaveText('All Actions');
    await page.getByRole('combobox', { name: 'Action type' }).click();
    await expect(page.getByRole('option')).toHaveText(['All Actions', 'Logins', 'Chat Messages']);
    await page.getByRole('option', { name: 'Chat Messages' }).click();
    await page.getByPlaceholder('Search actions').fill(attendee);
    const rows = page.getByRole('row').filter({ hasText: attendee });
    await expect(rows).toHaveCount(questions.length);
    for (const r of await rows.all()) {
      await expect(r).toContainText('Chat Message');
      await expect(r).toContainText(/Just now|minute/);
    }
    await expect(rows.first()).toContainText(questions[1]);
    await app.screenshot('admin-user-actions');
    await app.expectAccessible('User Actions tab');

    await page.getByRole('combobox', { name: 'Action type' }).click();
    await page.getByRole('option', { name: 'Logins' }).click();
    await expect(page.getByRole('row').filter({ hasText: attendee })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: attendee })).toContainText('Login');
  });

  test('sees the usage of the questions just asked in OpenAI Billing', async () => {
    const { page } = app;
    const after = (await (await page.request.get('/api/admin/openai-usage')).json()) as UsageSummary;
    const chats = (u: UsageSummary) => u.last30Days.reduce((s, d) => s + d.chatRequests, 0);
    expect(chats(after)).toBeGreaterThanOrEqual(chats(usageBefore) + questions.length);

    await app.openTab('OpenAI Billing');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 30 days');
    for (const card of ['Total Cost', 'Total Tokens', 'Total Requests', 'Avg Cost/Request']) await expect(app.text(card)).toBeVisible();
    const usageTable = page.getByRole('table', { name: 'Usage analytics' });
    await expect(usageTable.getByRole('row', { name: /Chat Requests/ })).toContainText(String(chats(after)));
    await expect(page.getByText(after.totalRequests.toLocaleString('en-US'), { exact: true }).first()).toBeVisible();
    const breakdown = page.getByRole('table', { name: 'Daily breakdown' });
    await expect(breakdown.getByRole('row').nth(1)).toContainText(
      new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
    );
    await expect(page.getByRole('img', { name: 'Daily cost chart for the last 30 days' })).toBeVisible();
    await app.screenshot('admin-openai-billing');
    await app.expectAccessible('OpenAI Billing tab');

    await page.getByRole('combobox', { name: 'Time range' }).click();
    await expect(page.getByRole('option')).toHaveText(['Last 7 days', 'Last 30 days', 'Last 90 days']);
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect(page.getByRole('img', { name: 'Daily cost chart for the last 7 days' })).toBeVisible();
  });

  test('deletes the session after a confirmation that it cannot be undone', async () => {
    const { page } = app;
    await app.openTab('Sessions Content');
    const row = app.row(`${title} (edited)`);
    await expect(row).toContainText('PDF');
    await row.getByRole('button', { name: `Delete ${title} (edited)` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await app.expectToast('Session deleted successfully.');
    await expect(app.row(`${title} (edited)`)).toHaveCount(0);
  });

  test('imports sessions from pasted JSON and exports them to a dated file', async () => {
    test.setTimeout(240_000);
    const { page } = app;
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = app.dialog('Import Sessions');
    await expect(dialog.getByRole('button', { name: 'Import Sessions' })).toBeDisabled();
    await dialog.getByLabel('Sessions JSON').fill('{"not": "an array"}');
    await dialog.getByRole('button', { name: 'Import Sessions' }).click();
    await app.expectToast('Import Failed: Invalid JSON format or data structure');
    const stamp = Date.now();
    await dialog
      .getByLabel('Sessions JSON')
      .fill(JSON.stringify([{ title: `Imported A ${stamp}`, type: 'roundtable' }, { speakers: ['Nobody'] }]));
    await dialog.getByRole('button', { name: 'Import Sessions' }).click();
    await app.expectToast('Import Complete: Successfully imported 2 of 2 sessions');
    await expect(app.row(`Imported A ${stamp}`)).toContainText('Roundtable');
    await expect(app.row('Untitled Session').first()).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    // The super admin's file: named with the conference's date, {exportedAt, sessions}.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
    const name = `sessions_export_${today}.json`;
    expect(download.suggestedFilename()).toBe(name);
    const exportedText = fs.readFileSync(await download.path(), 'utf8');
    const file = JSON.parse(exportedText) as { exportedAt: string; sessions: { title: string }[] };
    expect(Object.keys(file).sort()).toEqual(['exportedAt', 'sessions']);
    const exported = file.sessions;
    expect(exported.some((s) => s.title === `Imported A ${stamp}`)).toBe(true);
    await app.expectToast(`Export Successful: Exported ${exported.length} sessions to ${name}`);

    // Importing the export again updates the same sessions (the default): nothing doubles.
    const count = async () => ((await (await page.request.get('/api/sessions?admin=true')).json()) as unknown[]).length;
    const before = await count();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByRole('radio', { name: /Update matching sessions/ })).toBeChecked();
    await app.expectAccessible('Import Sessions dialog');
    await dialog.getByLabel('Sessions JSON').fill(exportedText);
    await dialog.getByRole('button', { name: 'Import Sessions' }).click();
    const n = exported.length;
    await app.expectToast(`Import Complete: Successfully imported ${n} of ${n} sessions (0 created, ${n} updated, 0 skipped)`);
    expect(await count()).toBe(before);
  });
});

test('a super admin can use the admin console too', async ({ page }) => {
  await signInThroughMailedLink(page, E2E_SUPERADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});
