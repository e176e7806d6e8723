/// <reference types="pdfkit" />

export declare const TOPICS: readonly string[];
export declare function reportProse(n: number, chars: number, opening: string): string;
export declare function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer>;
