import { describe, expect, it } from 'vitest';
import { session } from '@/test/factories';
import {
  importCompleteMessage,
  isoToLocalInput,
  localInputToIso,
  parseSessionImport,
  sessionsExportFileName,
  splitList,
  toSessionFormValues,
  toSessionPayload,
} from './sessions';

describe('edit dialog date conversion', () => {
  it('shows an ISO date as a local datetime and reads it back to the same instant', () => {
    const iso = '2025-09-08T15:30:00.000Z';
    const local = isoToLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(local).toBe(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`);
    expect(localInputToIso(local)).toBe(iso);
  });
  it('leaves an unscheduled session empty, and empty input is null', () => {
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('garbage')).toBe('');
    expect(localInputToIso('')).toBeNull();
  });
  it('prefills the form from a session', () => {
    expect(
      toSessionFormValues(session({ id: '1', title: 'Lender Panel', speakers: ['A', 'B'], tags: ['credit'], format: 'panel', date: null })),
    ).toEqual({ title: 'Lender Panel', speakers: 'A, B', tags: 'credit', date: '', format: 'panel' });
  });
});

describe('session form payload (SPEC §5)', () => {
  it('trims the title, splits speakers and tags, drops empties, defaults the format to panel', () => {
    expect(toSessionPayload({ title: '  Opening  ', speakers: ' A ,, B ,', tags: '', date: '', format: '' })).toEqual({
      title: 'Opening',
      speakers: ['A', 'B'],
      tags: [],
      date: null,
      format: 'panel',
    });
    expect(splitList(['  x', '', 'y '])).toEqual(['x', 'y']);
  });
});

describe('admin import parsing (SPEC §5)', () => {
  it('refuses anything that is not a JSON array', () => {
    expect(parseSessionImport('')).toEqual({ ok: false });
    expect(parseSessionImport('{"sessions": []}')).toEqual({ ok: false });
    expect(parseSessionImport('[{"title": ')).toEqual({ ok: false });
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
        { title: 'A', speakers: ['X'], tags: ['t'], date: '2025-09-08T15:30:00.000Z', format: 'keynote' },
        { title: 'Untitled Session', speakers: [], tags: [], date: null, format: 'workshop' },
        { title: 'Untitled Session', speakers: ['P', 'Q'], tags: [], date: null, format: 'panel' },
        { title: 'Untitled Session', speakers: [], tags: [], date: null, format: 'panel' },
      ],
    });
  });
  it('reports how many of the submitted sessions were created', () => {
    expect(importCompleteMessage(3, 4)).toBe('Successfully imported 3 of 4 sessions');
    expect(importCompleteMessage(0, 0)).toBe('Successfully imported 0 of 0 sessions');
  });
  it('names the export file with the date', () => {
    expect(sessionsExportFileName(new Date(2026, 10, 20))).toBe('sessions_export_2026-11-20.json');
  });
});
