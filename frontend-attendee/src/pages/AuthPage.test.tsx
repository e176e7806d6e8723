import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch';
import { conference, user as makeUser, otherConference } from '@/test/factories';
import { renderApp } from '@/test/render';
import AuthPage from './AuthPage';

afterEach(() => vi.unstubAllGlobals());

const signedOut = { 'GET /api/auth/user': () => json({ message: 'Unauthorized' }, 401) };

async function fill(fields: Record<string, string>) {
  const u = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) await u.type(await screen.findByLabelText(label, { exact: false }), value);
  return u;
}

describe('AuthPage', () => {
  it('names the conference of the settings: its name, dates and venue', async () => {
    stubFetch({ ...signedOut, 'GET /api/conference': () => json(otherConference()) });
    const { unmount } = renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    expect(
      await screen.findByText('Sign in to the conference assistant for Rhône Dev Days 2024 (Nov 2-3, 2024, Lyon). No password needed.'),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Equipment Finance|Denver|Sept/);
    unmount();
    stubFetch({ ...signedOut, 'GET /api/conference': () => json(conference()) });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    expect(
      await screen.findByText(
        'Sign in to the conference assistant for Equipment Finance Conference 2025 (Sept 8-10, 2025, Denver, CO). No password needed.',
      ),
    ).toBeInTheDocument();
  });

  it('marks the field a sign-in error is about (not only a toast) and focuses it; typing clears the mark', async () => {
    stubFetch(signedOut);
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'Email Address': 'jane.example.com', 'First Name': 'Jane' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText(/Email Address/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/First Name/)).not.toHaveAttribute('aria-invalid');
    await u.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('a refusal not about one field is said under the form; success dismisses the stale toast', async () => {
    let n = 0;
    stubFetch({
      ...signedOut,
      'POST /api/login': () =>
        ++n === 1 ? json({ message: 'Too many attempts. Try again later.' }, 429) : json({ user: makeUser(), signInLinkSent: false }),
    });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'First Name': 'Jane', 'Email Address': 'jane@example.com' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
    expect(screen.getAllByText('Login Failed')[0]).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByText('Login Failed')).toBeNull(), { timeout: 3000 });
  });

  it('shows the four fields, the Continue button and the educational statement', async () => {
    stubFetch(signedOut);
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    expect(await screen.findByLabelText(/First Name/)).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toBeInTheDocument();
    expect(screen.getByLabelText('Company/Organization')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByText(/educational and demonstration purposes only/)).toBeInTheDocument();
  });

  it("toasts 'Invalid Email' without an '@' and 'Name Required' without a first name", async () => {
    const { calls } = stubFetch(signedOut);
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'Email Address': 'jane.example.com', 'First Name': 'Jane' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Invalid Email'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a valid email address.')[0]).toBeInTheDocument();

    await u.clear(screen.getByLabelText(/Email Address/));
    await u.type(screen.getByLabelText(/Email Address/), 'jane@example.com');
    await u.clear(screen.getByLabelText(/First Name/));
    await u.type(screen.getByLabelText(/First Name/), '   ');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Name Required'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Please enter your first name.')[0]).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("posts the login, reads 'Logging in...', and goes to / 500 ms after success", async () => {
    const { calls } = stubFetch({ ...signedOut, 'POST /api/login': () => json({ user: makeUser(), signInLinkSent: false }) });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'First Name': 'Jane', 'Last Name': 'Doe', 'Email Address': 'jane@example.com', 'Company/Organization': 'Acme' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      company: 'Acme',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 2000 });
  });

  it("toasts 'Login Failed' with the server message, status prefix stripped", async () => {
    const { calls } = stubFetch({ ...signedOut, 'POST /api/login': () => json({ message: 'Too many attempts. Try again later.' }, 429) });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'First Name': 'Jane', 'Email Address': 'jane@example.com' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Login Failed'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Too many attempts. Try again later.')[0]).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/quick-login')).toBe(false);
  });

  it('tries the quick login when the login service fails, and signs in with it', async () => {
    const { calls } = stubFetch({
      ...signedOut,
      'POST /api/login': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
      'POST /api/quick-login': () => json({ user: makeUser({ email: 'demo.attendee@conference.local' }) }),
    });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'First Name': 'Jane', 'Email Address': 'jane@example.com' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 2000 });
    expect(calls.map((c) => c.url)).toContain('/api/quick-login');
  });

  it("falls back to 'Please check your email and try again.' when both fail without a message", async () => {
    stubFetch({
      ...signedOut,
      'POST /api/login': () => new Response('', { status: 502, statusText: '' }),
      'POST /api/quick-login': () => json({ message: 'Quick login is not available in production.' }, 403),
    });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    const u = await fill({ 'First Name': 'Jane', 'Email Address': 'jane@example.com' });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Login Failed'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Please check your email and try again.')[0]).toBeInTheDocument();
  });

  it.each([
    ['direct_access', 'Please use the login form to access your account.'],
    ['not_found', "The page you requested wasn't found. Please log in here."],
    ['anything', 'There was an issue with your request. Please log in to continue.'],
  ])("toasts 'Redirected to Login' for error=%s, then clears the query string", async (value, text) => {
    stubFetch(signedOut);
    renderApp(<AuthPage />, { path: `/auth?error=${value}`, route: '/auth' });
    expect((await screen.findAllByText('Redirected to Login'))[0]).toBeInTheDocument();
    expect(screen.getAllByText(text)[0]).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('sends a signed-in user to /', async () => {
    stubFetch({ 'GET /api/auth/user': () => json(makeUser()) });
    renderApp(<AuthPage />, { path: '/auth', route: '/auth' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
