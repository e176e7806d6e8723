import { describe, expect, it } from 'vitest';
import { session } from '@/test/factories';
import {
  EMPTY_SESSION_FORM,
  importCompleteMessage,
  commaList,
  formList,
  parseSessionImport,
  sessionsExportFileName,
  toSessionFormValues,
  toSessionPayload,
} from './sessions';

const DENVER = 'America/Denver';
const DANA = 'Dana Whitfield, Chief Economist, Keystone Leasing Research';

describe('session form values (every field, conference time)', () => {
  const stored = session({
    id: '1',
    title: 'Lender Panel',
    speakers: [DANA, 'Marcus Ortiz, CFO, Ortiz Capital'],
    tags: ['credit', 'risk, appetite'],
    format: 'panel',
    date: '2025-09-09T14:30:00.000Z',
    day: 2,
    startTime: '8:30 AM',
    endTime: '9:15 AM',
    location: 'Ballroom A',
    description: 'Lenders on credit appetite.',
  });

  it('prefills every field: lists as chips, date and times in the conference zone (not the browser)', () => {
    expect(toSessionFormValues(stored, DENVER)).toEqual({
      title: 'Lender Panel',
      speakers: [DANA, 'Marcus Ortiz, CFO, Ortiz Capital'],
      speakersText: '',
      tags: ['credit', 'risk, appetite'],
      tagsText: '',
      format: 'panel',
      date: '2025-09-09',
      day: '2',
      startTime: '08:30',
      endTime: '09:15',
      location: 'Ballroom A',
      description: 'Lenders on credit appetite.',
    });
    expect(toSessionFormValues(stored, 'Europe/Paris')).toMatchObject({ date: '2025-09-09', startTime: '16:30' });
  });

  it('sends only the title when nothing changed, so speakers with commas stay as they are', () => {
    const initial = toSessionFormValues(stored, DENVER);
    expect(toSessionPayload({ ...initial }, DENVER, initial)).toEqual({ title: 'Lender Panel' });
  });

  it('keeps the stored speakers whole and splits typed ones on commas, trimmed, empties dropped (PRODUCT.md §5)', () => {
    const initial = toSessionFormValues(stored, DENVER);
    const payload = toSessionPayload({ ...initial, speakersText: ' Ann Lee , ,Bo Chen,' }, DENVER, initial);
    expect(payload).toEqual({ title: 'Lender Panel', speakers: [DANA, 'Marcus Ortiz, CFO, Ortiz Capital', 'Ann Lee', 'Bo Chen'] });
    const removed = toSessionPayload({ ...initial, speakers: [DANA] }, DENVER, initial);
    expect(removed).toEqual({ title: 'Lender Panel', speakers: [DANA] });
    expect(commaList('Alice Example, Bob Example')).toEqual(['Alice Example', 'Bob Example']);
    expect(formList([` ${DANA} `, ''], ' x ,')).toEqual([DANA, 'x']);
  });

  it('sends the changed date and start time as the conference-time instant, with the program clock', () => {
    const initial = toSessionFormValues(stored, DENVER);
    expect(toSessionPayload({ ...initial, startTime: '10:00' }, DENVER, initial)).toEqual({
      title: 'Lender Panel',
      date: '2025-09-09T16:00:00.000Z',
      startTime: '10:00 AM',
    });
    expect(toSessionPayload({ ...initial, date: '2025-09-10', day: '2' }, DENVER, initial)).toEqual({
      title: 'Lender Panel',
      date: '2025-09-10T14:30:00.000Z',
      startTime: '8:30 AM',
    });
  });

  it('edits the other fields: format, day, end time, room, description, tags', () => {
    const initial = toSessionFormValues(stored, DENVER);
    expect(
      toSessionPayload(
        {
          ...initial,
          format: 'workshop',
          day: '3',
          endTime: '13:45',
          location: '  ',
          description: ' New abstract ',
          tags: ['a'],
          tagsText: 'b, c',
        },
        DENVER,
        initial,
      ),
    ).toEqual({
      title: 'Lender Panel',
      format: 'workshop',
      day: 3,
      endTime: '1:45 PM',
      location: null,
      description: 'New abstract',
      tags: ['a', 'b', 'c'],
    });
  });

  it('unschedules: no date, no start, no day', () => {
    const initial = toSessionFormValues(stored, DENVER);
    expect(toSessionPayload({ ...initial, date: '', startTime: '', day: '' }, DENVER, initial)).toEqual({
      title: 'Lender Panel',
      date: null,
      startTime: null,
      day: null,
    });
  });

  it('creates with every field; an empty day is left for the server to count from the date', () => {
    expect(
      toSessionPayload(
        { ...EMPTY_SESSION_FORM, title: '  Opening  ', speakersText: ' A ,, B ', date: '2025-09-08', startTime: '08:30' },
        DENVER,
      ),
    ).toEqual({
      title: 'Opening',
      speakers: ['A', 'B'],
      tags: [],
      format: 'panel',
      date: '2025-09-08T14:30:00.000Z',
      startTime: '8:30 AM',
      endTime: null,
      location: null,
      description: '',
    });
    expect(toSessionPayload({ ...EMPTY_SESSION_FORM, title: 'T', format: '' }, DENVER)).toMatchObject({
      format: 'panel',
      date: null,
      day: null,
    });
  });

  it('leaves the start empty for a session dated without a time of day', () => {
    const dateOnly = session({ date: '2025-09-09T06:00:00.000Z', startTime: null });
    expect(toSessionFormValues(dateOnly, DENVER)).toMatchObject({ date: '2025-09-09', startTime: '' });
  });
});

