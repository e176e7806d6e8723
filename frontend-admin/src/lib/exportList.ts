import { UNKNOWN_SESSION } from '@/constants';
import type { ExportDocument, ExportList } from './types';

export interface ExportGroup {
  sessionId: string;
  sessionTitle: string;
  documents: ExportDocument[];
}

export interface ExportView {
  groups: ExportGroup[];
  transcripts: (ExportDocument & { sessionTitle: string })[];
  pdfs: (ExportDocument & { sessionTitle: string })[];
  totalDocuments: number;
  totalBytes: number;
  totalSessions: number;
}

/** PRODUCT.md §2 Export: the export list grouped and totalled; a missing session title reads 'Unknown Session'. */
export function exportView(list: ExportList | undefined): ExportView {
  const groups: ExportGroup[] = Object.entries(list ?? {})
    .map(([sessionId, g]) => ({
      sessionId,
      sessionTitle: g.sessionTitle?.trim() || UNKNOWN_SESSION,
      documents: g.documents ?? [],
    }))
    .filter((g) => g.documents.length > 0)
    .sort((a, b) => a.sessionTitle.localeCompare(b.sessionTitle));
  const all = groups.flatMap((g) => g.documents.map((d) => ({ ...d, sessionTitle: g.sessionTitle })));
  return {
    groups,
    transcripts: all.filter((d) => d.kind === 'transcript'),
    pdfs: all.filter((d) => d.kind === 'pdf'),
    totalDocuments: all.length,
    totalBytes: all.reduce((s, d) => s + (Number(d.bytes) || 0), 0),
    totalSessions: groups.length,
  };
}
