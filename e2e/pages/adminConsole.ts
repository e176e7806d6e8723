import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible, saveScreenshot } from '../support/screens';
import { signInLinkOf, waitForMail } from '../support/mail';

/** PRODUCT.md §2: the admin dashboard's tabs, in order. */
export const ADMIN_TABS = [
  'Sessions Content',
  'Transcripts',
  'PDFs',
  'Ingest Status',
  'Chat History',
  'User Actions',
  'OpenAI Billing',
  'Export',
] as const;
/** Tabs beyond the spec, after its eight: Insights and the conference settings. */
export const EXTRA_ADMIN_TABS = ['Insights', 'Conference'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number] | (typeof EXTRA_ADMIN_TABS)[number];

/** A new address for each test, so rate limits, threads and analytics never mix. */
export function uniqueEmail(prefix = 'attendee'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

/**
 * Signs a privileged user in the way a person does: the login form's call sends the sign-in link
 * by mail (real SMTP sink), and the browser opens the link: its page posts the token by itself and
 * lands on the console.
 */
export async function signInThroughMailedLink(page: Page, email: string): Promise<void> {
  const since = Date.now();
  const res = await page.request.post('/api/login', { data: { email, firstName: 'Avery', lastName: 'Admin' } });
  expect(res.ok(), await res.text()).toBe(true);
  const link = signInLinkOf(await waitForMail(email, since));
  await page.goto(link);
  await page.waitForURL(/\/(admin|superadmin)$/);
}

/** An attendee who asks questions through the API (its own cookie jar). */
export async function askAsAttendee(request: APIRequestContext, email: string, questions: string[]): Promise<void> {
  const login = await request.post('/api/login', { data: { email, firstName: 'Quinn', lastName: 'Asker', company: 'E2E Leasing' } });
  expect(login.ok(), await login.text()).toBe(true);
  const start = await request.post('/api/chat/start', { data: { sessionFilter: [] } });
  expect(start.ok(), await start.text()).toBe(true);
  const { id } = (await start.json()) as { id: string };
  for (const message of questions) {
    const res = await request.post('/api/chat/message', { data: { threadId: id, message, sessionIds: [] }, timeout: 90_000 });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** Page object of the react-admin consoles (accessible selectors: roles, labels, visible text). */
export class AdminConsole {
  constructor(readonly page: Page) {}

  tab(name: AdminTab): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async openTab(name: AdminTab): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** A toast (react-admin notification) or other text on the page. */
  text(value: string | RegExp): Locator {
    return this.page.getByText(value).first();
  }

  /** A toast: react-admin's notification (an alert; hidden from the accessibility tree while a modal dialog is open). */
  async expectToast(value: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('alert', { includeHidden: true }).filter({ hasText: value }).first()).toBeVisible();
  }

  /** The table row holding `text`. */
  row(text: string | RegExp): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  dialog(name?: string | RegExp): Locator {
    return name ? this.page.getByRole('dialog', { name }) : this.page.getByRole('dialog');
  }

  /** No serious or critical axe-core violation on the current screen. */
  expectAccessible(label: string): Promise<void> {
    return expectAccessible(this.page, label);
  }

  screenshot(name: string): Promise<void> {
    return saveScreenshot(this.page, name);
  }

  /** How far the page is wider than the window (0 when nothing scrolls sideways). */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
