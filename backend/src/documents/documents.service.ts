import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { AuthUser } from '../auth/roles';
import { AppConfig } from '../config/app-config';
import type { EntityManager } from 'typeorm';
import type { SessionDocuments } from '../sessions/session-documents.port';
import { FILE_STORE, FileStore, FileStoreUnavailableError, isSafeKey } from '../storage/file-store.port';
import { DOCUMENT_KINDS, DocumentKind } from './document.types';
import { DocumentResponse, ExportList, toDocumentResponse } from './dto/document.response';
import {
  DOCUMENT_FILE_MISSING,
  DOCUMENT_NOT_FOUND,
  FILE_STORE_UNAVAILABLE,
  MEDIA_TOOLS_UNAVAILABLE,
  UPLOAD_MESSAGES,
} from './dto/documents.messages';
import { DocumentsRepository } from './documents.repository';
import { INGEST_QUEUE, IngestQueue } from './ingest-queue.port';
import { MediaToolError } from '../media/ffmpeg';
import { detectType, kindOf } from './upload/file-type';
import { detectRecording } from './upload/recording-type';
import { incomingDir, IncomingFile, receiveStream } from './upload/incoming-storage';
import { privateDir } from '../storage/private-files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Stored files (and spooled incoming files) that no document names are removed once this old. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

export interface UploadFields {
  sessionId?: string;
  kind?: string;
}

export interface AddFromPathInput {
  sessionId: string;
  kind: DocumentKind;
  filePath: string;
  originalFilename: string;
  uploaderName: string;
}

export interface DownloadableFile {
  stream: Readable;
  filename: string;
  mimeType: string;
  bytes: number;
}

/**
 * Documents: accepts uploads (checked by content, stored under a generated name, then queued for
 * ingestion through the INGEST_QUEUE port), lists them with their progress, re-processes, deletes
 * and serves the original files.
 */
@Injectable()
export class DocumentsService implements OnApplicationBootstrap, SessionDocuments {
  private readonly logger = new Logger(DocumentsService.name);

  constructor(
    private readonly repository: DocumentsRepository,
    private readonly config: AppConfig,
    @Inject(INGEST_QUEUE) private readonly queue: IngestQueue,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await privateDir(incomingDir(this.config.uploadsDir));
    void this.removeOrphanFiles().catch((err: Error) => this.logger.warn(`orphan file sweep failed: ${err.message}`));
  }

  /** POST /api/admin/upload: the file received by UploadInterceptor plus the form fields. */
  async upload(file: IncomingFile | undefined, fields: UploadFields, user: AuthUser): Promise<DocumentResponse> {
    const sessionId = fields.sessionId?.trim();
    if (!file || (file.facts.bytes === 0 && !file.originalName) || !sessionId) {
      throw new BadRequestException(UPLOAD_MESSAGES.missing);
    }
    const uploaderName = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
    return this.accept(file, { sessionId, kind: fields.kind, uploaderId: user.id, uploaderName });
  }

  /**
   * Adds a document from a file on disk (the demo seeder): the file is copied into the file store
   * and goes through the same checks, row and queue as an upload.
   */
  async addFromPath(input: AddFromPathInput): Promise<DocumentResponse> {
    const stat = await fs.promises.stat(input.filePath);
    if (stat.size > this.config.maxUploadBytes) throw new BadRequestException(UPLOAD_MESSAGES.tooLarge);
    const incoming = await receiveStream(fs.createReadStream(input.filePath), incomingDir(this.config.uploadsDir), input.originalFilename);
    try {
      return await this.accept(incoming, {
        sessionId: input.sessionId,
        kind: input.kind,
        uploaderId: null,
        uploaderName: input.uploaderName,
      });
    } finally {
      await fs.promises.rm(incoming.path, { force: true });
    }
  }

  async list(kind?: DocumentKind): Promise<DocumentResponse[]> {
    return (await this.repository.list(kind)).map(toDocumentResponse);
  }

