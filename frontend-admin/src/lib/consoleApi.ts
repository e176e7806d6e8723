/**
 * What the consoles ask of their data provider beyond react-admin's CRUD methods. The provider
 * (providers/dataProvider.ts) implements it; screens reach it through `useConsoleDataProvider`.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type {
  ColumnMapping,
  Conference,
  DocumentKind,
  DocumentRecord,
  ExportList,
  ImportPreview,
  Insights,
  Session,
  UsageSummary,
} from './types';

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

/**
 * What a super admin import sends: the rows of an export, a pretalx schedule.json, any other published
 * JSON program (pretalx, Sessionize: the server reads it by shape), or a file's text: a frab
 * schedule.xml, an iCalendar feed, a CSV sheet, or an XLSX workbook as base64.
 */
export type ImportSource =
  | { kind: 'sessions'; sessions: unknown[] }
  | { kind: 'pretalx'; schedule: object }
  | { kind: 'json'; program: object }
  | { kind: 'frab'; xml: string }
  | { kind: 'ics'; ics: string }
  | { kind: 'csv'; csv: string }
  | { kind: 'xlsx'; xlsx: string };

/** Beyond the mode: a CSV/XLSX column mapping, and whether to set the conference from the program. */
export interface ImportExtras {
  mapping?: ColumnMapping;
  applyConference?: boolean;
}

/** A dry run's answer: the message, the rows it would skip, and the preview. */
export interface ImportDryRun {
  message: string;
  source: string;
  skipped: number;
  preview: ImportPreview;
}

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
  /** POST /api/admin/recordings: audio, video or captions become the session's transcript (Recordings tab). */
  uploadRecording(params: Omit<UploadParams, 'kind'>): Promise<DocumentRecord>;
  reingestDocument(id: Identifier): Promise<DocumentRecord | undefined>;
  getExportList(): Promise<ExportList>;
  downloadDocument(id: Identifier): Promise<DownloadedFile>;
  getAdminSessions(): Promise<Session[]>;
  /** The super admin's export (GET /api/superadmin/export-sessions). */
  exportSessions(): Promise<DownloadedFile>;
  /** The admin's export: the same file (GET /api/admin/export-sessions). */
  exportAdminSessions(): Promise<DownloadedFile>;
  importSessions(source: ImportSource, mode: ImportMode, extras?: ImportExtras): Promise<ImportOutcome>;
  /** The import's dry run: nothing is written. */
  previewImport(source: ImportSource, mode: ImportMode, extras?: ImportExtras): Promise<ImportDryRun>;
  getInsights(query: InsightsQuery): Promise<Insights>;
  getUsageSummary(): Promise<UsageSummary>;
  getConference(): Promise<Conference>;
  updateConference(conference: Conference): Promise<Conference>;
}
