import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { ImportDryRun, ImportExtras, ImportMode, ImportSource } from '@/lib/consoleApi';
import type { ImportPreview } from '@/lib/types';
import { dayLines, proposedConferenceText } from './ImportPreviewPanel';
import { SessionDataMigration } from './SessionDataMigration';

const preview = (over: Partial<ImportPreview> = {}): ImportPreview => ({
  sessions: 3,
  toCreate: 2,
  toUpdate: 1,
  days: [
    { date: '2029-03-12', day: 1, sessions: 2 },
    { date: '2029-03-13', day: 2, sessions: 1 },
  ],
  rooms: ['Salle Rhône', 'Hall'],
  noTime: 0,
  noRoom: 1,
  serviceSessions: ['Pause café'],
  timeZone: 'Europe/Paris',
  timeZoneFrom: 'program',
  proposedConference: { name: 'FixConf', startDate: '2029-03-12', endDate: '2029-03-13', timeZone: 'Europe/Paris' },
  differingFields: ['name', 'dates', 'timeZone'],
  table: null,
  examples: [],
  ...over,
});

function renderWith(previewImport: (s: ImportSource, m: ImportMode, e?: ImportExtras) => Promise<ImportDryRun>) {
  const importSessions = vi.fn(async () => ({
    message: 'Successfully imported 3 of 3 sessions: 2 created, 1 updated.',
    created: 2,
    updated: 1,
    skipped: 0,
  }));
  const dataProvider = { previewImport: vi.fn(previewImport), importSessions } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider}>
      <SessionDataMigration />
    </AdminContext>,
  );
  return { dataProvider: dataProvider as unknown as { previewImport: ReturnType<typeof vi.fn> }, importSessions };
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Sessions file (JSON, XML, iCalendar, CSV or XLSX)'), { target: { files: [file] } });

describe('Session Data Migration: import with a dry run first', () => {
  it('words days and the proposed conference', () => {
    expect(dayLines(preview())).toEqual(['Day 1 (2029-03-12): 2 sessions', 'Day 2 (2029-03-13): 1 session']);
    expect(proposedConferenceText(preview())).toBe('FixConf, 2029-03-12 to 2029-03-13, Europe/Paris');
    expect(proposedConferenceText(preview({ proposedConference: null }))).toBeNull();
  });

  it('previews a published program, then imports it with applyConference when ticked', async () => {
    const { dataProvider, importSessions } = renderWith(async () => ({
      message: 'Dry run',
      source: 'ical',
      skipped: 0,
      preview: preview(),
    }));
    const button = screen.getByRole('button', { name: 'Import Sessions' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Sessions file (JSON, XML, iCalendar, CSV or XLSX)')).toHaveAttribute(
      'accept',
      '.json,.xml,.ics,.csv,.xlsx',
    );
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    choose(new File([ics], 'program.ics', { type: 'text/calendar' }));
    const region = await screen.findByRole('region', { name: 'Import preview' });
    expect(dataProvider.previewImport).toHaveBeenCalledWith({ kind: 'ics', ics }, 'upsert', { mapping: undefined });
    const text = region.textContent ?? '';
    for (const part of [
      'Format: iCalendar (.ics)',
      'Sessions: 3: 2 to create, 1 to update, 0 to skip',
      'Day 1 (2029-03-12): 2 sessions; Day 2 (2029-03-13): 1 session',
      'Rooms: Salle Rhône, Hall',
      'Without a room: 1',
      'Breaks and meals: Pause café',
      "Time zone: Europe/Paris (the program's)",
      "Program's conference: FixConf, 2029-03-12 to 2029-03-13, Europe/Paris",
    ]) {
      expect(text).toContain(part);
    }
    fireEvent.click(within(region).getByRole('checkbox', { name: 'Also set the conference name, dates and time zone from this program' }));
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() =>
      expect(importSessions).toHaveBeenCalledWith({ kind: 'ics', ics }, 'upsert', { mapping: undefined, applyConference: true }),
    );
    expect(await screen.findByTestId('import-outcome')).toHaveTextContent('Created 2, updated 1, skipped 0.');
    expect(screen.queryByRole('region', { name: 'Import preview' })).toBeNull();
  });

  it('shows the proposed column mapping of a CSV, previews again when a column is changed, and imports with it', async () => {
    const columns = ['Titre', 'Date', 'Salle', 'Notes'];
    const { dataProvider, importSessions } = renderWith(async (_s, _m, extras) => ({
      message: 'Dry run',
      source: 'csv',
      skipped: 0,
      preview: preview({ table: { columns, mapping: extras?.mapping ?? { title: 'Titre', date: 'Date' }, proposed: !extras?.mapping } }),
    }));
    choose(new File(['Titre,Date,Salle,Notes\nA,2029-03-12,Hall,x\n'], 'program.csv', { type: 'text/csv' }));
    const region = await screen.findByRole('region', { name: 'Import preview' });
    expect(within(region).getByText('Columns (proposed from the headers: check them)')).toBeInTheDocument();
    expect(within(region).getByRole('combobox', { name: 'Title' })).toHaveTextContent('Titre');
    expect(within(region).getByRole('combobox', { name: 'Room' })).not.toHaveTextContent('Salle');
    fireEvent.mouseDown(within(region).getByRole('combobox', { name: 'Room' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Salle' }));
    const mapping = { title: 'Titre', date: 'Date', room: 'Salle' };
    await waitFor(() =>
      expect(dataProvider.previewImport).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'csv' }), 'upsert', { mapping }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Import preview' })).getByRole('combobox', { name: 'Room' })).toHaveTextContent(
        'Salle',
      ),
    );
    const button = screen.getByRole('button', { name: 'Import Sessions' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() =>
      expect(importSessions).toHaveBeenCalledWith(expect.objectContaining({ kind: 'csv' }), 'upsert', { mapping, applyConference: false }),
    );
  });

  it("shows the server's reason when the dry run refuses the file, and keeps Import disabled", async () => {
    renderWith(async () => {
      throw new Error('Import data must be a JSON object with a "sessions" array, or a program as its organisers publish it.');
    });
    choose(new File(['{"other": 1}'], 'other.json', { type: 'application/json' }));
    expect(await screen.findByTestId('import-preview-error')).toHaveTextContent(
      'Import data must be a JSON object with a "sessions" array',
    );
    expect(screen.getByRole('button', { name: 'Import Sessions' })).toBeDisabled();
  });
});
