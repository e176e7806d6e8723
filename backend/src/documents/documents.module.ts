import { Module } from '@nestjs/common';
import { DocumentViewController } from './document-view.controller';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { UploadInterceptor } from './upload/upload.interceptor';

/**
 * Uploads, the document list, re-process, delete, export and download. Ingestion is reached only
 * through the INGEST_QUEUE port (provided globally by IngestionModule): this module never imports it.
 */
@Module({
  controllers: [DocumentsController, DocumentViewController],
  providers: [DocumentsRepository, DocumentsService, UploadInterceptor],
  exports: [DocumentsService],
})
export class DocumentsModule {}
