#!/usr/bin/env node
/**
 * OCR benchmark (`npm run bench:ocr`): the built server (backend/dist/main.js, embedded database,
 * local embeddings provider, OCR on) in a child process, driven over HTTP like the admin console.
 *
 * The file: a 20-page image-only PDF made from real documents, as a scanner would: the first 20
 * pages of the demo conference's PDFs (backend/demo/documents) rendered to 150 dpi pictures and put
 * back into a PDF with no text layer. Measured:
 *  - OCR pages per second, upload → `embedded` (every page read by OCR);
 *  - the server process's peak RSS (VmHWM, start on an existing DATA_DIR, then the ingestion), target < 1 GB;
 *  - the floor: tesseract.js alone on the same page images in this process (one worker, same model);
 *  - how much of the source text came back: word recall of the stored chunks against the demo PDFs' text layer.
 *
 * Results go to the "OCR" section of bench/RESULTS.md.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { writeResultsSection } from './results.mjs';
import { renderPdf } from './pdf-fixtures.cjs';
import { api, cpuSecondsOf, loadAverage, machine, measurePeakRss, startServer, uploadFile, waitEmbedded } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'backend', 'package.json'));
const { PDFParse } = require('pdf-parse');
const Tesseract = require('tesseract.js');

const PAGES = 20;
const MAIN = path.join(root, 'backend', 'dist', 'main.js');
const DEMO = path.join(root, 'backend', 'demo', 'documents');
const SCAN_WIDTH_PX = 1275; // 150 dpi for an 8.5 in wide page
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ---------------------------------------------------------------- fixture

/** The first PAGES pages of the demo PDFs: their text layer (the truth) and a 150 dpi picture of each. */
async function demoPages() {
  const files = (await fsp.readdir(DEMO)).filter((f) => f.endsWith('.pdf')).sort();
  const pages = [];
  for (const f of files) {
    const parser = new PDFParse({ data: new Uint8Array(await fsp.readFile(path.join(DEMO, f))) });
    try {
      const text = await parser.getText({ pageJoiner: '' });
      for (const p of text.pages) {
        if (pages.length >= PAGES) break;
        const shot = await parser.getScreenshot({ partial: [p.num], desiredWidth: SCAN_WIDTH_PX, imageBuffer: true, imageDataUrl: false });
        const s = shot.pages[0];
        pages.push({ source: `${f} p. ${p.num}`, text: p.text, png: Buffer.from(s.data), width: s.width, height: s.height });
      }
    } finally {
      await parser.destroy();
    }
    if (pages.length >= PAGES) break;
  }
  if (pages.length < PAGES) throw new Error(`the demo PDFs have only ${pages.length} pages`);
  return pages;
}

/** An image-only PDF: each page one picture, page size from the picture at 150 dpi. */
async function imagePdf(file, pages) {
  const pdf = await renderPdf({}, (doc) => {
    for (const p of pages) {
      const size = [(p.width * 72) / 150, (p.height * 72) / 150];
      doc.addPage({ size, margin: 0 });
      doc.image(p.png, 0, 0, { width: size[0], height: size[1] });
    }
  });
  await fsp.writeFile(file, pdf);
}

// ---------------------------------------------------------------- server

/** Uploads the PDF and waits for `embedded`, keeping every progress stage seen. */
async function ingest(server, sessionId, file) {
  const started = performance.now();
  const doc = await uploadFile(server, sessionId, file, 'pdf');
  return waitEmbedded(server, doc.id, 'pdf', started, 100);
}

// ---------------------------------------------------------------- measures

const words = (text) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1);

/** Share of the source's words (with repeats) found in the OCR text. */
function wordRecall(source, ocr) {
  const have = new Map();
  for (const w of words(ocr)) have.set(w, (have.get(w) ?? 0) + 1);
  let found = 0;
  const all = words(source);
  for (const w of all) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      found++;
      have.set(w, n - 1);
    }
  }
  return all.length ? found / all.length : 1;
}

