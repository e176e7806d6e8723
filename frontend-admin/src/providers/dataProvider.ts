import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type {
  ConsoleDataProvider,
  ImportDryRun,
  ImportExtras,
  ImportMode,
  ImportOutcome,
  ImportSource,
  InsightsQuery,
} from '@/lib/consoleApi';
import { createContractClient, dataOf } from '@rules/api-client';
import { apiPath, type ApiAnswer, type ApiBody } from '@rules/api-path';
import { apiFetch, apiJson, dispositionFileName } from '@/lib/http';
import type {
  AnalyticsEntry,
  ChatThread,
  DailyCost,
  DocumentKind,
  DocumentRecord,
  Session,
  SessionPayload,
  UserAction,
  UserChatSummary,
} from '@/lib/types';
import { DEFAULT_BILLING_DAYS } from '@/constants';

/**
 * The console's typed client of the contract (packages/conference-rules/src/api-client.ts): every JSON call's
 * path, parameters, body and answer are the contract's, so a shape changed in the backend fails the type check
 * here. It runs on apiFetch (the session cookie, a JSON content type only with a JSON body, errors thrown).
 */
const api = createContractClient('', (method, url, body, signal) => apiFetch(url, { method, body, signal }));

/** The body of POST and PUT /api/admin/session: the contract's, with the format in words the server also reads. */
const sessionBody = (data: Partial<SessionPayload>) => data as ApiBody<'/api/admin/session', 'post'>;

/** A period of days as the contract's query names it ('7', '30' or '90'). */
const daysParam = (days: number) => String(days) as '7' | '30' | '90';

/** Pages (and, when asked for a real field, sorts) a whole list the API returned. */
export function pageLocally<T extends RaRecord>(rows: T[], params: Partial<GetListParams>): GetListResult<T> {
  let data = rows;
  const field = params.sort?.field;
  if (field && field !== 'id') {
    const dir = params.sort?.order === 'DESC' ? -1 : 1;
    data = [...rows].sort((a, b) => {
      const x = a[field] as string | number | null;
      const y = b[field] as string | number | null;
      if (x === y) return 0;
      if (x == null) return 1;
      if (y == null) return -1;
      return x < y ? -dir : dir;
    });
  }
  const { page, perPage } = params.pagination ?? { page: 1, perPage: rows.length || 1 };
  const start = (page - 1) * perPage;
  return { data: data.slice(start, start + perPage), total: rows.length };
}

const idOf = (id: Identifier) => String(id);
const filterOf = (params: Partial<GetListParams>) => (params.filter ?? {}) as Record<string, unknown>;
const query = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * One resource's calls, typed by its record. `one` is absent where the API has no single-record GET
 * and a list would have to be fetched to answer it.
 */
interface ResourceProvider<T extends RaRecord> {
  list(params: Partial<GetListParams>): Promise<GetListResult<T>>;
  one?(id: Identifier): Promise<T>;
  create?(data: Partial<SessionPayload>): Promise<T>;
  update?(id: Identifier, data: Partial<SessionPayload>): Promise<T>;
  remove?(id: Identifier): Promise<void>;
}

/** Sessions: GET /api/sessions?admin=true, GET /api/sessions/{id}, POST/PUT/DELETE /api/admin/session. */
const sessions: ResourceProvider<Session> = {
  async list(params) {
    return pageLocally(dataOf(await api.GET('/api/sessions', { params: { query: { admin: 'true' } } })), params);
  },
  one: async (id) => dataOf(await api.GET('/api/sessions/{id}', { params: { path: { id: idOf(id) } } })),
  create: async (data) => dataOf(await api.POST('/api/admin/session', { body: sessionBody(data) })),
  update: async (id, data) =>
    dataOf(await api.PUT('/api/admin/session/{id}', { params: { path: { id: idOf(id) } }, body: sessionBody(data) })),
  async remove(id) {
    await api.DELETE('/api/admin/session/{id}', { params: { path: { id: idOf(id) } } });
  },
};

