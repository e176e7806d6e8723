import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTRUCTIONS_SEEN_KEY, OLD_REGISTRATION_FLAG_KEY } from '@/constants';
import { navigation } from '@/lib/navigation';
import { conference, otherConference, session, user } from '@/test/factories';
import { controlledStream, json, stubFetch, type Handler } from '@/test/fetch';
import { renderApp } from '@/test/render';
import ChatPage from './ChatPage';

const sessions = [
  session({ id: 's1', title: 'Lender Panel', day: 1, startTime: '9:00 AM' }),
  session({ id: 's2', title: 'Fintech Keynote', day: 1, startTime: '10:00 AM' }),
];

function routes(extra: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/environment': () => json({ isProduction: false }),
    'POST /api/chat/start': () => json({ id: 'thread-1' }),
    'GET /api/chat/messages/thread-1': () => json([]),
    'GET /api/sessions': () => json(sessions),
    'GET /api/conference': () => json(conference()),
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

describe('ChatPage', () => {
  it('shows the program while no session has content yet, until the attendee hides it', async () => {
    routes({
      'GET /api/sessions': () => json([]),
      'GET /api/sessions?includeAll=true': () => json(sessions),
    });
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /Select Sessions/ }));
    const panel = await screen.findByRole('dialog', { name: 'Select Sessions' });
    expect(await within(panel).findByRole('checkbox', { name: 'Lender Panel' })).toBeInTheDocument();
    await u.click(within(panel).getByRole('button', { name: 'Hide Sessions Without Content' }));
    expect(await within(panel).findByText('No sessions available.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Show All Sessions' })).toBeInTheDocument();
  });

  it("lists the sessions with content first when some have content (the spec's default)", async () => {
    routes({ 'GET /api/sessions?includeAll=true': () => json([...sessions, session({ id: 's3', title: 'Program Only' })]) });
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /Select Sessions/ }));
    const panel = await screen.findByRole('dialog', { name: 'Select Sessions' });
    expect(await within(panel).findByRole('checkbox', { name: 'Lender Panel' })).toBeInTheDocument();
    expect(within(panel).queryByText('Program Only')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Show All Sessions' })).toBeInTheDocument();
  });

  it('welcomes the user by name, else first name, else User', () => {
    routes();
    const { unmount } = renderApp(<ChatPage user={user({ name: 'Jane Doe' })} />);
    expect(screen.getByText('Welcome, Jane Doe')).toBeInTheDocument();
    unmount();
    renderApp(<ChatPage user={user({ name: '', firstName: '' })} />);
    expect(screen.getByText('Welcome, User')).toBeInTheDocument();
  });

  it("shows 'How to Use' on the first visit until 'Got it, let's start!', and removes the old registration flag", async () => {
    localStorage.removeItem(INSTRUCTIONS_SEEN_KEY);
    localStorage.setItem(OLD_REGISTRATION_FLAG_KEY, 'true');
    routes();
    renderApp(<ChatPage user={user()} />);
    const dialog = await screen.findByRole('dialog', { name: 'How to Use' });
    expect(localStorage.getItem(OLD_REGISTRATION_FLAG_KEY)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: "Got it, let's start!" }));
    expect(screen.queryByRole('dialog', { name: 'How to Use' })).toBeNull();
    expect(localStorage.getItem(INSTRUCTIONS_SEEN_KEY)).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: /Help/ }));
    expect(await screen.findByRole('dialog', { name: 'How to Use' })).toBeInTheDocument();
  });

  it('names the conference of the settings in the header and offers its own suggested questions', async () => {
    routes({ 'GET /api/conference': () => json(otherConference()) });
    renderApp(<ChatPage user={user()} />);
    expect(await screen.findByText('RDD')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Quels ateliers parlent de typage ?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Which talks are about Django?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /equipment financ/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(/Equipment Finance|EFC 2025/);
  });

  it('starts one chat thread with the session filter', async () => {
    const { calls } = routes();
    renderApp(<ChatPage user={user()} />);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/chat/start')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/chat/start')?.body).toEqual({ sessionFilter: [] });
  });

  it('a suggested question fills the input; sending shows the pending message, the status, the streamed answer, then the saved messages', async () => {
    const s = controlledStream();
    let saved: unknown[] = [];
    const { calls } = routes({
      'POST /api/chat/stream': () => new Response(s.stream, { status: 200 }),
      'GET /api/chat/messages/thread-1': () => json(saved),
    });
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /key trends in equipment financing/ }));
    const box = screen.getByRole('textbox', { name: 'Ask a question about the conference' });
    expect(box).toHaveValue('What are the key trends in equipment financing discussed at the conference?');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled());
    await u.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Searching conference documents');
    expect(box).toHaveValue('');
    act(() => s.event({ content: 'Rates **rose** [p. 3]' }));
    expect(await screen.findByText('rose')).toBeInTheDocument();
    saved = [
      { id: 'm1', role: 'user', content: 'What are the key trends?', createdAt: new Date().toISOString(), sources: [] },
      {
        id: 'm2',
        role: 'assistant',
        content: 'Rates **rose** [p. 3]',
        createdAt: new Date().toISOString(),
        sources: [{ marker: '[p. 3]', sessionTitle: 'Lender Panel', snippet: 'Rates rose sharply.', page: 3, kind: 'pdf' }],
      },
    ];
    act(() => {
      s.event('[DONE]');
    });
    const badge = await screen.findByRole('button', { name: 'Source [p. 3]: Lender Panel' });
    expect(screen.queryByText('Sending...')).toBeNull();
    expect(screen.getAllByText('Just now').length).toBe(2);
    await u.click(badge);
    const dialog = await screen.findByRole('dialog', { name: 'Lender Panel' });
    expect(dialog).toHaveTextContent('Rates rose sharply.');
    expect(dialog).toHaveTextContent('Page 3');
    expect(calls.find((c) => c.url === '/api/chat/stream')?.body).toEqual({
      threadId: 'thread-1',
      message: 'What are the key trends in equipment financing discussed at the conference?',
      sessionIds: [],
    });
  });

  it("shows 'Error Processing Response' when the stream reports an error", async () => {
    const s = controlledStream();
    routes({ 'POST /api/chat/stream': () => new Response(s.stream, { status: 200 }) });
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Ask a question about the conference' });
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveTextContent('Ready'));
    await u.type(box, 'Hello{Enter}');
    act(() => s.event({ error: 'provider down' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Processing Response');
    expect(alert).toHaveTextContent('Please try again or check your connection.');
  });

  it("clearing the conversation starts a new thread: 'Conversation Cleared'", async () => {
    let n = 0;
    const { calls } = routes({
      'POST /api/chat/start': () => json({ id: `thread-${++n}` }),
      'GET /api/chat/messages/thread-2': () => json([]),
    });
    renderApp(<ChatPage user={user()} />);
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveTextContent('Ready'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect((await screen.findAllByText('Conversation Cleared'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Started a new conversation.')[0]).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/chat/start')).toHaveLength(2);
  });

  it("a failed clear toasts 'Failed to clear conversation.'", async () => {
    let n = 0;
    routes({ 'POST /api/chat/start': () => (++n === 1 ? json({ id: 'thread-1' }) : new Response('x', { status: 500 })) });
    renderApp(<ChatPage user={user()} />);
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveTextContent('Ready'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect((await screen.findAllByText('Failed to clear conversation.'))[0]).toBeInTheDocument();
  });

  it("validates the 'Email Chat History' address and reports success", async () => {
    const { calls } = routes({ 'POST /api/email/chat-history': () => json({ message: 'sent' }) });
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveTextContent('Ready'));
    await u.click(screen.getByRole('button', { name: 'Email Chat History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email Chat History' });
    const field = within(dialog).getByLabelText('Recipient email');
    await u.clear(field);
    await u.type(field, 'not-an-email');
    await u.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect((await screen.findAllByText('Invalid Email'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a valid email address')[0]).toBeInTheDocument();
    await u.clear(field);
    await u.type(field, 'boss@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect((await screen.findAllByText('Email Sent'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Successfully sent to boss@example.com')[0]).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/email/chat-history')?.body).toEqual({
      threadId: 'thread-1',
      recipientEmail: 'boss@example.com',
    });
  });

  it("'Email Failed' carries the server message", async () => {
    routes({ 'POST /api/email/chat-history': () => json({ message: 'No active chat to send' }, 404) });
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('chat-status')).toHaveTextContent('Ready'));
    await u.click(screen.getByRole('button', { name: 'Email Chat History' }));
    await u.click(await screen.findByRole('button', { name: 'Send Email' }));
    expect((await screen.findAllByText('Email Failed'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('No active chat to send')[0]).toBeInTheDocument();
  });

  it('when signed out (401) toasts Unauthorized and goes to /auth after 500 ms', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    routes({ 'POST /api/chat/start': () => json({ message: 'Unauthorized' }, 401) });
    renderApp(<ChatPage user={user()} />);
    expect((await screen.findAllByText('Unauthorized'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('You are logged out. Logging in again...')[0]).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'), { timeout: 1500 });
  });

  it('below the large breakpoint opens Select Sessions with its count badge, and the overlay closes it', async () => {
    routes();
    renderApp(<ChatPage user={user()} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /Select Sessions/ }));
    const panel = await screen.findByRole('dialog', { name: 'Select Sessions' });
    await u.click(await within(panel).findByRole('checkbox', { name: 'Lender Panel' }));
    expect(screen.getByLabelText('1 selected')).toBeInTheDocument();
    expect(screen.getByTestId('chat-scope')).toHaveTextContent('1 session selected');
    await u.click(screen.getByTestId('sheet-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Sessions' })).toBeNull());
  });
});
