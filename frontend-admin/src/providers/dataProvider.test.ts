import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/test/factories';
import { createDataProvider, importBody, importOutcome, importUrl, RESOURCE_PROVIDERS } from './dataProvider';

const DANA = 'Dana Whitfield, Chief Economist, Keystone Leasing Research';

/** Answers each request with `body` and records what was asked. */
function stubFetch(body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('data provider: one typed provider per resource', () => {
  const dp = createDataProvider();

  it('serves every resource the consoles register, and refuses others by name', async () => {
    expect(Object.keys(RESOURCE_PROVIDERS).sort()).toEqual(
      ['actions', 'analytics', 'chats', 'documents', 'pdfs', 'sessions', 'transcripts', 'usage', 'users'].sort(),
    );
    await expect(
      dp.getList('insights', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow('Unknown resource insights');
    await expect(dp.getOne('actions', { id: 'x' })).rejects.toThrow('getOne is not supported for actions');
    await expect(dp.create('users', { data: {} })).rejects.toThrow('create is not supported for users');
  });

  it('getOne asks the API for that one session', async () => {
    const calls = stubFetch(session({ id: 'b', title: 'B', speakers: [DANA] }));
    const { data } = await dp.getOne('sessions', { id: 'b/1' });
    expect(data).toEqual(session({ id: 'b', title: 'B', speakers: [DANA] }));
    expect(calls).toEqual([{ url: '/api/sessions/b%2F1', method: 'GET' }]);
  });

  it('update sends the form payload as it is (speakers with commas whole) and returns the server record', async () => {
    const saved = session({ id: 'b', title: 'B', speakers: [DANA] });
    const calls = stubFetch(saved);
    const { data } = await dp.update('sessions', { id: 'b', data: { title: 'B', speakers: [DANA] }, previousData: saved });
    expect(calls).toEqual([{ url: '/api/admin/session/b', method: 'PUT', body: { title: 'B', speakers: [DANA] } }]);
    expect(data).toEqual(saved);
  });

  it('create returns the server record with its real id', async () => {
    stubFetch(session({ id: 'real-id', title: 'New' }));
    const { data } = await dp.create('sessions', { data: { title: 'New' } });
    expect(data.id).toBe('real-id');
  });

  it('keys users and analytics by user id and daily costs by date (fields the API gives)', async () => {
    stubFetch([{ userId: 'u1', email: 'a@b.c', threadCount: 1 }]);
    const users = await dp.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: ' a ' },
    });
    expect(users.data[0].id).toBe('u1');
    const calls = stubFetch([{ date: '2026-11-20', totalCost: 1 }]);
    const usage = await dp.getList('usage', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'date', order: 'DESC' },
      filter: { days: 7 },
    });
    expect(usage.data[0].id).toBe('2026-11-20');
    expect(calls[0].url).toBe('/api/admin/openai-costs?days=7');
  });

  it('pages the activity log on the server', async () => {
    const calls = stubFetch([{ id: 'x' }], { 'X-Total-Count': '42' });
    const result = await dp.getList('actions', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { type: 'all', q: 'x' },
    });
    expect(result.total).toBe(42);
    expect(calls[0].url).toBe('/api/admin/users/actions?q=x&page=2&pageSize=25');
  });

  it('asks for insights, usage and the conference with their own calls', async () => {
    const calls = stubFetch({});
    await dp.getInsights({ days: 7, sessionId: 's 1' });
    await dp.getUsageSummary();
    await dp.getConference();
    await dp.updateConference({
      name: 'C',
      startDate: '2025-09-08',
      endDate: '2025-09-10',
      venue: 'Denver',
      timeZone: 'America/Denver',
      shortName: 'C',
      languages: ['en'],
      suggestedQuestions: [],
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/admin/insights?days=7&sessionId=s+1',
      'GET /api/admin/openai-usage',
      'GET /api/conference',
      'PUT /api/admin/conference',
    ]);
  });
});

