import { createElement } from 'react';
import { DocumentList } from './DocumentList';

/** Documents by kind: two resources over GET /api/admin/documents?kind= (PRODUCT.md §2 Transcripts and PDFs tabs). */
export const transcripts = {
  list: () => createElement(DocumentList, { kind: 'transcript', resource: 'transcripts', heading: 'Transcripts' }),
};
export const pdfs = {
  list: () => createElement(DocumentList, { kind: 'pdf', resource: 'pdfs', heading: 'PDFs' }),
};
export { DocumentList } from './DocumentList';
export { RecordingUploadForm, UploadForm } from './UploadForm';
