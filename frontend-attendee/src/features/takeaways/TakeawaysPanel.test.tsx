import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/test/factories';
import { json, stubFetch } from '@/test/fetch';
import { renderApp } from '@/test/render';
import { TakeawaysPanel, useTakeawaysState } from './TakeawaysPanel';
import { numberedList } from './takeawaysText';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness({
  selectedIds,
  userEmail = 'jane@example.com',
  userId = 'u1',
}: {
  selectedIds: string[];
  userEmail?: string | null;
  userId?: string;
}) {
  const [state, setState] = useTakeawaysState(userId);
  return <TakeawaysPanel selectedIds={selectedIds} userEmail={userEmail} state={state} onStateChange={setState} />;
}

const result = { takeaways: ['Rates are rising', 'Credit is tighter'], sources: ['Lender Panel', 'Opening Keynote'] };
const base = { 'GET /api/sessions': () => json([session({ id: 'a' }), session({ id: 'b' }), session({ id: 'c' })]) };

describe('TakeawaysPanel', () => {
  it('numbers the list for the file and the clipboard', () => {
    expect(numberedList(['One', '• Two'])).toBe('1. One\n2. Two\n');
  });

  it('in selected mode with nothing selected disables refresh and prompts', async () => {
    stubFetch(base);
    renderApp(<Harness selectedIds={[]} />);
    expect(screen.getByRole('radio', { name: 'Selected Sessions (0)' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'All Conference Sessions (3)' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(screen.getByText('Please select at least one session to generate takeaways.')).toBeInTheDocument();
  });

  it('generates for the selected sessions with source badges; switching mode clears them', async () => {
    const { calls } = stubFetch({ ...base, 'POST /api/takeaways': () => json(result) });
    renderApp(<Harness selectedIds={['a', 'b']} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Rates are rising')).toBeInTheDocument();
    expect(screen.getByText('Lender Panel')).toBeInTheDocument();
    expect(screen.getAllByText('Takeaways Generated')[0]).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/takeaways')?.body).toEqual({ sessionIds: ['a', 'b'], useAllSessions: false });
    await u.click(screen.getByRole('radio', { name: /All Conference Sessions/ }));
    expect(screen.queryByText('Rates are rising')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Rates are rising');
    expect(calls.filter((c) => c.url === '/api/takeaways')[1].body).toEqual({ sessionIds: [], useAllSessions: true });
  });

  it("toasts 'Failed to generate takeaways. Please try again.'", async () => {
    stubFetch({ ...base, 'POST /api/takeaways': () => new Response('x', { status: 500 }) });
    renderApp(<Harness selectedIds={['a']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findAllByText('Failed to generate takeaways. Please try again.'))[0]).toBeInTheDocument();
  });

  it("copies ('Copied!'), exports ('Downloaded') and emails ('Email Sent!') the takeaways", async () => {
    const { calls } = stubFetch({
      ...base,
      'POST /api/takeaways': () => json(result),
      'POST /api/email/takeaways': () => json({ message: 'ok' }),
    });
    const u = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const createUrl = vi.fn((_: Blob) => 'blob:x');
    URL.createObjectURL = createUrl as never;
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderApp(<Harness selectedIds={['a']} />);
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Rates are rising');

    await u.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    expect(writeText).toHaveBeenCalledWith('1. Rates are rising\n2. Credit is tighter\n');
    expect((await screen.findAllByText('Copied!'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Key takeaways copied to clipboard.')[0]).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Export as File' }));
    expect(clicks).toEqual(['conference-takeaways.txt']);
    expect(await createUrl.mock.calls[0][0].text()).toBe('1. Rates are rising\n2. Credit is tighter\n');
    expect((await screen.findAllByText('Downloaded'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Takeaways exported successfully.')[0]).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Email to jane@example.com' }));
    expect((await screen.findAllByText('Email Sent!'))[0]).toBeInTheDocument();
    expect(screen.getAllByText('Takeaways have been sent to your email address.')[0]).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/email/takeaways')?.body).toEqual({
      recipientEmail: 'jane@example.com',
      sessionIds: ['a'],
      useAllSessions: false,
    });
  });

  it("'Copy Failed' when the clipboard refuses; 'Email Failed' when sending fails or the email is unknown", async () => {
    stubFetch({
      ...base,
      'POST /api/takeaways': () => json(result),
      'POST /api/email/takeaways': () => new Response('x', { status: 500 }),
    });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const u = userEvent.setup();
    const { unmount } = renderApp(<Harness selectedIds={['a']} />);
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Rates are rising');
    await u.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    expect((await screen.findAllByText('Copy Failed'))[0]).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Email to/ }));
    expect((await screen.findAllByText('Failed to send email. Please try again.'))[0]).toBeInTheDocument();
    unmount();

    renderApp(<Harness selectedIds={['a']} userEmail={null} userId="u2" />);
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Rates are rising');
    await u.click(screen.getByRole('button', { name: /Email to/ }));
    await waitFor(() => expect(screen.getAllByText('User email not available. Please log in again.')[0]).toBeInTheDocument());
  });
});
