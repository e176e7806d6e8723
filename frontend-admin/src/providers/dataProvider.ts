import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { DEFAULT_BILLING_DAYS, DEFAULT_INSIGHTS_DAYS, IMPORT_MODE } from '@/constants';
import { apiFetch, apiJson, dispositionFileName } from '@/lib/http';
import type {
  AnalyticsEntry,
  ChatThread,
  DailyCost,
  DocumentKind,
  DocumentRecord,
  ExportList,
  Insights,
  Session,
  SessionPayload,
  UsageSummary,
  UserAction,
  UserChatSummary,
} from '@/lib/types';

/** react-admin resources served by this provider, and the REST calls behind them (SPEC §7, docs/API.md). */
export const RESOURCES = {
  sessions: 'sessions',
  transcripts: 'transcripts',
  pdfs: 'pdfs',
  documents: 'documents',
  users: 'users',
  chats: 'chats',
  actions: 'actions',
  usage: 'usage',
  analytics: 'analytics',
  insights: 'insights',
} as const;

const DOCUMENT_KIND: Record<string, DocumentKind | undefined> = { transcripts: 'transcript', pdfs: 'pdf' };
const isDocumentResource = (r: string) => r === RESOURCES.transcripts || r === RESOURCES.pdfs || r === RESOURCES.documents;

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

const withId = <T extends object>(rows: T[], key: keyof T) => rows.map((r) => ({ ...r, id: r[key] as Identifier }));

export interface UploadParams {
  file: File;
  sessionId: string;
  kind: DocumentKind;
}

export interface DownloadedFile {
  blob: Blob;
  filename?: string;
}

/** The console's custom calls beside the CRUD methods. */
export interface ConsoleDataProvider extends DataProvider {
  uploadDocument(params: UploadParams): Promise<DocumentRecord>;
  reingestDocument(id: Identifier): Promise<DocumentRecord | undefined>;
  getExportList(): Promise<ExportList>;
  downloadDocument(id: Identifier): Promise<DownloadedFile>;
  getAdminSessions(): Promise<Session[]>;
  exportSessions(): Promise<DownloadedFile>;
  importSessions(sessions: unknown[]): Promise<{ message: string }>;
}

async function getList(resource: string, params: GetListParams): Promise<GetListResult> {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  switch (resource) {
    case RESOURCES.sessions:
      return pageLocally(await apiJson<Session[]>('/api/sessions?admin=true'), params);
    case RESOURCES.transcripts:
    case RESOURCES.pdfs:
    case RESOURCES.documents: {
      const kind = DOCUMENT_KIND[resource] ?? (filter.kind as DocumentKind | undefined);
      const url = kind ? `/api/admin/documents?kind=${kind}` : '/api/admin/documents';
      return pageLocally(await apiJson<DocumentRecord[]>(url), params);
    }
    case RESOURCES.users: {
      const q = typeof filter.q === 'string' && filter.q.trim() ? `?q=${encodeURIComponent(filter.q.trim())}` : '';
      const rows = await apiJson<UserChatSummary[]>(`/api/admin/users/chat-history${q}`);
      return pageLocally(withId(rows, 'userId'), params);
    }
    case RESOURCES.chats: {
      const userId = String(filter.userId ?? '');
      const rows = await apiJson<ChatThread[]>(`/api/admin/users/${encodeURIComponent(userId)}/chats`);
      return { data: rows, total: rows.length };
    }
    case RESOURCES.actions: {
      const qs = new URLSearchParams();
      // 'all' (the All Actions choice) or nothing: no type filter.
      if (typeof filter.type === 'string' && filter.type && filter.type !== 'all') qs.set('type', filter.type);
      if (typeof filter.q === 'string' && filter.q.trim()) qs.set('q', filter.q.trim());
      qs.set('page', String(params.pagination?.page ?? 1));
      qs.set('pageSize', String(params.pagination?.perPage ?? 25));
      const res = await apiFetch(`/api/admin/users/actions?${qs.toString()}`);
      const rows = (await res.json()) as UserAction[];
      const total = Number(res.headers.get('X-Total-Count'));
      return { data: rows, total: Number.isFinite(total) && res.headers.has('X-Total-Count') ? total : rows.length };
    }
    case RESOURCES.usage: {
      const days = Number(filter.days ?? DEFAULT_BILLING_DAYS);
      const rows = await apiJson<DailyCost[]>(`/api/admin/openai-costs?days=${days}`);
      return { data: withId(rows, 'date'), total: rows.length };
    }
    case RESOURCES.analytics: {
      const rows = await apiJson<AnalyticsEntry[]>('/api/superadmin/analytics');
      return pageLocally(withId(rows, 'userId'), params);
    }
    default:
      throw new Error(`Unknown resource ${resource}`);
  }
}

