import path from 'node:path';
import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FILE_STORE, FileStore } from './file-store.port';
import { LocalFileStore } from './local-file-store';

/** Builds the store the settings ask for: S3 when S3_BUCKET is set, else `DATA_DIR/uploads`. */
export function createFileStore(config: AppConfig): FileStore {
  if (config.s3) {
    // Loaded only when used: the embedded default does not pay for the AWS SDK at start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { S3FileStore } = require('./s3-file-store') as typeof import('./s3-file-store');
    return new S3FileStore(config.s3, path.join(config.dataDir, 'tmp'));
  }
  return new LocalFileStore(config.uploadsDir);
}

@Injectable()
class FileStoreCloser implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORE) private readonly store: FileStore) {}
  onApplicationShutdown(): void {
    (this.store as Partial<{ destroy(): void }>).destroy?.();
  }
}

/** Provides FILE_STORE everywhere (API and worker): the port documents and ingestion use for files. */
@Module({})
export class StorageModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [{ provide: FILE_STORE, useFactory: () => createFileStore(config) }, FileStoreCloser],
      exports: [FILE_STORE],
    };
  }
}