describe('admin import parsing (PRODUCT.md §5)', () => {
  it('refuses anything that is not a JSON array', () => {
    expect(parseSessionImport('')).toEqual({ ok: false });
    expect(parseSessionImport('{"sessions": []}')).toEqual({ ok: false });
    expect(parseSessionImport('[{"title": ')).toEqual({ ok: false });
  });

  it("reads the console's own export file ({exportedAt, sessions}) as its sessions array", () => {
    const file = { exportedAt: '2025-09-08T20:00:00.000Z', sessions: [{ id: 'a1', title: 'Opening', speakers: ['Ann'] }] };
    expect(parseSessionImport(JSON.stringify(file))).toEqual(parseSessionImport(JSON.stringify(file.sessions)));
    expect(parseSessionImport(JSON.stringify({ exportedAt: 'x', sessions: 'nope' }))).toEqual({ ok: false });
  });
  it('fills the defaults: Untitled Session, empty lists, null date, format from type then panel', () => {
    const result = parseSessionImport(
      JSON.stringify([
        { title: 'A', speakers: ['X'], tags: ['t'], date: '2025-09-08T15:30:00Z', format: 'keynote' },
        { type: 'workshop' },
        { title: '  ', date: 'not a date', speakers: 'P, Q' },
        42,
      ]),
    );
    expect(result).toEqual({
      ok: true,
      sessions: [
        { title: 'A', speakers: ['X'], tags: ['t'], date: '2025-09-08T15:30:00Z', format: 'keynote' },
        { title: 'Untitled Session', speakers: [], tags: [], date: null, format: 'workshop' },
        { title: 'Untitled Session', speakers: ['P', 'Q'], tags: [], date: null, format: 'panel' },
        { title: 'Untitled Session', speakers: [], tags: [], date: null, format: 'panel' },
      ],
    });
  });
  it('keeps every field of an exported session, its id, and speakers with commas whole', () => {
    const exported = session({
      id: '0b7c',
      title: 'Lender Panel',
      speakers: [DANA],
      date: '2025-09-09T14:30:00.000Z',
      day: 2,
      startTime: '8:30 AM',
      endTime: '9:15 AM',
      location: 'Ballroom A',
      description: 'Abstract',
    });
    expect(parseSessionImport(JSON.stringify([exported]))).toEqual({
      ok: true,
      sessions: [
        {
          id: '0b7c',
          title: 'Lender Panel',
          speakers: [DANA],
          tags: [],
          date: '2025-09-09T14:30:00.000Z',
          format: 'panel',
          day: 2,
          startTime: '8:30 AM',
          endTime: '9:15 AM',
          location: 'Ballroom A',
          description: 'Abstract',
        },
      ],
    });
  });
  it('reports how many of the submitted sessions were created', () => {
    expect(importCompleteMessage(3, 4)).toBe('Successfully imported 3 of 4 sessions');
    expect(importCompleteMessage(0, 0)).toBe('Successfully imported 0 of 0 sessions');
  });
  it('names the export file with the date', () => {
    expect(sessionsExportFileName(new Date(2026, 10, 20))).toBe('sessions_export_2026-11-20.json');
    // The conference's date, as the server names its export: 02:40 UTC on Nov 28 is still Nov 27 in Denver.
    expect(sessionsExportFileName(new Date('2026-11-28T02:40:00Z'), 'America/Denver')).toBe('sessions_export_2026-11-27.json');
  });
});
