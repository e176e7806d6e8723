import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Session, SessionPayload } from '@/lib/types';
import { session } from '@/test/factories';
import { SessionCreate } from './SessionCreate';
import { SessionEdit } from './SessionEdit';

const DANA = 'Dana Whitfield, Chief Economist, Keystone Leasing Research';
const denver = { name: 'Conference', startDate: '2025-09-08', endDate: '2025-09-10', venue: 'Denver, CO', timeZone: 'America/Denver' };

/** A provider that stores like the API: a PUT keeps every field it is not sent. */
function fakeApi(stored: Session) {
  let current = stored;
  const update = vi.fn(async (_resource: string, params: { id: string; data: Partial<SessionPayload> }) => {
    current = { ...current, ...(params.data as Partial<Session>) };
    return { data: current };
  });
  const create = vi.fn(async (_resource: string, params: { data: SessionPayload }) => ({
    data: session({ ...(params.data as Partial<Session>), id: 'new' }),
  }));
  const dataProvider = { update, create, getConference: vi.fn(async () => denver) } as unknown as DataProvider;
  return { dataProvider, update, create, current: () => current };
}

describe('session form', () => {
  it('an unchanged Update keeps "Dana Whitfield, Chief Economist, Keystone Leasing Research" as one speaker', async () => {
    const stored = session({
      id: 's1',
      title: 'Outlook',
      speakers: [DANA, 'Marcus Ortiz, CFO'],
      date: '2025-09-08T14:30:00.000Z',
      day: 1,
      startTime: '8:30 AM',
    });
    const api = fakeApi(stored);
    render(
      <AdminContext dataProvider={api.dataProvider}>
        <SessionEdit session={stored} onClose={() => undefined} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    // The stored speakers show as chips, each whole; the text field is for new ones.
    expect(within(dialog).getByRole('button', { name: DANA })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Marcus Ortiz, CFO' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Speakers')).toHaveValue('');
    await waitFor(() => expect(within(dialog).getByLabelText('Start time')).toHaveValue('08:30'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Session' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0][1].data).toEqual({ title: 'Outlook' });
    expect(api.current().speakers).toEqual([DANA, 'Marcus Ortiz, CFO']);
    expect(api.current().date).toBe('2025-09-08T14:30:00.000Z');
  });

  it('edits every field of a session: title, speakers, format, tags, date, day, times, room, description', async () => {
    const user = userEvent.setup();
    const api = fakeApi(session({ id: 'n' }));
    render(
      <AdminContext dataProvider={api.dataProvider}>
        <SessionCreate open onClose={() => undefined} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Session' });
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    fireEvent.change(field('Title'), { target: { value: 'Residual Values Workshop' } });
    fireEvent.change(field('Speakers'), { target: { value: 'Alice Example, Bob Example,  , ' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'Workshop' }));
    fireEvent.change(field('Tags'), { target: { value: ' residuals ,leases,' } });
    fireEvent.change(field('Date'), { target: { value: '2025-09-09' } });
    fireEvent.change(field('Day'), { target: { value: '2' } });
    fireEvent.change(field('Start time'), { target: { value: '14:00' } });
    fireEvent.change(field('End time'), { target: { value: '15:30' } });
    fireEvent.change(field('Room / location'), { target: { value: 'B422' } });
    fireEvent.change(field('Description'), { target: { value: 'How to set residuals.' } });
    expect(within(dialog).getAllByText('Conference time (America/Denver)').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(api.create.mock.calls[0][1].data).toEqual({
      title: 'Residual Values Workshop',
      speakers: ['Alice Example', 'Bob Example'],
      tags: ['residuals', 'leases'],
      format: 'workshop',
      date: '2025-09-09T20:00:00.000Z',
      startTime: '2:00 PM',
      endTime: '3:30 PM',
      day: 2,
      location: 'B422',
      description: 'How to set residuals.',
    });
  });

  it('keeps a speaker whose name holds a comma through an edit: chips for the stored ones, typed text split on commas', async () => {
    const user = userEvent.setup();
    const stored = session({ id: 's2', title: 'Outlook', speakers: [DANA, 'Marcus Ortiz, CFO'], tags: ['macro'] });
    const api = fakeApi(stored);
    render(
      <AdminContext dataProvider={api.dataProvider}>
        <SessionEdit session={stored} onClose={() => undefined} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    const marcus = within(dialog).getByRole('button', { name: 'Marcus Ortiz, CFO' });
    await user.click(within(marcus).getByTestId('CancelIcon'));
    expect(within(dialog).queryByRole('button', { name: 'Marcus Ortiz, CFO' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Speakers', { exact: true }), { target: { value: 'Bo Chen, Ann Lee' } });
    fireEvent.change(within(dialog).getByLabelText('Tags', { exact: true }), { target: { value: 'rates, ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Update Session' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0][1].data).toEqual({
      title: 'Outlook',
      speakers: [DANA, 'Bo Chen', 'Ann Lee'],
      tags: ['macro', 'rates'],
    });
  });

  it('refuses an end before the start, a description over 10,000 characters, a date past 2100 and over-long speakers, tags or room', async () => {
    const api = fakeApi(session({ id: 'n' }));
    render(
      <AdminContext dataProvider={api.dataProvider}>
        <SessionCreate open onClose={() => undefined} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Session' });
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    fireEvent.change(field('Title'), { target: { value: 'T' } });
    fireEvent.change(field('Start time'), { target: { value: '14:00' } });
    fireEvent.change(field('End time'), { target: { value: '13:00' } });
    fireEvent.change(field('Description'), { target: { value: 'x'.repeat(10_001) } });
    fireEvent.change(field('Date'), { target: { value: '9999-12-31' } });
    fireEvent.change(field('Speakers'), { target: { value: `Ann, ${'s'.repeat(201)}` } });
    fireEvent.change(field('Tags'), { target: { value: 't'.repeat(201) } });
    fireEvent.change(field('Room / location'), { target: { value: 'r'.repeat(301) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await within(dialog).findByText('Date must be between 1970 and 2100.')).toBeInTheDocument();
    expect(within(dialog).getByText('Each speaker must be at most 200 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Each tag must be at most 200 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Location must be at most 300 characters.')).toBeInTheDocument();
    expect(await within(dialog).findByText('End time must be after the start time.')).toBeInTheDocument();
    expect(within(dialog).getByText('Description must be at most 10,000 characters.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });
});
