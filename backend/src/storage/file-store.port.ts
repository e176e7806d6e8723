import type { Readable } from 'node:stream';

/**
 * The storage port for uploaded files: the documents module stores and serves them, ingestion
 * reads them. Implemented by the local disk (`DATA_DIR/uploads`, the embedded default) and by
 * S3-compatible object storage (when S3_BUCKET is set), so workers on other machines read the same
 * files. Keys are the documents' `storage_path` values (a generated name such as `<uuid>.pdf`).
 */
export const FILE_STORE = Symbol('FILE_STORE');

export interface StoredFile {
  stream: Readable;
  bytes: number;
}

export interface StoredKey {
  key: string;
  modifiedAt: number;
}

/** The store could not be reached or refused the operation (not "the file is missing"). */
export class FileStoreUnavailableError extends Error {}

export interface FileStore {
  /** 'local' or 's3' (shown in logs). */
  readonly kind: 'local' | 's3';
  /**
   * Stores the file at `localPath` under `key`, streamed (multipart for large files on S3: never the
   * whole file in memory). The local file may be moved away: callers remove it afterwards if it is
   * still there. Throws FileStoreUnavailableError when the store fails; nothing is left behind then.
   */
  put(key: string, localPath: string, contentType: string): Promise<void>;
  /** The stored file as a stream, or null when there is no such file. */
  open(key: string): Promise<StoredFile | null>;
  /**
   * Runs `use` with a path on the local disk holding the file's bytes (S3: a temporary download,
   * removed afterwards). Resolves null without calling `use` when there is no such file.
   */
  withLocalCopy<T>(key: string, use: (localPath: string) => Promise<T>): Promise<{ value: T } | null>;
  /** Deletes the file (no error when it is already gone). */
  remove(key: string): Promise<void>;
  /** Every stored key with its last modification time (the orphan sweep). */
  list(): AsyncIterable<StoredKey>;
}

/** A key is a generated file name: no directories, nothing that could lead outside the store. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(key) && !key.includes('..');
}
