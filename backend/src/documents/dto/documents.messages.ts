/** What the upload and document routes answer, in the spec's words (PRODUCT.md §5 and §8). */
export const UPLOAD_MESSAGES = {
  missing: 'Please select both a file and a session.',
  transcriptType: 'Please select a TXT or JSON file.',
  pdfType: 'Please select a PDF file.',
  tooLarge: 'Please select a file smaller than 50MB.',
  badKind: 'Please choose the kind of document: transcript or pdf.',
  sessionNotFound: 'Session not found.',
} as const;

export const DOCUMENT_NOT_FOUND = 'Document not found.';
export const DOCUMENT_FILE_MISSING = 'The file of this document is no longer available.';
export const FILE_STORE_UNAVAILABLE = 'The file store is unavailable. Please try again in a moment.';
