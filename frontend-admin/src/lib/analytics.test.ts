import { describe, expect, it } from 'vitest';
import {
  analyticsTotals,
  base64Of,
  importSourceOf,
  importSummary,
  isImportFile,
  isJsonFile,
  readImportSource,
  sessionsOfExportFile,
} from './analytics';
import { exportView } from './exportList';

describe('super admin derivations', () => {
  it('totals users, logins and chat prompts', () => {
    const e = (totalLogins: number, totalChatPrompts: number) => ({
      userId: 'u',
      firstName: '',
      lastName: '',
      email: '',
      totalLogins,
      totalChatPrompts,
      lastLogin: null,
      createdAt: '',
    });
    expect(analyticsTotals([e(3, 10), e(1, 0)])).toEqual({ users: 2, logins: 4, chatPrompts: 10 });
    expect(analyticsTotals([])).toEqual({ users: 0, logins: 0, chatPrompts: 0 });
  });
  it('accepts only JSON files and sends their sessions array', () => {
    expect(isJsonFile({ type: 'application/json' })).toBe(true);
    expect(isJsonFile({ type: 'text/plain' })).toBe(false);
    expect(sessionsOfExportFile('{"exportedAt": "x", "sessions": [{"title": "A"}]}')).toEqual([{ title: 'A' }]);
    expect(sessionsOfExportFile('[{"title": "A"}]')).toEqual([{ title: 'A' }]);
    expect(sessionsOfExportFile('{"sessions": 3}')).toBeNull();
    expect(sessionsOfExportFile('nope')).toBeNull();
  });
});

describe('export list view (PRODUCT.md §2 Export)', () => {
  it('groups by session, falls back to Unknown Session, counts kinds and totals sizes', () => {
    const view = exportView({
      s1: { sessionTitle: 'Lender Panel', documents: [{ id: 'a', filename: 'a.pdf', kind: 'pdf', bytes: 1000, createdAt: '' }] },
      s2: {
        sessionTitle: '  ',
        documents: [
          { id: 'b', filename: 'b.txt', kind: 'transcript', bytes: 24, createdAt: '' },
          { id: 'c', filename: 'c.pdf', kind: 'pdf', bytes: 1024, createdAt: '' },
        ],
      },
      s3: { sessionTitle: 'Empty', documents: [] },
    });
    expect(view.groups.map((g) => [g.sessionTitle, g.documents.length])).toEqual([
      ['Lender Panel', 1],
      ['Unknown Session', 2],
    ]);
    expect(view.transcripts.map((d) => d.id)).toEqual(['b']);
    expect(view.pdfs.map((d) => [d.id, d.sessionTitle])).toEqual([
      ['a', 'Lender Panel'],
      ['c', 'Unknown Session'],
    ]);
    expect([view.totalDocuments, view.totalBytes, view.totalSessions]).toEqual([3, 2048, 2]);
  });
});

describe('super admin import file', () => {
  const json = { type: 'application/json', name: 'x.json' };
  it('takes an export, a pretalx schedule.json or a frab schedule.xml, by shape', () => {
    expect(importSourceOf(json, '{"sessions": [{"title": "A"}]}')).toEqual({ kind: 'sessions', sessions: [{ title: 'A' }] });
    expect(importSourceOf(json, '{"schedule": {"conference": {"days": []}}}')).toEqual({
      kind: 'pretalx',
      schedule: { schedule: { conference: { days: [] } } },
    });
    const xml = '<?xml version="1.0"?><schedule><conference/></schedule>';
    expect(importSourceOf({ type: 'text/xml', name: 'schedule.xml' }, xml)).toEqual({ kind: 'frab', xml });
    expect(importSourceOf({ type: '', name: 'schedule.xml' }, xml)).toEqual({ kind: 'frab', xml });
    expect(importSourceOf({ type: 'text/xml', name: 'x.xml' }, '<html/>')).toBeNull();
    // Any other JSON is sent as it is: the server reads pretalx and Sessionize by shape, and names what it reads otherwise.
    expect(importSourceOf(json, '{"other": 1}')).toEqual({ kind: 'json', program: { other: 1 } });
    expect(importSourceOf(json, 'not json')).toBeNull();
    expect(isImportFile({ type: 'application/xml', name: 'a.xml' })).toBe(true);
    expect(isImportFile({ type: 'text/plain', name: 'a.txt' })).toBe(false);
  });
  it('takes published programs: Sessionize and pretalx JSON as they are, export rows as sessions, .ics and .csv as text', () => {
    const allData = '{"sessions": [{"id": "1", "startsAt": "2027-08-14T09:00:00"}], "rooms": [], "speakers": []}';
    expect(importSourceOf(json, allData)).toEqual({ kind: 'json', program: JSON.parse(allData) });
    expect(importSourceOf(json, '{"exportedAt": "x", "sessions": [{"title": "A"}]}')).toEqual({
      kind: 'sessions',
      sessions: [{ title: 'A' }],
    });
    const grid = '[{"date": "2027-08-14T00:00:00", "rooms": []}]';
    expect(importSourceOf(json, grid)).toEqual({ kind: 'json', program: JSON.parse(grid) });
    const talks = '[{"code": "A1", "title": "T", "slot": null}]';
    expect(importSourceOf(json, talks)).toEqual({ kind: 'json', program: JSON.parse(talks) });
    expect(importSourceOf(json, '[{"title": "Row"}]')).toEqual({ kind: 'sessions', sessions: [{ title: 'Row' }] });
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    expect(importSourceOf({ type: 'text/calendar', name: 'p.ics' }, ics)).toEqual({ kind: 'ics', ics });
    expect(importSourceOf({ type: '', name: 'p.ics' }, 'hello')).toBeNull();
    expect(importSourceOf({ type: 'text/csv', name: 'p.csv' }, 'Title\nA\n')).toEqual({ kind: 'csv', csv: 'Title\nA\n' });
    for (const name of ['p.ics', 'p.csv', 'p.xlsx', 'p.json', 'p.xml']) expect(isImportFile({ type: '', name })).toBe(true);
    expect(isImportFile({ type: 'application/pdf', name: 'p.pdf' })).toBe(false);
  });

  it('reads an XLSX file as base64', async () => {
    const bytes = new Uint8Array([80, 75, 3, 4, 255, 0]);
    expect(base64Of(bytes.buffer)).toBe('UEsDBP8A');
    const file = new File([bytes], 'program.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await expect(readImportSource(file)).resolves.toEqual({ kind: 'xlsx', xlsx: 'UEsDBP8A' });
  });

  it('says what an import did', () => {
    expect(importSummary({ created: 0, updated: 28, skipped: 0 })).toBe('Created 0, updated 28, skipped 0.');
  });
});