  /** POST /api/admin/ingest/:id: a new run replaces the document's chunks when it completes. */
  async reprocess(id: string): Promise<DocumentResponse> {
    const row = UUID.test(id) ? await this.repository.startNewRun(id) : null;
    if (!row) throw new NotFoundException(DOCUMENT_NOT_FOUND);
    await this.enqueue(row.id, row.attempts);
    return toDocumentResponse(row);
  }

  /** DELETE /api/admin/documents/:id: the row, its chunks (cascade) and its stored file. */
  async remove(id: string): Promise<void> {
    const storagePath = UUID.test(id) ? await this.repository.delete(id) : null;
    if (storagePath === null) throw new NotFoundException(DOCUMENT_NOT_FOUND);
    // The row is gone: a file the store fails to delete now is an orphan the sweep removes later.
    await this.store.remove(path.basename(storagePath)).catch((err: Error) => this.logger.warn(err.message));
  }

  /** SESSION_DOCUMENTS: a deleted session's documents, in its transaction; their files once it has committed. */
  async deleteOfSession(sessionId: string, m: EntityManager): Promise<() => Promise<void>> {
    const storagePaths = await this.repository.deleteOfSession(sessionId, m);
    return () => this.removeStoredFiles(storagePaths);
  }

  /**
   * The stored files of deleted documents (keys that are not plain generated names are never touched).
   * A file the store fails to delete is an orphan the sweep removes later.
   */
  private async removeStoredFiles(storagePaths: string[]): Promise<void> {
    await Promise.all(
      storagePaths.map(async (p) => {
        if (!isSafeKey(p)) {
          this.logger.warn(`not deleting ${p}: not a storage key`);
          return;
        }
        try {
          await this.store.remove(p);
        } catch (err) {
          this.logger.warn(`could not delete ${p}: ${(err as Error).message}`);
        }
      }),
    );
  }

  async exportList(): Promise<ExportList> {
    return this.repository.exportList();
  }

  /** The original file of a document, as a stream (never read whole into memory). */
  async openDownload(id: string): Promise<DownloadableFile> {
    const row = UUID.test(id) ? await this.repository.findById(id) : null;
    if (!row) throw new NotFoundException(DOCUMENT_NOT_FOUND);
    let stored;
    try {
      stored = await this.store.open(path.basename(row.storagePath));
    } catch (err) {
      this.logger.error((err as Error).message);
      throw new ServiceUnavailableException(FILE_STORE_UNAVAILABLE);
    }
    if (!stored) throw new NotFoundException(DOCUMENT_FILE_MISSING);
    return {
      stream: stored.stream,
      filename: row.originalFilename,
      mimeType: row.mimeType,
      bytes: stored.bytes,
    };
  }

  /**
   * POST /api/admin/recordings: audio, video or captions become the session's transcript (kind
   * `transcript`, with times). Recordings are checked with ffprobe (audio track, length) before anything is stored.
   */
  async uploadRecording(file: IncomingFile | undefined, fields: UploadFields, user: AuthUser): Promise<DocumentResponse> {
    const sessionId = fields.sessionId?.trim();
    if (!file || (file.facts.bytes === 0 && !file.originalName) || !sessionId) {
      throw new BadRequestException(UPLOAD_MESSAGES.missing);
    }
    await this.assertSession(sessionId);
    let type;
    try {
      type = await detectRecording(file.path, file.facts, file.originalName, this.config);
    } catch (err) {
      if (!(err instanceof MediaToolError)) throw err;
      this.logger.error(err.message);
      throw new ServiceUnavailableException(MEDIA_TOOLS_UNAVAILABLE);
    }
    if ('rejection' in type) throw new BadRequestException(type.rejection);
    const uploaderName = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
    return this.save(file, { sessionId, uploaderId: user.id, uploaderName }, 'transcript', type);
  }

  private async assertSession(sessionId: string): Promise<void> {
    if (!UUID.test(sessionId) || !(await this.repository.sessionExists(sessionId))) {
      throw new NotFoundException(UPLOAD_MESSAGES.sessionNotFound);
    }
  }