describe('super admin import', () => {
  it('sends an export, a pretalx schedule or a frab XML with the chosen mode', () => {
    expect(importBody({ kind: 'sessions', sessions: [{ title: 'A' }] }, 'upsert')).toEqual({ sessions: [{ title: 'A' }], mode: 'upsert' });
    expect(importBody({ kind: 'pretalx', schedule: { schedule: { version: '1' } } }, 'create-new')).toEqual({
      schedule: { version: '1' },
      mode: 'create-new',
    });
    expect(importBody({ kind: 'frab', xml: '<schedule/>' }, 'upsert')).toEqual({ xml: '<schedule/>', mode: 'upsert' });
  });

  it('sends published programs raw or wrapped, with the mapping, applyConference and dryRun; a bare array keeps its flags in the query', () => {
    const mapping = { title: 'Titre', date: 'Date' };
    expect(importBody({ kind: 'csv', csv: 'Titre\nA' }, 'upsert', { mapping, dryRun: true })).toEqual({
      csv: 'Titre\nA',
      mode: 'upsert',
      mapping,
      dryRun: true,
    });
    expect(importBody({ kind: 'xlsx', xlsx: 'UEsDBA==' }, 'upsert', { mapping, applyConference: true })).toEqual({
      xlsx: 'UEsDBA==',
      mode: 'upsert',
      mapping,
      applyConference: true,
    });
    // A mapping means nothing to a program that names its fields: it is not sent.
    expect(importBody({ kind: 'ics', ics: 'BEGIN:VCALENDAR' }, 'create-new', { mapping })).toEqual({
      ics: 'BEGIN:VCALENDAR',
      mode: 'create-new',
    });
    expect(importBody({ kind: 'json', program: { results: [] } }, 'upsert')).toEqual({ results: [], mode: 'upsert' });
    const grid = [{ date: '2027-08-14', rooms: [] }];
    expect(importBody({ kind: 'json', program: grid }, 'upsert', { dryRun: true })).toBe(grid);
    expect(importUrl({ kind: 'json', program: grid }, 'upsert', { dryRun: true, applyConference: true })).toBe(
      '/api/superadmin/import-sessions?mode=upsert&dryRun=true&applyConference=true',
    );
    expect(importUrl({ kind: 'csv', csv: 'x' }, 'upsert', { dryRun: true })).toBe('/api/superadmin/import-sessions');
  });

  it('previews an import by its dry run', async () => {
    const preview = { sessions: 2, toCreate: 2, toUpdate: 0 };
    const calls = stubFetch({ message: 'Dry run', source: 'csv', skipped: [{ index: 1 }], dryRun: true, preview });
    await expect(createDataProvider().previewImport({ kind: 'csv', csv: 'Title\nA' }, 'upsert')).resolves.toEqual({
      message: 'Dry run',
      source: 'csv',
      skipped: 1,
      preview,
    });
    expect(calls[0]).toEqual({
      url: '/api/superadmin/import-sessions',
      method: 'POST',
      body: { csv: 'Title\nA', mode: 'upsert', dryRun: true },
    });
  });

  it('reads created, updated and skipped from the answer (older answers: imported and a skipped list)', async () => {
    expect(importOutcome({ message: 'm', created: 2, updated: 26, skipped: 1 })).toEqual({
      message: 'm',
      created: 2,
      updated: 26,
      skipped: 1,
    });
    expect(importOutcome({ message: 'm', imported: 3, skipped: [{ index: 1 }] })).toEqual({
      message: 'm',
      created: 3,
      updated: 0,
      skipped: 1,
    });
    const calls = stubFetch({ message: 'ok', created: 1, updated: 2, skipped: [] });
    await expect(createDataProvider().importSessions({ kind: 'sessions', sessions: [] }, 'upsert')).resolves.toEqual({
      message: 'ok',
      created: 1,
      updated: 2,
      skipped: 0,
    });
    expect(calls[0]).toEqual({ url: '/api/superadmin/import-sessions', method: 'POST', body: { sessions: [], mode: 'upsert' } });
  });
});
