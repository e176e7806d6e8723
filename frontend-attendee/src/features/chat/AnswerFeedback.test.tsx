import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerFeedback } from './AnswerFeedback';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function fakeServer(status = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      calls.push({ url, method: String(init.method), body });
      if (status !== 200) return new Response(JSON.stringify({ message: 'Message not found' }), { status });
      return new Response(JSON.stringify({ messageId: body.messageId, rating: body.rating, comment: body.comment ?? null }), {
        status: 200,
      });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AnswerFeedback', () => {
  it('offers Helpful and Not helpful, none chosen, 44 px targets', () => {
    render(<AnswerFeedback messageId="m1" />);
    for (const name of ['Helpful', 'Not helpful']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-pressed', 'false');
      expect(button.className).toMatch(/\bh-11\b/);
      expect(button.className).toMatch(/\bw-11\b/);
    }
    expect(screen.queryByLabelText('What was wrong?')).not.toBeInTheDocument();
  });

  it('stores Helpful, then lets it change to Not helpful with an optional comment', async () => {
    const user = userEvent.setup();
    const calls = fakeServer();
    render(<AnswerFeedback messageId="m1" />);
    await user.click(screen.getByRole('button', { name: 'Helpful' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for your feedback.');
    expect(calls).toEqual([{ url: '/api/chat/feedback', method: 'POST', body: { messageId: 'm1', rating: 'up' } }]);

    await user.click(screen.getByRole('button', { name: 'Not helpful' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls[1].body).toEqual({ messageId: 'm1', rating: 'down' });

    const input = screen.getByLabelText('What was wrong?');
    expect(input).toHaveAttribute('maxLength', '500');
    await user.type(input, 'It missed the bank view');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByLabelText('What was wrong?')).not.toBeInTheDocument());
    expect(calls[2].body).toEqual({ messageId: 'm1', rating: 'down', comment: 'It missed the bank view' });
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for your feedback.');
  });

  it('shows the stored rating and keeps the choice when saving fails', async () => {
    const user = userEvent.setup();
    fakeServer(404);
    render(<AnswerFeedback messageId="m1" rating="down" comment="Wrong session" />);
    expect(screen.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Helpful' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not found');
    expect(screen.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'false');
  });
});