/** Documents of one kind (or every kind): GET /api/admin/documents?kind=, DELETE /api/admin/documents/{id}. */
function documents(kind?: DocumentKind): ResourceProvider<DocumentRecord> {
  return {
    async list(params) {
      const chosen = (filterOf(params).kind as DocumentKind | undefined) ?? kind;
      return pageLocally(dataOf(await api.GET('/api/admin/documents', { params: { query: { kind: chosen } } })), params);
    },
    async remove(id) {
      await api.DELETE('/api/admin/documents/{id}', { params: { path: { id: idOf(id) } } });
    },
  };
}

/** Users who chatted (Chat History), keyed by their user id: GET /api/admin/users/chat-history?q=. */
const users: ResourceProvider<UserChatSummary & { id: string }> = {
  async list(params) {
    const q = query(filterOf(params).q);
    const rows = dataOf(await api.GET('/api/admin/users/chat-history', { params: { query: { q: q || undefined } } }));
    return pageLocally(
      rows.map((r) => ({ ...r, id: r.userId })),
      params,
    );
  },
};

/** One user's threads (filter `userId`): GET /api/admin/users/{userId}/chats. */
const chats: ResourceProvider<ChatThread> = {
  async list(params) {
    const userId = String(filterOf(params).userId ?? '');
    const rows = dataOf(await api.GET('/api/admin/users/{userId}/chats', { params: { path: { userId } } }));
    return { data: rows, total: rows.length };
  },
};

/** The activity log, paged by the server: GET /api/admin/users/actions?type=&q=&page=&pageSize=. */
const actions: ResourceProvider<UserAction> = {
  async list(params) {
    const filter = filterOf(params);
    // 'all' (the All Actions choice) or nothing: no type filter.
    const type =
      typeof filter.type === 'string' && filter.type && filter.type !== 'all' ? (filter.type as UserAction['actionType']) : undefined;
    const { data, response: res } = await api.GET('/api/admin/users/actions', {
      params: {
        query: { type, q: query(filter.q) || undefined, page: params.pagination?.page ?? 1, pageSize: params.pagination?.perPage ?? 25 },
      },
    });
    const rows = data ?? [];
    const total = Number(res.headers.get('X-Total-Count'));
    return { data: rows, total: Number.isFinite(total) && res.headers.has('X-Total-Count') ? total : rows.length };
  },
};

/** Daily AI costs (filter `days`), keyed by their date: GET /api/admin/openai-costs?days=. */
const usage: ResourceProvider<DailyCost & { id: string }> = {
  async list(params) {
    const days = Number(filterOf(params).days ?? DEFAULT_BILLING_DAYS);
    const rows = dataOf(await api.GET('/api/admin/openai-costs', { params: { query: { days: daysParam(days) } } }));
    return { data: rows.map((r) => ({ ...r, id: r.date })), total: rows.length };
  },
};

/** Super admin analytics, keyed by user id: GET /api/superadmin/analytics. */
const analytics: ResourceProvider<AnalyticsEntry & { id: string }> = {
  async list(params) {
    const rows = dataOf(await api.GET('/api/superadmin/analytics'));
    return pageLocally(
      rows.map((r) => ({ ...r, id: r.userId })),
      params,
    );
  },
};

/** react-admin resource name → its provider. */
export const RESOURCE_PROVIDERS = {
  sessions,
  transcripts: documents('transcript'),
  pdfs: documents('pdf'),
  documents: documents(),
  users,
  chats,
  actions,
  usage,
  analytics,
} as const;

export type ResourceName = keyof typeof RESOURCE_PROVIDERS;

function providerOf(resource: string): ResourceProvider<RaRecord> {
  if (!Object.hasOwn(RESOURCE_PROVIDERS, resource)) throw new Error(`Unknown resource ${resource}`);
  return RESOURCE_PROVIDERS[resource as ResourceName] as ResourceProvider<RaRecord>;
}

function unsupported(what: string, resource: string): never {
  throw new Error(`${what} is not supported for ${resource}`);
}

/**
 * The CRUD methods over the resource providers. react-admin declares each method generic in the
 * record type its caller expects; the resource's provider fixes the real type, hence the one
 * assertion at the end.
 */
