import type { EntityManager } from 'typeorm';

/**
 * The port through which deleting a session deletes its documents. The `documents` table and the
 * stored files belong to `documents`, which provides this port (DocumentsModule); `sessions` never
 * writes the table and never imports `documents` (documents depend on sessions, not the reverse).
 */
export const SESSION_DOCUMENTS = Symbol('SESSION_DOCUMENTS');

export interface SessionDocuments {
  /**
   * Deletes the session's documents (their chunks go by cascade) in the caller's transaction `m`, and
   * returns what removes their stored files: to be called once that transaction has committed.
   */
  deleteOfSession(sessionId: string, m: EntityManager): Promise<() => Promise<void>>;
}
