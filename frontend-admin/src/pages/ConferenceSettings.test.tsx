import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Conference } from '@/lib/types';
import { ConferenceSettings, conferenceErrors } from './ConferenceSettings';

const denver: Conference = {
  name: 'Equipment Finance Conference 2025',
  startDate: '2025-09-08',
  endDate: '2025-09-10',
  venue: 'Denver, CO',
  timeZone: 'America/Denver',
};

describe('Conference settings', () => {
  it('checks the fields before sending', () => {
    expect(conferenceErrors(denver)).toEqual({});
    expect(conferenceErrors({ ...denver, name: ' ', endDate: '2025-09-07', timeZone: 'Mars/Base' })).toEqual({
      name: 'Conference name is required.',
      endDate: 'End date must be on or after the start date.',
      timeZone: 'Choose a time zone such as America/Denver or Europe/Paris.',
    });
  });

  it('shows the stored settings, labels the zone, and saves the edited ones', async () => {
    const updateConference = vi.fn(async (c: Conference) => c);
    const dataProvider = { getConference: vi.fn(async () => denver), updateConference } as unknown as DataProvider;
    render(
      <AdminContext dataProvider={dataProvider}>
        <ConferenceSettings />
      </AdminContext>,
    );
    const name = await screen.findByLabelText(/Conference name/);
    expect(name).toHaveValue('Equipment Finance Conference 2025');
    expect(screen.getByText(/8:30 AM on Day 1 is 8:30 AM MDT \(America\/Denver\)/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Venue/), { target: { value: 'Colorado Convention Center, Denver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(updateConference).toHaveBeenCalledWith({ ...denver, venue: 'Colorado Convention Center, Denver' }));
  });
});
