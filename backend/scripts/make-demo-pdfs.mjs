#!/usr/bin/env node
// Generates the demo conference PDFs (backend/demo/documents/<slug>.pdf) from the
// authored sources in backend/demo/pdf-src/<slug>.json = {title, subtitle?, pages: [{heading, paragraphs?, bullets?}]}.
// One source page becomes exactly one PDF page; a page whose text would not fit fails the run
// instead of silently flowing onto a second page. Output is deterministic (fixed dates), so
// re-running without source changes leaves the committed files unchanged.
import { createWriteStream, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const backendDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(backendDir, 'demo', 'pdf-src');
const outDir = join(backendDir, 'demo', 'documents');

const PAGE = { width: 792, height: 612 }; // US Letter, landscape (slide format)
const MARGIN = 54;
const FOOTER_SPACE = 40;
const FIXED_DATE = new Date('2025-09-01T12:00:00Z');

function renderPdf(source, outFile) {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: source.title,
      Author: source.author ?? 'Equipment Finance Conference 2025',
      Subject: 'Equipment Finance Conference, Denver, CO, September 8-10, 2025',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  const done = new Promise((resolve, reject) => {
    const stream = createWriteStream(outFile);
    stream.on('finish', resolve);
    stream.on('error', reject);
    doc.pipe(stream);
  });
  const width = PAGE.width - 2 * MARGIN;
  const bottomLimit = PAGE.height - MARGIN - FOOTER_SPACE;
  const total = source.pages.length;

  source.pages.forEach((page, index) => {
    doc.addPage();
    doc.font('Helvetica').fontSize(9).fillColor('#666666');
    doc.text(source.title, MARGIN, MARGIN - 24, { width, lineBreak: false });
    doc
      .fillColor('#1f3a5f')
      .font('Helvetica-Bold')
      .fontSize(index === 0 ? 24 : 20);
    doc.text(page.heading, MARGIN, MARGIN, { width });
    doc.moveDown(0.6);
    doc.fillColor('#111111').font('Helvetica').fontSize(13);
    const blocks = [
      ...(page.paragraphs ?? []).map((p) => ({ text: p, bullet: false })),
      ...(page.bullets ?? []).map((b) => ({ text: b, bullet: true })),
    ];
    for (const block of blocks) {
      const x = block.bullet ? MARGIN + 16 : MARGIN;
      const w = block.bullet ? width - 16 : width;
      const height = doc.heightOfString(block.text, { width: w, lineGap: 2 });
      if (doc.y + height > bottomLimit) {
        throw new Error(`${source.title}: page ${index + 1} ("${page.heading}") overflows; shorten its text`);
      }
      if (block.bullet) doc.text('\u2022', MARGIN + 2, doc.y, { lineBreak: false });
      doc.text(block.text, x, doc.y, { width: w, lineGap: 2 });
      doc.moveDown(0.5);
    }
    // Footer: written inside the bottom margin without triggering a page break.
    const footerY = PAGE.height - MARGIN + 14;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(9).fillColor('#666666');
    doc.text(`Page ${index + 1} of ${total}`, MARGIN, footerY, { width, align: 'right', lineBreak: false });
    doc.text('Equipment Finance Conference 2025 | Denver, CO | Sept 8-10', MARGIN, footerY, { width, lineBreak: false });
    doc.page.margins.bottom = MARGIN;
  });
  doc.end();
  return done;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const only = process.argv.slice(2);
  const files = readdirSync(srcDir)
    .filter((f) => f.endsWith('.json'))
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.json$/, '')))
    .sort();
  for (const file of files) {
    const source = JSON.parse(readFileSync(join(srcDir, file), 'utf8'));
    if (!source.title || !Array.isArray(source.pages) || source.pages.length === 0) {
      throw new Error(`${file}: needs a title and a non-empty pages array`);
    }
    const outFile = join(outDir, file.replace(/\.json$/, '.pdf'));
    await renderPdf(source, outFile);
    console.log(`wrote ${outFile} (${source.pages.length} pages)`);
  }
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
