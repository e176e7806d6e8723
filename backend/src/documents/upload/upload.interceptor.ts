import fs from 'node:fs/promises';
import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { from, Observable, throwError } from 'rxjs';
import { catchError, mergeMap, switchMap } from 'rxjs/operators';
import { AppConfig } from '../../config/app-config';
import { RECORDING_MESSAGES, UPLOAD_MESSAGES } from '../dto/documents.messages';
import { incomingDir, IncomingFile, IncomingStorage } from './incoming-storage';

/** The request after `UploadInterceptor`: the received file (if any) and the text fields. */
export interface UploadRequest extends Request {
  file?: Express.Multer.File & { incoming?: IncomingFile };
}

/**
 * Receives the multipart upload (`file` plus text fields) by streaming the file to a temporary
 * file with a generated name; the size limit is enforced while the bytes arrive (the partial file
 * is deleted and the rest of the body drained). Whatever the handler does, the temporary file is
 * gone afterwards: accepted files have been moved into the uploads directory by then.
 */
class FileUploadInterceptor implements NestInterceptor {
  private readonly receive: ReturnType<multer.Multer['single']>;

  constructor(
    config: AppConfig,
    maxBytes: number,
    private readonly tooLarge: string,
  ) {
    this.receive = multer({
      storage: new IncomingStorage(incomingDir(config.uploadsDir)),
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      defParamCharset: 'utf8',
    } as multer.Options).single('file');
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<UploadRequest>();
    const res = http.getResponse<Response>();
    const received = new Promise<void>((resolve, reject) => {
      this.receive(req, res, (err: unknown) => (err ? reject(toUploadError(err, this.tooLarge)) : resolve()));
    });
    // The temporary file is removed before the answer leaves (accepted files were moved already).
    const cleanup = async () => {
      if (req.file?.path) await fs.rm(req.file.path, { force: true });
    };
    return from(received).pipe(
      switchMap(() => next.handle()),
      mergeMap(async (value) => {
        await cleanup();
        return value;
      }),
      catchError((err: unknown) => from(cleanup()).pipe(mergeMap(() => throwError(() => err)))),
    );
  }
}

/** The spec's upload (`POST /api/admin/upload`): 50 MB. */
@Injectable()
export class UploadInterceptor extends FileUploadInterceptor {
  constructor(config: AppConfig) {
    super(config, config.maxUploadBytes, UPLOAD_MESSAGES.tooLarge);
  }
}

/** The Recordings upload (`POST /api/admin/recordings`): RECORDING_MAX_MB, streamed to disk like any upload. */
@Injectable()
export class RecordingUploadInterceptor extends FileUploadInterceptor {
  constructor(config: AppConfig) {
    super(config, config.recordingMaxBytes, RECORDING_MESSAGES.tooLarge(config.recordingMaxBytes / (1024 * 1024)));
  }
}

function toUploadError(err: unknown, tooLarge: string): Error {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new BadRequestException(tooLarge);
    if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
      return new BadRequestException('Please upload one file, in the field named "file".');
    }
    return new BadRequestException(`The upload could not be read: ${err.message}.`);
  }
  const message = (err as Error)?.message ?? String(err);
  // Busboy refuses a part header holding bytes a header cannot (a raw NUL in a file name): a 400 too.
  if (/multipart|boundary|unexpected end|part header/i.test(message)) {
    return new BadRequestException('The upload could not be read: the multipart body is malformed or incomplete.');
  }
  return err instanceof Error ? err : new Error(message);
}
