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
import { apiPath, withQuery } from '@rules/api-path';
import { apiFetch, apiJson, dispositionFileName } from '@/lib/http';
import type {
  AnalyticsEntry,
  ChatThread,
  Conference,
  DailyCost,
  DocumentKind,
  DocumentRecord,
  ExportList,
  ImportAnswer,
  Insights,
  Session,
  SessionPayload,
  UsageSummary,
  UserAction,
  UserChatSummary,
} from '@/lib/types';
import { DEFAULT_BILLING_DAYS } from '@/constants';

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
    return pageLocally(await apiJson<Session[]>(withQuery(apiPath('/api/sessions'), { admin: true })), params);
  },
  one: (id) => apiJson<Session>(apiPath('/api/sessions/{id}', { id: idOf(id) })),
  create: (data) => apiJson<Session>(apiPath('/api/admin/session'), { method: 'POST', body: data }),
  update: (id, data) => apiJson<Session>(apiPath('/api/admin/session/{id}', { id: idOf(id) }), { method: 'PUT', body: data }),
  async remove(id) {
    await apiFetch(apiPath('/api/admin/session/{id}', { id: idOf(id) }), { method: 'DELETE' });
  },
};

/** Documents of one kind (or every kind): GET /api/admin/documents?kind=, DELETE /api/admin/documents/{id}. */
function documents(kind?: DocumentKind): ResourceProvider<DocumentRecord> {
  return {
    async list(params) {
      const chosen = (filterOf(params).kind as DocumentKind | undefined) ?? kind;
      return pageLocally(await apiJson<DocumentRecord[]>(withQuery(apiPath('/api/admin/documents'), { kind: chosen })), params);
    },
    async remove(id) {
      await apiFetch(apiPath('/api/admin/documents/{id}', { id: idOf(id) }), { method: 'DELETE' });
    },
  };
}

/** Users who chatted (Chat History), keyed by their user id: GET /api/admin/users/chat-history?q=. */
const users: ResourceProvider<UserChatSummary & { id: string }> = {
  async list(params) {
    const q = query(filterOf(params).q);
    const rows = await apiJson<UserChatSummary[]>(withQuery(apiPath('/api/admin/users/chat-history'), { q: q || undefined }));
    return pageLocally(
      rows.map((r) => ({ ...r, id: r.userId })),
      params,
    );
  },
};

/** One user's threads (filter `userId`): GET /api/admin/users/{userId}/chats. */
const chats: ResourceProvider<ChatThread> = {
  async list(params) {
    const rows = await apiJson<ChatThread[]>(apiPath('/api/admin/users/{userId}/chats', { userId: String(filterOf(params).userId ?? '') }));
    return { data: rows, total: rows.length };
  },
};

/** The activity log, paged by the server: GET /api/admin/users/actions?type=&q=&page=&pageSize=. */
const actions: ResourceProvider<UserAction> = {
  async list(params) {
    const filter = filterOf(params);
    const qs = new URLSearchParams();
    // 'all' (the All Actions choice) or nothing: no type filter.
    if (typeof filter.type === 'string' && filter.type && filter.type !== 'all') qs.set('type', filter.type);
    if (query(filter.q)) qs.set('q', query(filter.q));
    qs.set('page', String(params.pagination?.page ?? 1));
    qs.set('pageSize', String(params.pagination?.perPage ?? 25));
    const res = await apiFetch(`${apiPath('/api/admin/users/actions')}?${qs.toString()}`);
    const rows = (await res.json()) as UserAction[];
    const total = Number(res.headers.get('X-Total-Count'));
    return { data: rows, total: Number.isFinite(total) && res.headers.has('X-Total-Count') ? total : rows.length };
  },
};

/** Daily AI costs (filter `days`), keyed by their date: GET /api/admin/openai-costs?days=. */
const usage: ResourceProvider<DailyCost & { id: string }> = {
  async list(params) {
    const days = Number(filterOf(params).days ?? DEFAULT_BILLING_DAYS);
    const rows = await apiJson<DailyCost[]>(withQuery(apiPath('/api/admin/openai-costs'), { days }));
    return { data: rows.map((r) => ({ ...r, id: r.date })), total: rows.length };
  },
};

/** Super admin analytics, keyed by user id: GET /api/superadmin/analytics. */
const analytics: ResourceProvider<AnalyticsEntry & { id: string }> = {
  async list(params) {
    const rows = await apiJson<AnalyticsEntry[]>(apiPath('/api/superadmin/analytics'));
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
export function importDryRun(body: Partial<ImportAnswer>): ImportDryRun {
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
      return apiJson<DocumentRecord>(apiPath('/api/admin/upload'), { method: 'POST', body: form });
    },

    async uploadRecording({ file, sessionId }) {
      const form = new FormData();
      form.append('file', file);
      form.append('sessionId', sessionId);
      return apiJson<DocumentRecord>(apiPath('/api/admin/recordings'), { method: 'POST', body: form });
    },

    reingestDocument(id) {
      return apiJson<DocumentRecord | undefined>(apiPath('/api/admin/ingest/{id}', { id: idOf(id) }), { method: 'POST' });
    },

    getExportList() {
      return apiJson<ExportList>(apiPath('/api/admin/documents/export-list'));
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
    getAdminSessions() {
      return apiJson<Session[]>(withQuery(apiPath('/api/sessions'), { admin: true }));
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
      const body = await apiJson<Parameters<typeof importOutcome>[0]>(importUrl(source, mode, extras), {
        method: 'POST',
        body: importBody(source, mode, extras),
      });
      return importOutcome(body ?? {});
    },

    async previewImport(source, mode, extras = {}) {
      const dry = { ...extras, dryRun: true };
      const body = await apiJson<Partial<ImportAnswer>>(importUrl(source, mode, dry), {
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
    getInsights({ days, sessionId }: InsightsQuery) {
      return apiJson<Insights>(withQuery(apiPath('/api/admin/insights'), { days, sessionId: sessionId || undefined }));
    },

    getUsageSummary() {
      return apiJson<UsageSummary>(apiPath('/api/admin/openai-usage'));
    },

    getConference() {
      return apiJson<Conference>(apiPath('/api/conference'));
    },

    updateConference(conference) {
      return apiJson<Conference>(apiPath('/api/admin/conference'), { method: 'PUT', body: conference });
    },
  };
}

export function createDataProvider(): ConsoleDataProvider {
  return { ...crudMethods(), ...documentMethods(), ...sessionTransferMethods(), ...consolePageMethods() };
}
