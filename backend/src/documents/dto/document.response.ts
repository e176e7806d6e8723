import type { DocumentKind, DocumentRow, DocumentStatus } from '../document.types';

/** A document as the API returns it (docs/API.md, Documents). */
export class DocumentResponse {
  id: string;
  kind: DocumentKind;
  sessionId: string;
  sessionTitle: string | null;
  originalFilename: string;
  storagePath: string;
  mimeType: string;
  bytes: number;
  status: DocumentStatus;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  uploaderName: string | null;
  progressPercent: number;
  progressStage: string | null;
  estimatedTimeRemaining: number | null;
  totalChunks: number;
  processedChunks: number;
  embeddingModel: string | null;
  version: number;
  /** PDF pages whose text was read by OCR (they had no usable text layer), ascending; empty otherwise. */
  ocrPages: number[];
}

export function toDocumentResponse(row: DocumentRow): DocumentResponse {
  return {
    id: row.id,
    kind: row.kind,
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    originalFilename: row.originalFilename,
    storagePath: row.storagePath,
    mimeType: row.mimeType,
    bytes: Number(row.bytes),
    status: row.status,
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    uploaderName: row.uploaderName,
    progressPercent: row.progressPercent,
    progressStage: row.progressStage,
    estimatedTimeRemaining: row.estimatedTimeRemaining,
    totalChunks: row.totalChunks,
    processedChunks: row.processedChunks,
    embeddingModel: row.embeddingModel,
    version: row.version,
    ocrPages: (row.ocrPages ?? []).map(Number),
  };
}

export class ExportedDocument {
  id: string;
  filename: string;
  kind: DocumentKind;
  bytes: number;
  createdAt: string;
}

export class ExportListSession {
  sessionTitle: string;
  /** Newest first. */
  documents: ExportedDocument[];
}

/** GET /api/admin/documents/export-list: documents grouped by session id. */
export type ExportList = Record<string, ExportListSession>;
