import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, StreamableFile, UseInterceptors } from '@nestjs/common';
import { AuthUser, CurrentUser, Roles } from '../auth/roles';
import { attachmentDisposition } from './content-disposition';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, getSchemaPath } from '@nestjs/swagger';
import { DocumentResponse, ExportList, ExportListSession } from './dto/document.response';
import { DocumentsService } from './documents.service';
import { ListDocumentsQuery } from './dto/list-documents.query';
import { UploadDto } from './dto/upload.dto';
import { RecordingUploadInterceptor, UploadInterceptor, UploadRequest } from './upload/upload.interceptor';

/** Admin document routes (docs/API.md, Documents). */
@Roles('admin')
@Controller('api/admin')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post('upload')
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'sessionId'],
      properties: {
        file: { type: 'string', format: 'binary' },
        sessionId: { type: 'string', format: 'uuid' },
        kind: { type: 'string', enum: ['transcript', 'pdf'], description: 'Inferred from the content when absent.' },
      },
    },
  })
  upload(@Req() req: UploadRequest, @Body() body: UploadDto, @CurrentUser() user: AuthUser): Promise<DocumentResponse> {
    return this.documents.upload(req.file?.incoming, body, user);
  }

  @Post('recordings')
  @UseInterceptors(RecordingUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: "Upload a recording (audio, video) or captions (.vtt, .srt) as the session's transcript",
    description:
      'Not in the spec (added): the Recordings tab. Captions are read as they are; recordings are transcribed by the ' +
      'OpenAI-compatible transcription endpoint (refused with 400 under AI_PROVIDER=local). Limits: RECORDING_MAX_MB, RECORDING_MAX_HOURS.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'sessionId'],
      properties: {
        file: { type: 'string', format: 'binary' },
        sessionId: { type: 'string', format: 'uuid' },
      },
    },
  })
  uploadRecording(@Req() req: UploadRequest, @Body() body: UploadDto, @CurrentUser() user: AuthUser): Promise<DocumentResponse> {
    return this.documents.uploadRecording(req.file?.incoming, body, user);
  }

  @Get('documents')
  list(@Query() query: ListDocumentsQuery): Promise<DocumentResponse[]> {
    return this.documents.list(query.kind);
  }

  @Get('documents/export-list')
  @ApiExtraModels(ExportListSession)
  @ApiOkResponse({
    description: 'Documents grouped by session id, newest first in each session.',
    schema: { type: 'object', additionalProperties: { $ref: getSchemaPath(ExportListSession) } },
  })
  exportList(): Promise<ExportList> {
    return this.documents.exportList();
  }

  @Get('documents/:id/download')
  @ApiProduces('application/pdf', 'text/plain', 'application/json')
  @ApiOkResponse({
    description: "The original bytes, streamed, as an attachment (Content-Type is the document's mimeType).",
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'text/plain': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { type: 'string', format: 'binary' } },
    },
  })
  async download(@Param('id') id: string): Promise<StreamableFile> {
    const file = await this.documents.openDownload(id);
    return new StreamableFile(file.stream, {
      type: file.mimeType,
      length: file.bytes,
      disposition: attachmentDisposition(file.filename),
    });
  }

  @Post('ingest/:id')
  @HttpCode(202)
  reprocess(@Param('id') id: string): Promise<DocumentResponse> {
    return this.documents.reprocess(id);
  }

  @Delete('documents/:id')
  @HttpCode(204)
  remove(@Param('id') id: string): Promise<void> {
    return this.documents.remove(id);
  }
}