export function createDataProvider(): ConsoleDataProvider {
  const provider: ConsoleDataProvider = {
    getList: getList as DataProvider['getList'],

    async getOne(resource, params) {
      if (resource === RESOURCES.usage) {
        const summary = await apiJson<UsageSummary>('/api/admin/openai-usage');
        return { data: { ...summary, id: params.id } } as never;
      }
      if (resource === RESOURCES.insights) {
        // meta: { days, sessionId } (the Insights tab's range and session filter).
        const meta = (params.meta ?? {}) as { days?: number; sessionId?: string | null };
        const qs = new URLSearchParams({ days: String(meta.days ?? DEFAULT_INSIGHTS_DAYS) });
        if (meta.sessionId) qs.set('sessionId', meta.sessionId);
        const insights = await apiJson<Insights>(`/api/admin/insights?${qs.toString()}`);
        return { data: { ...insights, id: params.id } } as never;
      }
      const { data } = await getList(resource, {
        pagination: { page: 1, perPage: 100_000 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
      const record = data.find((r) => String(r.id) === String(params.id));
      if (!record) throw new Error(`404: ${resource} ${params.id} not found`);
      return { data: record } as never;
    },

    async getMany(resource, params) {
      const { data } = await getList(resource, {
        pagination: { page: 1, perPage: 100_000 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      });
      const ids = new Set(params.ids.map(String));
      return { data: data.filter((r) => ids.has(String(r.id))) } as never;
    },

    async getManyReference(resource, params) {
      return (await getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } })) as never;
    },

    async create(resource, params) {
      if (resource !== RESOURCES.sessions) throw new Error(`Cannot create ${resource}`);
      const created = await apiJson<Session | undefined>('/api/admin/session', { method: 'POST', body: params.data as SessionPayload });
      return { data: { ...(params.data as object), ...(created ?? {}), id: created?.id ?? crypto.randomUUID() } } as never;
    },

    async update(resource, params) {
      if (resource !== RESOURCES.sessions) throw new Error(`Cannot update ${resource}`);
      const updated = await apiJson<Session | undefined>(`/api/admin/session/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        body: params.data as SessionPayload,
      });
      return { data: { ...params.previousData, ...(params.data as object), ...(updated ?? {}), id: params.id } } as never;
    },

    async updateMany() {
      throw new Error('Not supported');
    },

    async delete(resource, params) {
      if (resource === RESOURCES.sessions) {
        await apiFetch(`/api/admin/session/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      } else if (isDocumentResource(resource)) {
        await apiFetch(`/api/admin/documents/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      } else {
        throw new Error(`Cannot delete ${resource}`);
      }
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },

    async uploadDocument({ file, sessionId, kind }) {
      const form = new FormData();
      form.append('file', file);
      form.append('sessionId', sessionId);
      form.append('kind', kind);
      return apiJson<DocumentRecord>('/api/admin/upload', { method: 'POST', body: form });
    },

    reingestDocument(id) {
      return apiJson<DocumentRecord | undefined>(`/api/admin/ingest/${encodeURIComponent(String(id))}`, { method: 'POST' });
    },

    getExportList() {
      return apiJson<ExportList>('/api/admin/documents/export-list');
    },

    async downloadDocument(id) {
      const res = await apiFetch(`/api/admin/documents/${encodeURIComponent(String(id))}/download`);
      return { blob: await res.blob(), filename: dispositionFileName(res.headers.get('Content-Disposition')) };
    },

    getAdminSessions() {
      return apiJson<Session[]>('/api/sessions?admin=true');
    },

    async exportSessions() {
      const res = await apiFetch('/api/superadmin/export-sessions');
      return { blob: await res.blob(), filename: dispositionFileName(res.headers.get('Content-Disposition')) };
    },

    importSessions(sessions) {
      return apiJson<{ message: string }>('/api/superadmin/import-sessions', {
        method: 'POST',
        body: { sessions, mode: IMPORT_MODE },
      });
    },
  };
  return provider;
}
