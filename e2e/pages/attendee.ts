import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, saveScreenshot } from '../support/screens';

/** A new attendee address for each test, so rate limits, threads and mail never mix. */
export function uniqueEmail(prefix = 'attendee'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

/** Page object of the attendee app (accessible selectors: roles, labels, visible text). */
export class AttendeeApp {
  constructor(readonly page: Page) {}

  /** The toast, the page text or a dialog text: Radix renders toast text twice, hence first(). */
  text(value: string | RegExp): Locator {
    return this.page.getByText(value).first();
  }

  async skipHowToUse(): Promise<void> {
    await this.page.addInitScript(() => window.localStorage.setItem('hasSeenInstructions', 'true'));
  }

  /** Signs in through the API (the browser context keeps the cookie). */
  async signInViaApi(email: string, firstName = 'Erin'): Promise<void> {
    const res = await this.page.request.post('/api/login', { data: { email, firstName, lastName: 'Tester', company: 'E2E Co' } });
    expect(res.ok(), await res.text()).toBe(true);
  }

  async fillSignIn(fields: { firstName: string; lastName?: string; email: string; company?: string }): Promise<void> {
    await this.page.getByLabel('First Name').fill(fields.firstName);
    await this.page.getByLabel('Last Name').fill(fields.lastName ?? '');
    await this.page.getByLabel('Email Address').fill(fields.email);
    await this.page.getByLabel('Company/Organization').fill(fields.company ?? '');
  }

  // Chat page
  get question(): Locator {
    return this.page.getByRole('textbox', { name: 'Ask a question about the conference' });
  }
  get askButton(): Locator {
    return this.page.getByRole('button', { name: 'Ask', exact: true });
  }
  get status(): Locator {
    return this.page.getByTestId('chat-status');
  }
  get assistantMessages(): Locator {
    return this.page.locator('[data-testid="chat-message"][data-role="assistant"]');
  }
  get citationBadges(): Locator {
    return this.page.locator('button[data-citation]');
  }

  async waitForChatReady(): Promise<void> {
    await expect(this.status).toContainText('Ready');
  }

  /** Asks and waits until the answer is saved (the status bar is ready again). */
  async ask(text: string): Promise<void> {
    const before = await this.assistantMessages.count();
    await this.question.fill(text);
    await this.question.press('Enter');
    await expect(this.assistantMessages).toHaveCount(before + 1, { timeout: 60_000 });
    await this.waitForChatReady();
  }

  sessionsPanel(): Locator {
    return this.page.getByRole('complementary', { name: 'Select Sessions' });
  }

  takeawaysPanel(): Locator {
    return this.page.getByRole('complementary', { name: 'Takeaways' });
  }

  /** No serious or critical axe-core violation on the current screen. */
  expectAccessible(label: string): Promise<void> {
    return expectAccessible(this.page, label);
  }

  screenshot(name: string): Promise<void> {
    return saveScreenshot(this.page, name);
  }
}
