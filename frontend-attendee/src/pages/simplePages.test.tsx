import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { INSTRUCTIONS_SEEN_KEY } from '@/constants';
import { highlightSnippet } from '@/features/search/highlight';
import { navigation } from '@/lib/navigation';
import { conference, otherConference, user } from '@/test/factories';
import { json, stubFetch } from '@/test/fetch';
import { renderApp } from '@/test/render';
import { render } from '@testing-library/react';
import { HomePage } from './HomePage';
import LandingPage from './LandingPage';
import LogoutPage from './LogoutPage';
import NotFoundPage from './NotFoundPage';
import SearchPage from './SearchPage';
import TestLoginPage from './TestLoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('simple screens', () => {
  it('the landing page shows the date, place, Get Started and the four features', async () => {
    stubFetch({ 'GET /api/conference': () => json(conference()) });
    renderApp(<LandingPage />);
    expect((await screen.findAllByText(/Sept 8-10, 2025/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Denver, CO/).length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Equipment Finance Conference 2025, Sept 8-10, 2025, Denver, CO' })).toBeInTheDocument();
    expect(screen.getByText(/© 2025 Conference Assistant for the Equipment Finance Conference 2025\./)).toBeInTheDocument();
    for (const f of ['AI-Powered Chat', 'Document Upload', 'Key Takeaways', 'Smart Search'])
      expect(screen.getByRole('heading', { name: f })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/auth');
    expect(document.querySelector('img')).toBeNull();
  });

  it('the landing page names the conference of the settings, and no other while they load', async () => {
    let answer!: (r: Response) => void;
    stubFetch({ 'GET /api/conference': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp(<LandingPage />);
    expect(screen.getByRole('img', { name: 'Conference banner' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Equipment Finance|Denver|Sept/);
    answer(json(otherConference()));
    expect(await screen.findByRole('img', { name: 'Rhône Dev Days 2024, Nov 2-3, 2024, Lyon' })).toBeInTheDocument();
    expect(screen.getAllByText('Rhône Dev Days 2024').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Nov 2-3, 2024').length).toBeGreaterThan(0);
    expect(screen.getByText(/© 2024 Conference Assistant for the Rhône Dev Days 2024\./)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Equipment Finance|Denver|Sept/);
  });

  it('/ shows a spinner while the user loads, then the landing page when signed out', async () => {
    stubFetch({ 'GET /api/auth/user': () => json({ message: 'Unauthorized' }, 401) });
    renderApp(<HomePage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'AI-Powered Chat' })).toBeInTheDocument();
  });

  it('/ signed in goes from the spinner to the chat page without suspending (no Suspense fallback, no throttled reveal)', async () => {
    localStorage.setItem(INSTRUCTIONS_SEEN_KEY, 'true');
    stubFetch({
      'GET /api/auth/user': () => json(user({ name: 'Jane Doe' })),
      'GET /api/environment': () => json({ isProduction: false }),
      'POST /api/chat/start': () => json({ id: 'thread-1' }),
      'GET /api/chat/messages/thread-1': () => json([]),
      'GET /api/sessions': () => json([]),
    });
    let suspended = false;
    function Fallback() {
      suspended = true;
      return <p>Suspended</p>;
    }
    renderApp(
      <Suspense fallback={<Fallback />}>
        <HomePage />
      </Suspense>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('Welcome, Jane Doe', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(suspended).toBe(false);
  });

  it("reads '404 Page Not Found'", () => {
    renderApp(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('/test logs in and goes to / after 1.5 s', async () => {
    stubFetch({ 'POST /api/quick-login': () => json({ user: user() }) });
    renderApp(<TestLoginPage />, { path: '/test', route: '/test' });
    expect(await screen.findByText(/Logged in successfully/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/test');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 2500 });
  });

  it("/test shows 'Login failed. Please try again.' with Try Again", async () => {
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    stubFetch({ 'POST /api/quick-login': () => json({ message: 'no' }, 403) });
    renderApp(<TestLoginPage />, { path: '/test', route: '/test' });
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).toHaveTextContent('Login failed. Please try again.'));
    expect(screen.getAllByText('Login failed')[0]).toBeInTheDocument(); // the toast
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
  });

  it('/logout shows the two messages and goes to / after 2 s', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    stubFetch({ 'POST /api/logout': () => json({ success: true }) });
    renderApp(<LogoutPage />, { path: '/logout', route: '/logout' });
    expect(await screen.findByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(screen.getByText('Redirecting you to the login page...')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1500));
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), { timeout: 1500 });
  });

  it("/logout failure: 'Logout failed. Please try again.' with Try Again and Return to Home", async () => {
    stubFetch({ 'POST /api/logout': () => new Response('x', { status: 500 }) });
    renderApp(<LogoutPage />, { path: '/logout', route: '/logout' });
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).toHaveTextContent('Logout failed. Please try again.'));
    expect(screen.getAllByText('Logout failed')[0]).toBeInTheDocument(); // the toast
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it("search marks the matched words (the server's spans) as text, never as HTML or markup", () => {
    const snippet = 'Lenders tighten credit <b>x</b> **again**';
    const highlights = [
      { start: 8, end: 15 },
      { start: 34, end: 39 },
      { start: 2, end: 4 }, // out of order: ignored
    ];
    const { container } = render(<p>{highlightSnippet({ snippet, highlights })}</p>);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['tighten', 'again']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(snippet);
  });

  it('/search asks the API with the query and the session filter and lists passages', async () => {
    const { calls } = stubFetch({
      'GET /api/auth/user': () => json(user()),
      'GET /api/sessions': () => json([{ id: 's1', title: 'Lender Panel', speakers: [], tags: [] }]),
      'GET /api/search?q=credit+risk&sessionIds=s1': () =>
        json({
          results: [
            {
              sessionId: 's1',
              sessionTitle: 'Lender Panel',
              documentId: 'd',
              kind: 'pdf',
              page: 3,
              startTime: null,
              marker: '[p. 3]',
              snippet: 'About credit risk, **not** markup',
              highlights: [{ start: 6, end: 12 }],
              score: 1,
            },
          ],
        }),
    });
    renderApp(<SearchPage />, { path: '/search', route: '/search' });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Search for'), 'credit risk');
    await screen.findByRole('option', { name: 'Lender Panel' });
    await u.selectOptions(screen.getByLabelText('Session'), 's1');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    const result = await screen.findByTestId('search-result');
    expect(result).toHaveTextContent('Lender Panel');
    expect(result).toHaveTextContent('Page 3');
    expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['credit']);
    expect(result).toHaveTextContent('About credit risk, **not** markup');
    expect(calls.some((c) => c.url === '/api/search?q=credit+risk&sessionIds=s1')).toBe(true);
  });
});
