import { Controller, Get, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { DocumentsService } from './documents.service';

export const PDF_NOT_FOUND = 'PDF not found';

/**
 * GET /api/documents/:id/view: a session's PDF for any signed-in user, shown inline, so a citation of a
 * page can open the document at that page (the attendee app renders the cited page from it).
 * Transcripts are not served here: their citations carry the cited lines.
 */
@Controller('api')
export class DocumentViewController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('documents/:id/view')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, inline.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async view(@Param('id') id: string): Promise<StreamableFile> {
    const file = await this.documents.openDownload(id);
    if (file.mimeType !== 'application/pdf') {
      file.stream.destroy();
      throw new NotFoundException(PDF_NOT_FOUND);
    }
    return new StreamableFile(file.stream, { type: 'application/pdf', length: file.bytes, disposition: 'inline' });
  }
}
