import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { FileFacts, FileSniffer } from './file-sniffer';
import { PRIVATE_FILE_MODE, privateDir } from '../../storage/private-files';

/** A file received into the incoming directory, not yet accepted as a document. */
export interface IncomingFile {
  /** Absolute path of the temporary file (a generated name). */
  path: string;
  /** The name the user's file had (kept as `originalFilename`, never used on disk). */
  originalName: string;
  facts: FileFacts;
}

/** The directory where files wait while they are checked (inside the uploads directory). */
export function incomingDir(uploadsDir: string): string {
  return path.join(uploadsDir, '.incoming');
}

/** Streams `source` into a new file with a generated name under `dir`, learning its facts. */
export async function receiveStream(source: NodeJS.ReadableStream, dir: string, originalName: string): Promise<IncomingFile> {
  await privateDir(dir);
  const target = path.join(dir, `${randomUUID()}.part`);
  const sniffer = new FileSniffer();
  try {
    await pipeline(source, sniffer, fs.createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  } catch (err) {
    await fs.promises.rm(target, { force: true });
    throw err;
  }
  return { path: target, originalName, facts: sniffer.facts() };
}

/**
 * A multer storage engine writing each file part to the incoming directory through `FileSniffer`.
 * Multer enforces the size limit while the bytes stream and removes the partial file on error.
 */
export class IncomingStorage {
  constructor(private readonly dir: string) {}

  _handleFile(
    _req: Request,
    file: Express.Multer.File,
    cb: (error?: unknown, info?: Partial<Express.Multer.File> & { incoming?: IncomingFile }) => void,
  ): void {
    receiveStream(file.stream, this.dir, file.originalname).then(
      (incoming) => cb(null, { path: incoming.path, size: incoming.facts.bytes, incoming }),
      (err: unknown) => cb(err),
    );
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    if (!file.path) return cb(null);
    fs.promises.rm(file.path, { force: true }).then(
      () => cb(null),
      (err: Error) => cb(err),
    );
  }
}
