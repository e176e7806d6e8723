import { expect, test } from '@playwright/test';
import { AttendeeApp, uniqueEmail } from './pages/attendee';

const PHONE = { width: 390, height: 844 };

test.describe('attendee: every screen', () => {
  test('landing, /landing, /lander and sign-in are accessible at desktop and phone width', async ({ page }) => {
    const app = new AttendeeApp(page);
    // The built assets are served precompressed (the build writes .br/.gz twins).
    const script = page.waitForResponse((r) => /\/assets\/react-.+\.js$/.test(new URL(r.url()).pathname));
    for (const path of ['/', '/landing', '/lander']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Smart Search' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Document Upload' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Key Takeaways' })).toBeVisible();
      await expect(page.locator('img')).toHaveCount(0);
    }
    expect((await script).headers()['content-encoding']).toBe('br');
    await app.expectAccessible('landing');
    await app.screenshot('landing-desktop');
    await page.goto('/auth');
    await app.expectAccessible('sign-in');
    await app.screenshot('sign-in-desktop');

    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await app.expectAccessible('landing (phone)');
    await app.screenshot('landing-phone');
    await page.goto('/auth');
    await app.expectAccessible('sign-in (phone)');
    await app.screenshot('sign-in-phone');
  });

  test('sign-in validation toasts and the error query', async ({ page }) => {
    const app = new AttendeeApp(page);
    await page.goto('/auth?error=not_found');
    await expect(app.text('Redirected to Login')).toBeVisible();
    await expect(app.text("The page you requested wasn't found. Please log in here.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await app.fillSignIn({ firstName: 'Sam', email: 'sam.example.com' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(app.text('Invalid Email')).toBeVisible();
    await expect(app.text('Please enter a valid email address.')).toBeVisible();
    await app.fillSignIn({ firstName: ' ', email: uniqueEmail('validation') });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(app.text('Name Required')).toBeVisible();
    await expect(app.text('Please enter your first name.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('chat page is accessible at desktop and phone width; at 390 px both panels open and close', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.signInViaApi(uniqueEmail('panels'), 'Pat');
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'How to Use' })).toBeVisible();
    await app.expectAccessible('how to use');
    await app.screenshot('how-to-use-desktop');
    await page.getByRole('button', { name: "Got it, let's start!" }).click();
    await expect(app.sessionsPanel().getByTestId('session-item').first()).toBeVisible();
    await app.waitForChatReady();
    await app.expectAccessible('chat (desktop)');
    await app.screenshot('chat-desktop');

    await page.setViewportSize(PHONE);
    await expect(app.sessionsPanel()).toBeHidden();
    const openSessions = page.getByRole('button', { name: /Select Sessions/ });
    await expect(openSessions).toContainText('0');
    await app.expectAccessible('chat (phone)');
    await app.screenshot('chat-phone');

    await openSessions.click();
    const sessions = page.getByRole('dialog', { name: 'Select Sessions' });
    await expect(sessions).toBeVisible();
    await sessions.getByTestId('session-item').getByRole('checkbox', { disabled: false }).first().check();
    await app.expectAccessible('sessions panel (phone)');
    await app.screenshot('sessions-panel-phone');
    await page.getByTestId('sheet-overlay').click({ position: { x: PHONE.width - 10, y: 400 } });
    await expect(sessions).toBeHidden();
    await expect(openSessions).toContainText('1');
    await expect(page.getByTestId('chat-scope')).toHaveText('1 session selected');

    await page.getByRole('button', { name: 'Takeaways' }).click();
    const takeaways = page.getByRole('dialog', { name: 'Takeaways' });
    await expect(takeaways).toBeVisible();
    await expect(takeaways.getByRole('radio', { name: 'Selected Sessions (1)' })).toBeChecked();
    await app.expectAccessible('takeaways panel (phone)');
    await app.screenshot('takeaways-panel-phone');
    await page.getByTestId('sheet-overlay').click({ position: { x: 10, y: 400 } });
    await expect(takeaways).toBeHidden();
  });

  test('session selector: search, show all sessions, disabled sessions without content', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('selector'));
    await page.goto('/');
    const panel = app.sessionsPanel();
    const items = panel.getByTestId('session-item');
    await expect(items.first()).toBeVisible();
    const withContent = await items.count();

    await panel.getByRole('button', { name: 'Show All Sessions' }).click();
    await expect(panel.getByRole('button', { name: 'Hide Sessions Without Content' })).toBeVisible();
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(withContent);
    await expect.poll(() => items.count()).toBeGreaterThan(withContent);
    // The demo conference has sessions without documents: listed, dimmed, not selectable.
    const empty = items.filter({ hasText: 'No documents' });
    await expect(empty.first()).toBeVisible();
    await expect(empty.first().getByRole('checkbox')).toBeDisabled();
    await expect(empty.first()).toHaveClass(/opacity-60/);

    const search = panel.getByRole('searchbox');
    await search.fill('zzzz-no-such-session');
    await expect(panel.getByText('No sessions found matching your search.')).toBeVisible();
    await search.fill('');
    const firstTitle = (await items.first().locator('label').textContent())!;
    await search.fill(firstTitle.slice(0, 12).toUpperCase());
    await expect(items.first()).toContainText(firstTitle);
  });

  test('/test signs in the demo attendee and goes to / after 1.5 s', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await page.goto('/test');
    await expect(app.text(/Logged in successfully/)).toBeVisible();
    await app.expectAccessible('/test');
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    await expect(page.getByText('Welcome, Demo Attendee')).toBeVisible();
  });

  test('/logout signs out, shows both messages and goes to the landing page after 2 s', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('logout'));
    await page.goto('/');
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await expect(page.getByText('Redirecting you to the login page...')).toBeVisible();
    await app.expectAccessible('/logout');
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    await expect(page.getByRole('heading', { name: 'AI-Powered Chat' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('/search finds ranked passages with marked words', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('search'));
    await page.goto('/');
    await page.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByLabel('Search for').fill('credit');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByTestId('search-result');
    await expect(results.first()).toBeVisible({ timeout: 30_000 });
    await expect(results.first().locator('mark').first()).toBeVisible();
    await expect(results.first()).toContainText(/Page \d+|At \d+:\d{2}/);
    await app.expectAccessible('/search');
    await app.screenshot('search-desktop');
    await page.setViewportSize(PHONE);
    await app.screenshot('search-phone');
  });

  test("/search when signed out goes to sign in; an unknown path reads '404 Page Not Found'", async ({ page }) => {
    const app = new AttendeeApp(page);
    await page.goto('/search');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(app.text('Please use the login form to access your account.')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await app.expectAccessible('404');
  });
});