/** tesseract.js alone on the page images the server OCRs (rendered here the same way, 1700 px wide). */
async function tesseractFloor(file) {
  const parser = new PDFParse({ data: new Uint8Array(await fsp.readFile(file)) });
  const images = [];
  try {
    for (let n = 1; n <= PAGES; n++) {
      const shot = await parser.getScreenshot({ partial: [n], desiredWidth: 1700, imageBuffer: true, imageDataUrl: false });
      images.push(Buffer.from(shot.pages[0].data));
    }
  } finally {
    await parser.destroy();
  }
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath,
    cacheMethod: 'none',
    errorHandler: () => undefined,
  });
  try {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const texts = [];
    for (const image of images) texts.push((await worker.recognize(image)).data.text);
    const cpu = process.cpuUsage(cpuBefore);
    return { seconds: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6, texts };
  } finally {
    await worker.terminate();
  }
}

// ---------------------------------------------------------------- runs

/** Pages of the stored text found by `GET /api/search` with their own first 12 words, on the right page. */
async function pagesFoundBySearch(server, documentId, pages) {
  let found = 0;
  for (const [i, p] of pages.entries()) {
    const q = words(p.text).slice(0, 12).join(' ');
    const res = await api(server, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
    if (res.results.some((r) => r.documentId === documentId && r.page === i + 1)) found++;
  }
  return found;
}

/**
 * The server's run: upload → `embedded` with its RSS sampled, its CPU time and the pages search
 * finds. A first start creates the installation (PGlite's initdb peaks far above a normal start);
 * the process measured is a normal start on that existing DATA_DIR.
 */
async function measureServer(dataDir, file, pages) {
  await (await startServer(dataDir)).stop();
  const server = await startServer(dataDir);
  try {
    const { id: sessionId } = await api(server, 'POST', '/api/admin/session', { title: 'Scanned handouts', format: 'panel' });
    const cpuBefore = cpuSecondsOf(server.child.pid);
    const memory = await measurePeakRss(server.child.pid, () => ingest(server, sessionId, file));
    const run = { ...memory.result, cpu: cpuSecondsOf(server.child.pid) - cpuBefore, hwm: memory.hwm };
    // The text the server stored, checked through search: each page looked up by its own first words.
    const foundPages = await pagesFoundBySearch(server, run.doc.id, pages);
    return { run, baseline: memory.baseline, peakSampled: memory.sampled, foundPages, server };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- report

/** The table of the "OCR" section. */
function ocrTable({ run, floor, peakSampled, baseline, foundPages, recall }) {
  const pagesPerSecond = PAGES / run.seconds;
  return [
    '| measure | result | target |',
    '|---|---|---|',
    `| ${PAGES}-page image-only PDF, upload → embedded (every page read by OCR) | ${run.seconds.toFixed(1)} s = **${pagesPerSecond.toFixed(2)} pages/s** | |`,
    `| floor: tesseract.js alone on the same ${PAGES} page images (1700 px, one worker, in the benchmark process) | ${floor.seconds.toFixed(1)} s = ${(PAGES / floor.seconds).toFixed(2)} pages/s | the floor |`,
    `| ratio server / floor (wall clock) | ${(run.seconds / floor.seconds).toFixed(2)} × | |`,
    `| CPU time a page (user + system, all threads): server process during the ingestion / floor | ${(run.cpu / PAGES).toFixed(2)} s / ${(floor.cpu / PAGES).toFixed(2)} s = ${(run.cpu / floor.cpu).toFixed(2)} × | less moved by the machine's load than wall clock |`,
    `| peak RSS of the server process (VmHWM: start, sign-in, upload, OCR, embedding) | **${mb(run.hwm)}** (sampled every 50 ms during the ingestion: ${mb(peakSampled)}; ${mb(baseline)} idle before the upload) | < 1 GB: ${run.hwm < 1024 ** 3 ? 'met' : 'missed'} |`,
    `| pages found by \`GET /api/search\` with their own first 12 words, on the right page | ${foundPages} of ${PAGES} | |`,
    `| word recall of tesseract on these pages (the floor run's text against the demo PDFs' text layer, words of 2+ characters) | ${(recall * 100).toFixed(1)} % | |`,
    `| document detail | ocrPages: ${JSON.stringify(run.doc.ocrPages)}, ${run.doc.totalChunks} chunks | |`,
  ];
}

/** The "OCR" section of bench/RESULTS.md. */
function ocrSection(m) {
  const { run, floor, bytes, ocrLine, loadAtStart } = m;
  const ocrStages = run.stages.filter((s) => s.stage.startsWith('Reading scanned pages'));
  const firstEta = ocrStages.find((s) => s.eta != null);
  return [
    '## OCR',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:ocr\` (builds the backend, then \`node bench/ocr.mjs\`) on: ${machine()};`,
    `load average ${loadAtStart} when it started (1, 5, 15 min; the machine is shared by several engineers, so figures move between runs).`,
    `The file: a ${PAGES}-page image-only PDF (${mb(bytes)}) made from real documents as a scanner would: the first ${PAGES} pages of`,
    "the demo conference's PDFs rendered to 150 dpi pictures, put back into a PDF with no text layer. The built server",
    '(embedded PostgreSQL, local embeddings, in-process queue, OCR on with its defaults) in a child process, started on an',
    'existing DATA_DIR, driven over HTTP: upload, then GET /api/admin/documents every 100 ms until `embedded`.',
    'Each page is rendered 1700 px wide by pdf.js (@napi-rs/canvas) on the PDF parsing thread and read by tesseract.js',
    '(English LSTM `best_int` model from @tesseract.js-data/eng, on its own worker thread), one page at a time.',
    '',
    ...ocrTable(m),
    '',
    `Server log: ${ocrLine}. Progress seen: ${ocrStages.length} 'Reading scanned pages (page n of ${PAGES})' stages; the first ETA`,
    firstEta
      ? `(${firstEta.eta} s, at page ${/page (\d+)/.exec(firstEta.stage)?.[1]}, ${firstEta.at.toFixed(1)} s after the upload).`
      : '(none seen).',
    '',
    `Reading the figures: tesseract needs about ${(floor.cpu / PAGES).toFixed(2)} s of CPU a page here, so the wall-clock speed is set by how much`,
    'of a core the shared machine leaves it; the server spends more CPU a page than the floor on rendering each page and',
    "encoding it as PNG, chunking, embedding, storing and answering the benchmark's progress polls.",
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the backend first (npm run build -w backend)`);
  const loadAtStart = loadAverage();
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-ocr-'));
  try {
    console.log('scanning the demo PDFs into a 20-page image-only PDF…');
    const pages = await demoPages();
    const file = path.join(work, 'scanned-20-pages.pdf');
    await imagePdf(file, pages);
    const bytes = fs.statSync(file).size;
    console.log(`  ${mb(bytes)}, pages from ${pages[0].source} to ${pages[pages.length - 1].source}`);

    const measured = await measureServer(path.join(work, 'data'), file, pages);
    const { run, baseline, peakSampled } = measured;
    const log = stripVTControlCharacters(measured.server.output);
    const ocrLine = /OCR read \d+ of \d+ pages without text layer[^\n]*/.exec(log)?.[0] ?? 'n/a';
    console.log(
      `server: ${run.seconds.toFixed(1)} s upload → embedded = ${(PAGES / run.seconds).toFixed(2)} pages/s; peak RSS ${mb(run.hwm)} (sampled ${mb(peakSampled)}, ${mb(baseline)} before the upload); ${ocrLine}`,
    );

    console.log('floor: tesseract.js alone on the same page images…');
    const floor = await tesseractFloor(file);
    const recall = pages.reduce((sum, p, i) => sum + wordRecall(p.text, floor.texts[i]), 0) / pages.length;
    console.log(
      `floor: ${floor.seconds.toFixed(1)} s = ${(PAGES / floor.seconds).toFixed(2)} pages/s; CPU ${floor.cpu.toFixed(1)} s; server CPU ${run.cpu.toFixed(1)} s`,
    );
    writeResultsSection('OCR', ocrSection({ ...measured, floor, bytes, ocrLine, loadAtStart, recall }));
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
