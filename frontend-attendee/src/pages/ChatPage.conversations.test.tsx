import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTRUCTIONS_SEEN_KEY } from '@/constants';
import { user } from '@/test/factories';
import { json, stubFetch, type Handler } from '@/test/fetch';
import { renderApp } from '@/test/render';
import ChatPage from './ChatPage';

const me = user({ id: 'u1' });
const at = new Date().toISOString();
const saved = [
  { id: 'm1', role: 'user', content: 'When is the keynote?', createdAt: at, sources: [] },
  { id: 'm2', role: 'assistant', content: 'It opens the conference.', createdAt: at, sources: [] },
];

function routes(extra: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/environment': () => json({ isProduction: false }),
    'GET /api/chat/assistant': () => json({ provider: 'local' }),
    'POST /api/chat/start': () => json({ id: 'thread-new' }),
    'GET /api/chat/messages/thread-new': () => json([]),
    'GET /api/chat/messages/thread-old': () => json(saved),
    'GET /api/sessions': () => json([]),
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

const ready = () => waitFor(() => expect(screen.getByTestId('chat-status')).toHaveTextContent('Ready'));

describe('ChatPage conversations', () => {
  it('after a reload reopens the current conversation instead of starting a new one', async () => {
    localStorage.setItem('chat.currentThread.u1', 'thread-old');
    const { calls } = routes();
    renderApp(<ChatPage user={me} />);
    expect(await screen.findByText('It opens the conference.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/chat/start')).toHaveLength(0);
  });

  it('starts a new conversation when the remembered one is gone, and remembers the new one', async () => {
    localStorage.setItem('chat.currentThread.u1', 'thread-gone');
    const { calls } = routes({ 'GET /api/chat/messages/thread-gone': () => json({ message: 'Chat thread not found' }, 404) });
    renderApp(<ChatPage user={me} />);
    await ready();
    expect(calls.filter((c) => c.url === '/api/chat/start')).toHaveLength(1);
    expect(localStorage.getItem('chat.currentThread.u1')).toBe('thread-new');
  });

  it("'Clear' asks first: Cancel keeps the conversation, Clear starts a new one", async () => {
    localStorage.setItem('chat.currentThread.u1', 'thread-old');
    const { calls } = routes();
    renderApp(<ChatPage user={me} />);
    const u = userEvent.setup();
    await screen.findByText('It opens the conference.');
    await u.click(screen.getByRole('button', { name: 'Clear conversation' }));
    const ask = await screen.findByRole('dialog', { name: 'Clear this conversation?' });
    await u.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('It opens the conference.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/chat/start')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Clear conversation' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Clear this conversation?' })).getByRole('button', { name: 'Clear' }));
    expect((await screen.findAllByText('Conversation Cleared'))[0]).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/chat/start')).toHaveLength(1);
    expect(screen.queryByText('It opens the conference.')).toBeNull();
    expect(localStorage.getItem('chat.currentThread.u1')).toBe('thread-new');
  });

  it('lists earlier conversations by first question and date; one reopens, one is deleted after asking', async () => {
    let threads = [
      { id: 'thread-new', title: 'Residual values?', createdAt: at, updatedAt: at, messageCount: 2 },
      { id: 'thread-old', title: 'When is the keynote?', createdAt: at, updatedAt: '2025-09-08T15:00:00.000Z', messageCount: 2 },
    ];
    const { calls } = routes({
      'GET /api/chat/threads': () => json(threads),
      'DELETE /api/chat/threads/thread-new': () => {
        threads = threads.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<ChatPage user={me} />);
    const u = userEvent.setup();
    await ready();
    await u.click(screen.getByRole('button', { name: 'Conversations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversations' });
    const items = await within(dialog).findAllByTestId('conversation');
    expect(items[0]).toHaveTextContent('Residual values?');
    expect(items[0]).toHaveTextContent(/Today, \d{1,2}:\d{2} [AP]M · 2 messages · current/);
    expect(items[1]).toHaveTextContent('When is the keynote?');
    expect(items[1]).toHaveTextContent(/Sep [78], 2025/);

    await u.click(within(dialog).getByRole('button', { name: 'Open conversation: When is the keynote?' }));
    expect(await screen.findByText('It opens the conference.')).toBeInTheDocument();
    expect(localStorage.getItem('chat.currentThread.u1')).toBe('thread-old');

    await u.click(screen.getByRole('button', { name: 'Conversations' }));
    const again = await screen.findByRole('dialog', { name: 'Conversations' });
    await u.click(await within(again).findByRole('button', { name: 'Delete… Residual values?' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await u.click(within(again).getByRole('button', { name: 'Delete conversation: Residual values?' }));
    await waitFor(() => expect(within(again).getAllByTestId('conversation')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/chat/threads/thread-new']);
  });

  it('when the question cannot be answered it stays in the box and the reason is in plain words', async () => {
    routes({
      'POST /api/chat/stream': () => new Response('x', { status: 500 }),
      'POST /api/chat/message': () => json({ message: 'down' }, 503),
    });
    renderApp(<ChatPage user={me} />);
    const u = userEvent.setup();
    await ready();
    const box = screen.getByRole('textbox', { name: 'Ask a question about the conference' });
    await u.type(box, 'When is the keynote?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assistant is not available right now. Please try again in a minute.');
    expect(document.body).not.toHaveTextContent(/Fallback failed|503/);
    expect(box).toHaveValue('When is the keynote?');
  });

  it("shows the offline provider's note once, under the question box, and not for a model", async () => {
    routes();
    const { unmount } = renderApp(<ChatPage user={me} />);
    expect(await screen.findByText('Answers quote the conference materials directly.')).toBeInTheDocument();
    expect(screen.getAllByText(/quote the conference materials/)).toHaveLength(1);
    unmount();
    routes({ 'GET /api/chat/assistant': () => json({ provider: 'openai' }) });
    renderApp(<ChatPage user={me} />);
    await ready();
    expect(screen.queryByText('Answers quote the conference materials directly.')).toBeNull();
  });

  it('has a skip link that moves focus to the question box', async () => {
    routes();
    renderApp(<ChatPage user={me} />);
    await ready();
    const u = userEvent.setup();
    await u.click(screen.getByRole('link', { name: 'Skip to the question box' }));
    expect(screen.getByRole('textbox', { name: 'Ask a question about the conference' })).toHaveFocus();
  });
});
