import { Module } from '@nestjs/common';
import { DOCUMENT_RUNS } from './document-runs.port';
import { DocumentRunsRepository } from './document-runs.repository';

/**
 * The DOCUMENT_RUNS port on its own, for ingestion (the API's and the worker's): the worker moves
 * documents along their runs without the upload, list and file-sweep side of DocumentsModule.
 */
@Module({
  providers: [DocumentRunsRepository, { provide: DOCUMENT_RUNS, useExisting: DocumentRunsRepository }],
  exports: [DOCUMENT_RUNS],
})
export class DocumentRunsModule {}
