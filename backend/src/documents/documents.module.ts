import { Global, Module } from '@nestjs/common';
import { SESSION_DOCUMENTS } from '../sessions/session-documents.port';
import { DocumentViewController } from './document-view.controller';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { UploadInterceptor } from './upload/upload.interceptor';

/**
 * Uploads, the document list, re-process, delete, export and download. Ingestion is reached only
 * through the INGEST_QUEUE port (provided globally by IngestionModule): this module never imports it.
 * Global for the SESSION_DOCUMENTS port it provides: deleting a session deletes its documents through
 * it, and sessions/ never imports this module.
 */
@Global()
@Module({
  controllers: [DocumentsController, DocumentViewController],
  providers: [DocumentsRepository, DocumentsService, UploadInterceptor, { provide: SESSION_DOCUMENTS, useExisting: DocumentsService }],
  exports: [DocumentsService, SESSION_DOCUMENTS],
})
export class DocumentsModule {}
