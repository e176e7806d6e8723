import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTRUCTIONS_SEEN_KEY } from '@/constants';
import { conference, session, user } from '@/test/factories';
import { json, stubFetch, type Handler } from '@/test/fetch';
import { renderApp } from '@/test/render';
import ChatPage from './ChatPage';
import LogoutPage from './LogoutPage';

const sessions = [
  session({ id: 's1', title: 'Lender Panel', day: 1, startTime: '9:00 AM' }),
  session({ id: 's2', title: 'Fintech Keynote', day: 1, startTime: '10:00 AM' }),
];
const generated = { takeaways: ['Lenders hold a FICO floor of 680.'], sources: ['Lender Panel'] };

function routes(extra: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/environment': () => json({ isProduction: false }),
    'POST /api/chat/start': () => json({ id: 'thread-1' }),
    'GET /api/chat/messages/thread-1': () => json([]),
    'GET /api/sessions': () => json(sessions),
    'GET /api/conference': () => json(conference()),
    'POST /api/takeaways': () => json(generated),
    ...extra,
  });
}

beforeEach(() => {
  localStorage.setItem(INSTRUCTIONS_SEEN_KEY, 'true');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const u = () => userEvent.setup();

async function openSessions() {
  await u().click(screen.getByRole('button', { name: /Select Sessions/ }));
  return screen.findByRole('dialog', { name: 'Select Sessions' });
}

async function openTakeaways() {
  await u().click(screen.getByRole('button', { name: 'Takeaways' }));
  return screen.findByRole('dialog', { name: 'Takeaways' });
}

describe('ChatPage keeps what the attendee did across a reload', () => {
  it('keeps the ticked sessions and the generated takeaways, per user', async () => {
    routes();
    const first = renderApp(<ChatPage user={user({ id: 'u1' })} />);
    const panel = await openSessions();
    await u().click(await within(panel).findByRole('checkbox', { name: 'Lender Panel' }));
    expect(screen.getByTestId('chat-scope')).toHaveTextContent('1 session selected');
    await u().click(screen.getByTestId('sheet-overlay'));
    const takeaways = await openTakeaways();
    await u().click(within(takeaways).getByRole('button', { name: 'Generate' }));
    expect(await within(takeaways).findByText('Lenders hold a FICO floor of 680.')).toBeInTheDocument();
    first.unmount();

    // The reload: a new page, the same user.
    renderApp(<ChatPage user={user({ id: 'u1' })} />);
    expect(await screen.findByTestId('chat-scope')).toHaveTextContent('1 session selected');
    const again = await openTakeaways();
    expect(within(again).getByText('Lenders hold a FICO floor of 680.')).toBeInTheDocument();
    expect(within(again).getByRole('radio', { name: 'Selected Sessions (1)' })).toBeChecked();
    expect(within(again).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('shows another user of the browser nothing of the first one’s choices', async () => {
    localStorage.setItem('chat.kept.selectedSessions.u1', JSON.stringify(['s1', 's2']));
    localStorage.setItem('chat.kept.takeaways.u1', JSON.stringify({ mode: 'all', result: generated }));
    routes();
    renderApp(<ChatPage user={user({ id: 'u2' })} />);
    expect(await screen.findByTestId('chat-scope')).not.toHaveTextContent(/selected/);
    const takeaways = await openTakeaways();
    expect(within(takeaways).queryByText('Lenders hold a FICO floor of 680.')).toBeNull();
  });

  it('drops ticked sessions that no longer exist or can no longer be ticked, and forgets them', async () => {
    localStorage.setItem('chat.kept.selectedSessions.u1', JSON.stringify(['s1', 'deleted-session', 's2']));
    routes({ 'GET /api/sessions?includeAll=true': () => json([sessions[0], { ...sessions[1], contentStatus: 'none' }]) });
    renderApp(<ChatPage user={user({ id: 'u1' })} />);
    await waitFor(() => expect(screen.getByTestId('chat-scope')).toHaveTextContent('1 session selected'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('chat.kept.selectedSessions.u1')!)).toEqual(['s1']));
  });

  it('ignores a kept value of the wrong shape', async () => {
    localStorage.setItem('chat.kept.selectedSessions.u1', '{"not":"a list"}');
    localStorage.setItem('chat.kept.takeaways.u1', JSON.stringify({ mode: 'selected', result: { takeaways: 'x' } }));
    routes();
    renderApp(<ChatPage user={user({ id: 'u1' })} />);
    expect(await screen.findByTestId('chat-scope')).not.toHaveTextContent(/selected/);
    const takeaways = await openTakeaways();
    expect(within(takeaways).getByText('Please select at least one session to generate takeaways.')).toBeInTheDocument();
  });

  it('logging out forgets the ticked sessions and takeaways (the conversation stays the user’s)', async () => {
    localStorage.setItem('chat.kept.selectedSessions.u1', JSON.stringify(['s1']));
    localStorage.setItem('chat.kept.takeaways.u1', JSON.stringify({ mode: 'all', result: generated }));
    localStorage.setItem('chat.currentThread.u1', 'thread-1');
    stubFetch({ 'POST /api/logout': () => json({ success: true }) });
    renderApp(<LogoutPage />, { path: '/logout', route: '/logout' });
    expect(await screen.findByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(localStorage.getItem('chat.kept.selectedSessions.u1')).toBeNull();
    expect(localStorage.getItem('chat.kept.takeaways.u1')).toBeNull();
    expect(localStorage.getItem('chat.currentThread.u1')).toBe('thread-1');
  });
});
