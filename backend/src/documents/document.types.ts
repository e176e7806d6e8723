export type DocumentKind = 'transcript' | 'pdf';
export type DocumentStatus = 'uploaded' | 'chunked' | 'embedded' | 'error';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['transcript', 'pdf'];

/** A `documents` row as the repository returns it (camelCase), with its session's title. */
export interface DocumentRow {
  id: string;
  kind: DocumentKind;
  sessionId: string;
  sessionTitle: string | null;
  originalFilename: string;
  /** File name inside the uploads directory (generated, never the user's name). */
  storagePath: string;
  mimeType: string;
  bytes: string | number;
  sha256: string | null;
  status: DocumentStatus;
  error: string | null;
  uploaderName: string | null;
  progressPercent: number;
  progressStage: string | null;
  estimatedTimeRemaining: number | null;
  totalChunks: number;
  processedChunks: number;
  embeddingModel: string | null;
  version: number;
  attempts: number;
  ocrPages: number[] | null;
  createdAt: Date;
  updatedAt: Date;
}
