import type { DocumentRecord } from '@/lib/types';
import { conferenceFixture, sessionFixture } from '@rules/testing/fixtures';

/** A document as the API returns it, with sensible defaults. */
export function documentRecord(over: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id: 'd',
    kind: 'pdf',
    sessionId: 's',
    sessionTitle: 'Lender Panel',
    originalFilename: 'd.pdf',
    storagePath: 'd.pdf',
    mimeType: 'application/pdf',
    bytes: 10,
    status: 'embedded',
    error: null,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    uploaderName: null,
    progressPercent: 100,
    progressStage: 'Ready',
    estimatedTimeRemaining: null,
    totalChunks: 1,
    processedChunks: 1,
    embeddingModel: null,
    version: 1,
    ocrPages: [],
    ...over,
  };
}

/** A session as the API returns it, with sensible defaults (the shared fixture: unscheduled, no documents). */
export const session = sessionFixture;

/** The spec's conference settings. */
export const conference = conferenceFixture;
