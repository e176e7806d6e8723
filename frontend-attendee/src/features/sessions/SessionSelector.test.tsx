import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conference, otherConference, session } from '@/test/factories';
import { json, stubFetch } from '@/test/fetch';
import { renderApp } from '@/test/render';
import { SessionSelector, type SessionView } from './SessionSelector';

afterEach(() => vi.unstubAllGlobals());

const withContent = [
  session({
    id: 'k',
    title: 'Opening Keynote',
    format: 'keynote',
    day: 1,
    startTime: '9:00 AM',
    endTime: '9:45 AM',
    location: 'Ballroom A',
    speakers: ['Ana Ruiz'],
    tags: ['keynote', 'Strategy'],
    documentTypes: ['transcript', 'pdf'],
  }),
  session({
    id: 'p',
    title: 'Lender Panel',
    format: 'panel',
    day: 1,
    startTime: '8:00 AM',
    speakers: ['A One', 'B Two', 'C Three', 'D Four'],
    tags: ['panel', 'Credit', 'discussion'],
    documentTypes: ['pdf'],
  }),
  session({ id: 'w', title: 'Pricing Lab', format: 'workshop', day: 2, startTime: '10:00 AM', documentTypes: ['transcript'] }),
];
const all = [
  ...withContent,
  session({
    id: 'n',
    title: 'Networking Lunch',
    day: 4,
    startTime: '12:00 PM',
    documentTypes: [],
    contentStatus: 'none',
    hasDocuments: false,
    documentsCount: 0,
  }),
];

function Harness({ initial = [] as string[] }) {
  const [selected, setSelected] = useState(new Set(initial));
  const [view, setView] = useState<SessionView>({ search: '', includeAll: false });
  return (
    <>
      <output data-testid="selected">{[...selected].sort().join(',')}</output>
      <SessionSelector selected={selected} onChange={setSelected} view={view} onViewChange={setView} />
    </>
  );
}

describe('SessionSelector', () => {
  it("names the days after the conference of the settings: its start date and weekdays, 'Day N' beyond its dates", async () => {
    stubFetch({ 'GET /api/sessions': () => json(withContent), 'GET /api/conference': () => json(otherConference()) });
    renderApp(<Harness />);
    expect(await screen.findByRole('region', { name: 'Day 1 - Saturday, Nov 2' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Day 2 - Sunday, Nov 3' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Sept|Monday/);
  });

  it('groups by day, sorts by start time and shows badges, speakers, time, location and visible tags', async () => {
    stubFetch({ 'GET /api/sessions': () => json(withContent), 'GET /api/conference': () => json(conference()) });
    renderApp(<Harness />);
    const day1 = await screen.findByRole('region', { name: 'Day 1 - Monday, Sept 8' });
    const items = within(day1).getAllByTestId('session-item');
    expect(items.map((i) => within(i).getByRole('checkbox').closest('li')!.querySelector('label')!.textContent)).toEqual([
      'Lender Panel',
      'Opening Keynote',
    ]);
    expect(within(items[0]).getByText('A One, B Two and 2 more')).toBeInTheDocument();
    expect(within(items[0]).getByText('PDF')).toBeInTheDocument();
    expect(within(items[0]).getByText('Credit')).toBeInTheDocument();
    expect(within(items[0]).getByText('Panel')).toBeInTheDocument();
    expect(within(items[0]).queryByText('discussion')).toBeNull();
    expect(within(items[1]).getByText('Keynote')).toBeInTheDocument();
    expect(within(items[1]).getByText('Transcript + PDF')).toBeInTheDocument();
    expect(within(items[1]).getByText('9:00 AM - 9:45 AM · Ballroom A')).toBeInTheDocument();
    expect(within(items[1]).queryByText('keynote')).toBeNull();
    expect(screen.getByRole('region', { name: 'Day 2 - Tuesday, Sept 9' })).toHaveTextContent('Workshop');
  });

  it('searches title or speaker case-insensitively and shows the empty text', async () => {
    stubFetch({ 'GET /api/sessions': () => json(withContent) });
    renderApp(<Harness />);
    const u = userEvent.setup();
    const box = await screen.findByRole('searchbox');
    await screen.findByText('Lender Panel');
    await u.type(box, 'ana RUIZ');
    expect(screen.getByText('Opening Keynote')).toBeInTheDocument();
    expect(screen.queryByText('Lender Panel')).toBeNull();
    await u.clear(box);
    await u.type(box, 'zzz');
    expect(screen.getByText('No sessions found matching your search.')).toBeInTheDocument();
  });

  it("says 'No sessions available.' when there are none", async () => {
    stubFetch({ 'GET /api/sessions': () => json([]) });
    renderApp(<Harness />);
    expect(await screen.findByText('No sessions available.')).toBeInTheDocument();
  });

  it('Show All Sessions asks for includeAll and shows sessions without content disabled', async () => {
    const { calls } = stubFetch({ 'GET /api/sessions': () => json(withContent), 'GET /api/sessions?includeAll=true': () => json(all) });
    renderApp(<Harness />);
    const u = userEvent.setup();
    await screen.findByText('Lender Panel');
    await u.click(screen.getByRole('button', { name: 'Show All Sessions' }));
    const day4 = await screen.findByRole('region', { name: 'Day 4' });
    const box = within(day4).getByRole('checkbox');
    expect(box).toBeDisabled();
    expect(within(day4).getByTestId('session-item')).toHaveClass('opacity-60');
    expect(within(day4).getByText('No documents')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/sessions?includeAll=true');
    expect(screen.getByRole('button', { name: 'Hide Sessions Without Content' })).toBeInTheDocument();
  });

  it('select all follows whether every session is selected; unchecking one clears it', async () => {
    stubFetch({ 'GET /api/sessions?includeAll=true': () => json(all), 'GET /api/sessions': () => json(all) });
    renderApp(<Harness />);
    const u = userEvent.setup();
    await screen.findByText('Lender Panel');
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    await u.click(selectAll);
    expect(screen.getByTestId('selected')).toHaveTextContent('k,p,w');
    expect(selectAll).toBeChecked();
    await u.click(screen.getByRole('checkbox', { name: 'Lender Panel' }));
    expect(selectAll).not.toBeChecked();
    expect(screen.getByTestId('selected')).toHaveTextContent('k,w');
    await u.click(screen.getByRole('checkbox', { name: 'Lender Panel' }));
    expect(selectAll).toBeChecked();
  });

  it("shows a session's description under 'About this session' with Add to calendar; the selection downloads as one .ics", async () => {
    stubFetch({
      'GET /api/sessions': () =>
        json([session({ id: 'k', title: 'Opening Keynote', startTime: '8:30 AM', description: 'Where equipment finance goes next.' })]),
    });
    renderApp(<Harness />);
    const u = userEvent.setup();
    const item = await screen.findByTestId('session-item');
    await u.click(within(item).getByText('About this session'));
    expect(within(item).getByText('Where equipment finance goes next.')).toBeVisible();
    expect(within(item).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/sessions/k/calendar.ics');
    expect(screen.queryByRole('link', { name: 'Add selected to calendar' })).toBeNull();
    await u.click(within(item).getByRole('checkbox', { name: 'Opening Keynote' }));
    expect(screen.getByRole('link', { name: 'Add selected to calendar' })).toHaveAttribute('href', '/api/sessions/calendar.ics?ids=k');
  });
});
