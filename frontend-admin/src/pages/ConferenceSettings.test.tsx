import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Conference } from '@/lib/types';
import { conference } from '@/test/factories';
import { ConferenceSettings, conferenceErrors } from './ConferenceSettings';

const denver: Conference = conference();

function renderSettings(updateConference = vi.fn(async (c: Conference) => c)) {
  const dataProvider = { getConference: vi.fn(async () => denver), updateConference } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider}>
      <ConferenceSettings />
    </AdminContext>,
  );
  return updateConference;
}

describe('Conference settings', () => {
  it('checks the fields before sending', () => {
    expect(conferenceErrors(denver)).toEqual({});
    expect(conferenceErrors({ ...denver, name: ' ', endDate: '2025-09-07', timeZone: 'Mars/Base' })).toEqual({
      name: 'Conference name is required.',
      endDate: 'End date must be on or after the start date.',
      timeZone: 'Choose a time zone such as America/Denver or Europe/Paris.',
    });
    expect(conferenceErrors({ ...denver, shortName: ' ', languages: ['en-US'], suggestedQuestions: Array(7).fill('What is on?') })).toEqual(
      {
        shortName: 'Short name is required (at most 40 characters).',
        languages: 'Languages must be 1 to 10 language codes such as en or fr.',
        suggestedQuestions: 'Suggested questions must be at most 6, each 1 to 300 characters.',
      },
    );
    expect(conferenceErrors({ ...denver, languages: [], suggestedQuestions: ['x'.repeat(301)] })).toEqual({
      languages: 'Languages must be 1 to 10 language codes such as en or fr.',
      suggestedQuestions: 'Suggested questions must be at most 6, each 1 to 300 characters.',
    });
  });

  it('edits the short name, the languages (commas or spaces) and the suggested questions (one a line) and saves them', async () => {
    const updateConference = renderSettings();
    expect(await screen.findByLabelText(/Short name/)).toHaveValue('EFC 2025');
    expect(screen.getByLabelText(/Languages/)).toHaveValue('en');
    expect(screen.getByLabelText(/Suggested questions/)).toHaveValue(denver.suggestedQuestions.join('\n'));
    fireEvent.change(screen.getByLabelText(/Conference name/), { target: { value: 'Rhône Dev Days 2024' } });
    fireEvent.change(screen.getByLabelText(/Short name/), { target: { value: 'RDD' } });
    fireEvent.change(screen.getByLabelText(/Languages/), { target: { value: 'fr, en' } });
    fireEvent.change(screen.getByLabelText(/Suggested questions/), {
      target: { value: ' Quels ateliers parlent de typage ?\n\nWhich talks are about Django?\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(updateConference).toHaveBeenCalledWith({
        ...denver,
        name: 'Rhône Dev Days 2024',
        shortName: 'RDD',
        languages: ['fr', 'en'],
        suggestedQuestions: ['Quels ateliers parlent de typage ?', 'Which talks are about Django?'],
      }),
    );
  });

  it('says what is wrong with a language and sends nothing', async () => {
    const updateConference = renderSettings();
    fireEvent.change(await screen.findByLabelText(/Languages/), { target: { value: 'french' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Languages must be 1 to 10 language codes such as en or fr.')).toBeInTheDocument();
    expect(updateConference).not.toHaveBeenCalled();
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
