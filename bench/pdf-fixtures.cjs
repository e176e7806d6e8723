// Synthetic documents shared by the benchmarks (bench/ingest.mjs, bench/ocr.mjs) and the backend's
// tests (backend/test/fixtures/pdf-fixtures.ts): report prose and pdfkit rendering. CommonJS, so that
// both the plain-Node benchmarks and Jest's CommonJS test modules load it; its types are in
// pdf-fixtures.d.cts.
'use strict';

const PDFDocument = require('pdfkit');

/** The subjects the report prose cycles through. */
const TOPICS = [
  'equipment finance volumes',
  'lender credit appetite',
  'residual value risk',
  'vendor program growth',
  'broker channel economics',
  'delinquency trends',
  'portfolio yield',
  'technology in underwriting',
  'capital markets funding',
  'small-ticket leasing',
  'construction equipment demand',
  'rate environment',
];

/**
 * About `chars` characters of report prose for page `n`, deterministic: `opening`, then sentences
 * that link two topics, cut at `chars`.
 */
function reportProse(n, chars, opening) {
  const sentences = [opening];
  let i = n * 7;
  while (sentences.join(' ').length < chars) {
    const topic = TOPICS[i % TOPICS.length];
    const other = TOPICS[(i * 5 + 3) % TOPICS.length];
    sentences.push(
      `Respondents linked ${topic} with ${other}, and ${(i * 13) % 97} percent expected the effect to persist into the next fiscal year.`,
    );
    i++;
  }
  return sentences.join(' ').slice(0, chars);
}

/** Renders a pdfkit document (no first page: `draw` adds them) to a Buffer. */
function renderPdf(options, draw) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true, ...options });
    const parts = [];
    doc.on('data', (b) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

module.exports = { TOPICS, reportProse, renderPdf };