  private async accept(
    file: IncomingFile,
    target: { sessionId: string; kind?: string; uploaderId: string | null; uploaderName: string },
  ): Promise<DocumentResponse> {
    const kindField = target.kind?.trim().toLowerCase();
    let kind: DocumentKind;
    if (!kindField) kind = kindOf(file.facts);
    else if ((DOCUMENT_KINDS as readonly string[]).includes(kindField)) kind = kindField as DocumentKind;
    else throw new BadRequestException(UPLOAD_MESSAGES.badKind);

    await this.assertSession(target.sessionId);
    const type = await detectType(kind, file.path, file.facts, file.originalName);
    if ('rejection' in type) throw new BadRequestException(type.rejection);
    return this.save(file, target, kind, type);
  }

  /** Stores the checked file under a generated name, inserts its row and queues its ingestion. */
  private async save(
    file: IncomingFile,
    target: { sessionId: string; uploaderId: string | null; uploaderName: string },
    kind: DocumentKind,
    type: { mimeType: string; extension: string },
  ): Promise<DocumentResponse> {
    const id = randomUUID();
    const storagePath = `${id}${type.extension}`;
    try {
      await this.store.put(storagePath, file.path, type.mimeType);
    } catch (err) {
      if (!(err instanceof FileStoreUnavailableError)) throw err;
      this.logger.error(err.message);
      throw new ServiceUnavailableException(FILE_STORE_UNAVAILABLE);
    }
    let created;
    try {
      created = await this.repository.insert({
        id,
        sessionId: target.sessionId,
        kind,
        originalFilename: cleanFilename(file.originalName, type.extension),
        storagePath,
        mimeType: type.mimeType,
        bytes: file.facts.bytes,
        sha256: file.facts.sha256,
        uploaderId: target.uploaderId,
        uploaderName: target.uploaderName,
      });
    } catch (err) {
      // No row: the stored file goes too (a failed upload leaves neither).
      await this.store.remove(storagePath).catch((e: Error) => this.logger.warn(e.message));
      throw err;
    }
    await this.enqueue(created.id, created.attempts);
    return toDocumentResponse(created);
  }

  /** Queues ingestion. If the queue is unreachable the row stays `uploaded` and is picked up later. */
  private async enqueue(documentId: string, run: number): Promise<void> {
    try {
      await this.queue.enqueue({ documentId, run });
    } catch (err) {
      this.logger.error(
        `could not queue document ${documentId} (it stays 'uploaded' and is queued again by the recovery sweep): ${(err as Error).message}`,
      );
    }
  }

  /**
   * Removes stored files that no document refers to (deleted sessions, crashes) and spooled incoming
   * files left by a crash, once they are an hour old (so uploads in flight in any process are safe).
   */
  private async removeOrphanFiles(): Promise<void> {
    const known = await this.repository.storagePaths();
    const now = Date.now();
    for await (const { key, modifiedAt } of this.store.list()) {
      if (known.has(key) || now - modifiedAt <= ORPHAN_AGE_MS) continue;
      await this.store.remove(key);
      this.logger.log(`removed orphan upload ${key}`);
    }
    const dir = incomingDir(this.config.uploadsDir);
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(dir, entry.name);
      const { mtimeMs } = await fs.promises.stat(file);
      if (now - mtimeMs > ORPHAN_AGE_MS) {
        await fs.promises.rm(file, { force: true });
        this.logger.log(`removed orphan incoming file ${entry.name}`);
      }
    }
  }

  /** `sessionId/originalFilename` of the documents these sessions hold (the demo seeding skips those already there). */
  filenamesIn(sessionIds: string[]): Promise<Set<string>> {
    return this.repository.filenamesIn(sessionIds);
  }
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The user's file name without any directory part or control characters (display only). */
function cleanFilename(name: string, extension: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(CONTROL_CHARACTERS, '').trim();
  return (base || `document${extension}`).slice(0, 255);
}
