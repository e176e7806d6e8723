import type { S3Config } from '../config/app-config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { FileStore, FileStoreUnavailableError, isSafeKey, StoredFile, StoredKey } from './file-store.port';
import { PRIVATE_FILE_MODE, privateDir } from './private-files';

/** The S3 settings (`S3_*`), as read by the configuration. */
export type S3Settings = S3Config;

/** Objects of this store live under this prefix of the bucket (the bucket may hold other things). */
const PREFIX = 'uploads/';
/** Multipart part size: files up to one part go in a single PUT, larger ones in parts, 4 at a time. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * Uploaded files in S3-compatible object storage (AWS S3, MinIO, …) through @aws-sdk/client-s3.
 * Uploads stream from the spooled file with @aws-sdk/lib-storage (multipart above one part, parts
 * aborted on failure); reads stream the object's body.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly tmpDir: string = os.tmpdir(),
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: S3-compatible stores (older MinIO, s3rver) do not
      // all accept the SDK's default streamed (aws-chunked) checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get bucket(): string {
    return this.settings.bucket;
  }

  async put(key: string, localPath: string, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: fs.createReadStream(localPath),
        ContentType: contentType,
      },
      partSize: S3_PART_BYTES,
      queueSize: 4,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      throw new FileStoreUnavailableError(`could not store ${key} in bucket ${this.settings.bucket}: ${describe(err)}`);
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      if (!out.Body) return null;
      return { stream: out.Body as Readable, bytes: Number(out.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw new FileStoreUnavailableError(`could not read ${key} from bucket ${this.settings.bucket}: ${describe(err)}`);
    }
  }

  async withLocalCopy<T>(key: string, use: (localPath: string) => Promise<T>): Promise<{ value: T } | null> {
    const object = await this.open(key);
    if (!object) return null;
    await privateDir(this.tmpDir);
    const file = path.join(this.tmpDir, `${randomUUID()}-${key}`);
    try {
      await pipeline(object.stream, fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      return { value: await use(file) };
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (isMissing(err)) return;
      throw new FileStoreUnavailableError(`could not delete ${key} from bucket ${this.settings.bucket}: ${describe(err)}`);
    }
  }

  async *list(): AsyncIterable<StoredKey> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: PREFIX });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key.slice(PREFIX.length), modifiedAt: object.LastModified?.getTime() ?? Date.now() };
      }
    }
  }

  destroy(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return `${PREFIX}${key}`;
  }
}

function isMissing(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  const status = err instanceof S3ServiceException ? err.$metadata?.httpStatusCode : undefined;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

function describe(err: unknown): string {
  return (err as Error)?.message || (err as { name?: string })?.name || String(err);
}
