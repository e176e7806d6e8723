/**
 * What the consoles ask of their data provider beyond react-admin's CRUD methods. The provider
 * (providers/dataProvider.ts) implements it; screens reach it through `useConsoleDataProvider`.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { Conference, DocumentKind, DocumentRecord, ExportList, Insights, Session, UsageSummary } from './types';

export interface UploadParams {
  file: File;
  sessionId: string;
  kind: DocumentKind;
}

export interface DownloadedFile {
  blob: Blob;
  filename?: string;
}

/** 'upsert': a session whose id (or source id) exists is updated in place, documents kept; 'create-new': new copies. */
export type ImportMode = 'upsert' | 'create-new';

/** What a super admin import sends: the rows of an export, a pretalx schedule.json, or a frab schedule.xml's text. */
export type ImportSource =
  { kind: 'sessions'; sessions: unknown[] } | { kind: 'pretalx'; schedule: object } | { kind: 'frab'; xml: string };

/** POST /api/superadmin/import-sessions, as the console reads it. */
export interface ImportOutcome {
  message: string;
  created: number;
  updated: number;
  skipped: number;
}

export interface InsightsQuery {
  days: number;
  sessionId: string | null;
}

export interface ConsoleDataProvider extends DataProvider {
  uploadDocument(params: UploadParams): Promise<DocumentRecord>;
  reingestDocument(id: Identifier): Promise<DocumentRecord | undefined>;
  getExportList(): Promise<ExportList>;
  downloadDocument(id: Identifier): Promise<DownloadedFile>;
  getAdminSessions(): Promise<Session[]>;
  /** The super admin's export (GET /api/superadmin/export-sessions). */
  exportSessions(): Promise<DownloadedFile>;
  /** The admin's export: the same file (GET /api/admin/export-sessions). */
  exportAdminSessions(): Promise<DownloadedFile>;
  importSessions(source: ImportSource, mode: ImportMode): Promise<ImportOutcome>;
  getInsights(query: InsightsQuery): Promise<Insights>;
  getUsageSummary(): Promise<UsageSummary>;
  getConference(): Promise<Conference>;
  updateConference(conference: Conference): Promise<Conference>;
}
