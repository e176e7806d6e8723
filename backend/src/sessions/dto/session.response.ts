import type { SessionFormat } from '../session-input';
import type { ContentStatus, DocumentKind, SessionRow } from '../sessions.repository';

/** A document as listed in a session (admin view). */
export class SessionDocumentResponse {
  id: string;
  kind: DocumentKind;
  originalFilename: string;
  status: 'uploaded' | 'chunked' | 'embedded' | 'error';
}

/** A session as the API returns it (docs/API.md, Sessions). */
export class SessionResponse {
  id: string;
  title: string;
  speakers: string[];
  tags: string[];
  format: SessionFormat;
  /** ISO 8601. */
  date: string | null;
  /** Conference day, from 1. */
  day: number | null;
  /** '9:30 AM' */
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  /** The abstract, plain text ('' when none). */
  description: string;
  /** The session's id in the program it was imported from ('pretalx:VT7MDZ'); null when created here. */
  externalId: string | null;
  documentsCount: number;
  hasDocuments: boolean;
  /** 'transcript' before 'pdf'. */
  documentTypes: DocumentKind[];
  /** 'none' without documents, 'available' once one document is embedded, else 'processing'. */
  contentStatus: ContentStatus;
  /** Only in the admin view (`?admin=true`) and in the answers of POST/PUT. */
  documents?: SessionDocumentResponse[];
}

export function toSessionResponse(row: SessionRow): SessionResponse {
  return { ...row, externalId: row.externalId ?? null, date: row.date ? new Date(row.date).toISOString() : null };
}

/** A session in the export file (admin and super admin): its stored fields. */
export class SessionExportRow {
  id: string;
  title: string;
  description: string;
  speakers: string[];
  tags: string[];
  format: SessionFormat;
  date: string | null;
  day: number | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  /** The session's id in the program it was imported from; null when created here. */
  externalId: string | null;
}

export class ImportSkippedRow {
  /** 0-based index of the row in `sessions`. */
  index: number;
  title: string | null;
  reason: string;
}

export interface ImportOutcome {
  /** created + updated */
  imported: number;
  created: number;
  updated: number;
  skipped: ImportSkippedRow[];
}

/**
 * GET /api/admin/export-sessions and GET /api/superadmin/export-sessions: the attachment
 * `sessions_export_YYYY-MM-DD.json`, dated in the conference's zone.
 */
export class SessionExportFile {
  exportedAt: string;
  sessions: SessionExportRow[];
}

/** `sessions_export_YYYY-MM-DD.json`: the moment's date in `timeZone` (the conference's, as every date of the program). */
export function exportFilename(now: Date, timeZone: string): string {
  return `sessions_export_${new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)}.json`;
}