function crudMethods(): DataProvider {
  const crud = {
    getList: async (resource: string, params: GetListParams) => providerOf(resource).list(params),
    async getOne(resource: string, params: GetOneParams) {
      const one = providerOf(resource).one;
      return { data: one ? await one(params.id) : unsupported('getOne', resource) };
    },
    async getMany(resource: string, params: GetManyParams) {
      const ids = new Set(params.ids.map(String));
      const { data } = await providerOf(resource).list({});
      return { data: data.filter((r) => ids.has(String(r.id))) };
    },
    getManyReference: (resource: string, params: GetManyReferenceParams) =>
      providerOf(resource).list({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
    async create(resource: string, params: CreateParams) {
      const create = providerOf(resource).create;
      return { data: create ? await create(params.data) : unsupported('create', resource) };
    },
    async update(resource: string, params: UpdateParams) {
      const update = providerOf(resource).update;
      return { data: update ? await update(params.id, params.data) : unsupported('update', resource) };
    },
    updateMany: (resource: string) => unsupported('updateMany', resource),
    async delete(resource: string, params: DeleteParams) {
      const remove = providerOf(resource).remove ?? unsupported('delete', resource);
      await remove(params.id);
      return { data: params.previousData ?? { id: params.id } };
    },
    async deleteMany(resource: string, params: DeleteManyParams) {
      const remove = providerOf(resource).remove ?? unsupported('deleteMany', resource);
      for (const id of params.ids) await remove(id);
      return { data: params.ids };
    },
  };
  return crud as DataProvider;
}

/** The server's import answer ({message, imported, skipped: [...]}, with created/updated when it has them). */
export function importOutcome(body: {
  message?: string;
  imported?: number;
  created?: number;
  updated?: number;
  skipped?: unknown[] | number;
}): ImportOutcome {
  const skipped = Array.isArray(body.skipped) ? body.skipped.length : Number(body.skipped) || 0;
  return { message: body.message ?? '', created: body.created ?? body.imported ?? 0, updated: body.updated ?? 0, skipped };
}

/** The fields of a body for a source, without the flags. */
function sourceFields(source: ImportSource): object {
  switch (source.kind) {
    case 'sessions':
      return { sessions: source.sessions };
    case 'pretalx':
      return source.schedule;
    case 'json':
      return source.program;
    case 'frab':
      return { xml: source.xml };
    case 'ics':
      return { ics: source.ics };
    case 'csv':
      return { csv: source.csv };
    case 'xlsx':
      return { xlsx: source.xlsx };
  }
}

/**
 * The body of POST /api/superadmin/import-sessions for a source, a mode and the extras (a column
 * mapping, `applyConference`, `dryRun`). A bare JSON array (Sessionize's grid, pretalx talks) is sent
 * as it is: its flags go in the query string (importUrl).
 */
export function importBody(source: ImportSource, mode: ImportMode, extras: ImportExtras & { dryRun?: boolean } = {}): unknown {
  const fields = sourceFields(source);
  if (Array.isArray(fields)) return fields;
  const { mapping, applyConference, dryRun } = extras;
  return {
    ...fields,
    mode,
    ...(mapping && (source.kind === 'csv' || source.kind === 'xlsx') && { mapping }),
    ...(applyConference && { applyConference: true }),
    ...(dryRun && { dryRun: true }),
  };
}

/** The import's address: flags in the query string only for a body that cannot carry them (a bare array). */
export function importUrl(source: ImportSource, mode: ImportMode, extras: ImportExtras & { dryRun?: boolean } = {}): string {
  const base = apiPath('/api/superadmin/import-sessions');
  if (!Array.isArray(sourceFields(source))) return base;
  const qs = new URLSearchParams({ mode });
  if (extras.dryRun) qs.set('dryRun', 'true');
  if (extras.applyConference) qs.set('applyConference', 'true');
  return `${base}?${qs.toString()}`;
}

/** A dry run's answer as the console reads it. */
export function importDryRun(body: Partial<ApiAnswer<'/api/superadmin/import-sessions', 'post'>>): ImportDryRun {
  if (!body.preview) throw new Error('The server sent no preview.');
  return { message: body.message ?? '', source: body.source ?? '', skipped: body.skipped?.length ?? 0, preview: body.preview };
}

type DocumentMethods = Pick<
  ConsoleDataProvider,
  'uploadDocument' | 'uploadRecording' | 'reingestDocument' | 'getExportList' | 'downloadDocument'
>;
type SessionTransferMethods = Pick<
  ConsoleDataProvider,
  'getAdminSessions' | 'exportSessions' | 'exportAdminSessions' | 'importSessions' | 'previewImport'
>;
type ConsolePageMethods = Pick<ConsoleDataProvider, 'getInsights' | 'getUsageSummary' | 'getConference' | 'updateConference'>;

/** A document's upload, re-ingestion and download. */
function documentMethods(): DocumentMethods {
  return {
    async uploadDocument({ file, sessionId, kind }) {
      const form = new FormData();
      form.append('file', file);
      form.append('sessionId', sessionId);
      form.append('kind', kind);
      return apiJson<ApiAnswer<'/api/admin/upload', 'post'>>(apiPath('/api/admin/upload'), { method: 'POST', body: form });
    },

    async uploadRecording({ file, sessionId }) {
      const form = new FormData();
      form.append('file', file);
      form.append('sessionId', sessionId);
      return apiJson<ApiAnswer<'/api/admin/recordings', 'post'>>(apiPath('/api/admin/recordings'), { method: 'POST', body: form });
    },

    async reingestDocument(id) {
      return (await api.POST('/api/admin/ingest/{id}', { params: { path: { id: idOf(id) } } })).data;
    },

    async getExportList() {
      return dataOf(await api.GET('/api/admin/documents/export-list'));
    },

    async downloadDocument(id) {
      const res = await apiFetch(apiPath('/api/admin/documents/{id}/download', { id: idOf(id) }));
      return { blob: await res.blob(), filename: dispositionFileName(res.headers.get('Content-Disposition')) };
    },
  };
}

/** The super admin's session list, export and import. */
function sessionTransferMethods(): SessionTransferMethods {
  return {
    async getAdminSessions() {
      return dataOf(await api.GET('/api/sessions', { params: { query: { admin: 'true' } } }));
    },

    async exportSessions() {
      const res = await apiFetch(apiPath('/api/superadmin/export-sessions'));
      return { blob: await res.blob(), filename: dispositionFileName(res.headers.get('Content-Disposition')) };
    },

    async exportAdminSessions() {
      const res = await apiFetch(apiPath('/api/admin/export-sessions'));
      return { blob: await res.blob(), filename: dispositionFileName(res.headers.get('Content-Disposition')) };
    },

    async importSessions(source, mode, extras = {}) {
      const body = await apiJson<ApiAnswer<'/api/superadmin/import-sessions', 'post'> | undefined>(importUrl(source, mode, extras), {
        method: 'POST',
        body: importBody(source, mode, extras),
      });
      return importOutcome(body ?? {});
    },

    async previewImport(source, mode, extras = {}) {
      const dry = { ...extras, dryRun: true };
      const body = await apiJson<ApiAnswer<'/api/superadmin/import-sessions', 'post'> | undefined>(importUrl(source, mode, dry), {
        method: 'POST',
        body: importBody(source, mode, dry),
      });
      return importDryRun(body ?? {});
    },
  };
}

/** The console's own pages: insights, OpenAI usage and the conference settings. */
function consolePageMethods(): ConsolePageMethods {
  return {
    async getInsights({ days, sessionId }: InsightsQuery) {
      return dataOf(
        await api.GET('/api/admin/insights', { params: { query: { days: daysParam(days), sessionId: sessionId || undefined } } }),
      );
    },

    async getUsageSummary() {
      return dataOf(await api.GET('/api/admin/openai-usage'));
    },

    async getConference() {
      return dataOf(await api.GET('/api/conference'));
    },

    async updateConference(conference) {
      return dataOf(await api.PUT('/api/admin/conference', { body: conference }));
    },
  };
}

export function createDataProvider(): ConsoleDataProvider {
  return { ...crudMethods(), ...documentMethods(), ...sessionTransferMethods(), ...consolePageMethods() };
}
