import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conference, otherConference, session } from '@/test/factories';
import { json, stubFetch } from '@/test/fetch';
import { renderApp } from '@/test/render';
import { SessionEntryDetails } from './SessionEntry';

afterEach(() => vi.unstubAllGlobals());

describe('SessionEntryDetails', () => {
  it('gives the day and date of the conference of the settings, in its time zone', async () => {
    stubFetch({ 'GET /api/conference': () => json(otherConference()) });
    renderApp(<SessionEntryDetails session={session({ day: 1, date: '2024-11-02T09:00:00.000Z', startTime: '10:00 AM' })} />);
    const entry = screen.getByTestId('session-entry');
    expect(await screen.findByText('Day 1 - Saturday, Nov 2')).toBeInTheDocument();
    expect(entry).toHaveTextContent('DateSaturday, Nov 2, 2024');
    expect(entry).not.toHaveTextContent(/Monday|Sept/);
  });

  it("gives the spec's texts for the spec's conference, and no day name or date before the settings arrive", async () => {
    let answer!: (r: Response) => void;
    stubFetch({ 'GET /api/conference': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp(<SessionEntryDetails session={session({ day: 1, date: '2025-09-08T14:30:00.000Z' })} />);
    const entry = screen.getByTestId('session-entry');
    expect(entry).toHaveTextContent('DayDay 1');
    expect(entry).not.toHaveTextContent('Date');
    answer(json(conference()));
    expect(await screen.findByText('Day 1 - Monday, Sept 8')).toBeInTheDocument();
    expect(entry).toHaveTextContent('DateMonday, Sept 8, 2025');
  });
});
