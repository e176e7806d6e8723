// The PDF parsing thread (started by pdf-pages.ts, one document at a time): pdf-parse 2.4 (`new PDFParse({ data })`,
// `getText({ first, last })` page range by page range on the one loaded document, always `destroy()`), posting pages
// as it goes and waiting for acknowledgements so it never runs more than the window of batches ahead. With OCR on, a
// page whose text layer is (nearly) empty and that draws something OCR could read (mayHoldText) is rendered to a PNG
// (pdf.js on @napi-rs/canvas, `getScreenshot`) and the image posted at once, before its batch. The messages it posts
// are `WorkerMessage` in pdf-pages.ts. A CommonJS file of its own (as embedded-postgres.worker.cjs) so that it is
// linted and runs the same from the sources (tests) and from dist/.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { PDFParse } = require(workerData.pdfParse);
PDFParse.setWorker(); // makes pdf.js's constants (globalThis.pdfjs) available
const { OPS, AnnotationMode } = globalThis.pdfjs;
const IMAGE_OPS = new Set(
  [
    'paintImageXObject',
    'paintInlineImageXObject',
    'paintImageMaskXObject',
    'paintJpegXObject',
    'paintImageXObjectRepeat',
    'paintImageMaskXObjectRepeat',
    'paintSolidColorImageMask',
    'paintInlineImageXObjectGroup',
    'paintImageMaskXObjectGroup',
  ]
    .map((k) => OPS[k])
    .filter((v) => v !== undefined),
);
const TEXT_OPS = new Set(
  ['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText'].map((k) => OPS[k]).filter((v) => v !== undefined),
);
/** Whether a path (pdf.js path data: 0 moveTo x y, 1 lineTo x y, 2 curveTo 6 numbers, 3 closePath) has a curve; unknown data counts as one. */
function hasCurve(data) {
  if (!data || typeof data.length !== 'number') return true;
  for (let i = 0; i < data.length;) {
    const op = data[i];
    if (op === 0 || op === 1) i += 3;
    else if (op === 3) i += 1;
    else return true;
  }
  return false;
}
/**
 * Whether OCR could read anything on a page beyond its text layer (layerChars non-blank characters):
 * it paints an image, draws more glyphs than its text layer holds, or paints a path with curves (text
 * turned into outlines). A page of straight lines and rectangles (rules, borders, a blank sheet) has nothing.
 */
async function mayHoldText(parser, num, layerChars) {
  const page = await parser.doc.getPage(num);
  // The rendering's own settings: pdf.js reuses this operator list when the page is rendered.
  const ops = await page.getOperatorList({ annotationMode: AnnotationMode.ENABLE });
  let glyphs = 0;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (IMAGE_OPS.has(fn)) return true;
    if (TEXT_OPS.has(fn)) {
      for (const g of ops.argsArray[i][0] || []) if (g && typeof g === 'object' && !g.isSpace) glyphs++;
      if (glyphs > layerChars) return true;
    } else if (fn === OPS.constructPath) {
      const [paint, path] = ops.argsArray[i];
      if (paint !== OPS.endPath && hasCurve(path && path[0])) return true;
    }
  }
  return false;
}
let job = null;
parentPort.on('message', (m) => {
  if (m.type === 'parse') {
    job = { id: m.jobId, credits: m.window, wake: null };
    void parse(m, job);
  } else if (m.type === 'ack' && job && job.id === m.jobId) {
    job.credits++;
    if (job.wake) {
      const w = job.wake;
      job.wake = null;
      w();
    }
  }
});
/** Milliseconds since `t`, added to the run's `phase`. */
function timed(run, phase, t) {
  run.timing[phase] += performance.now() - t;
}

const blankless = (text) => text.replace(/\s+/g, '').length;

/** The run's low-text pages among `pages` (they go to OCR). */
function checkOcr(run, pages) {
  const t = performance.now();
  const out = pages.filter((p) => Boolean(run.m.ocr) && blankless(p.text) < run.m.ocr.minChars);
  timed(run, 'ocrCheckMs', t);
  return out;
}

/** A low-text page rendered and its image posted at once, so OCR reads it while this thread reads on. */
async function render(run, p) {
  if (p.rendered || p.ocrSkipped) return;
  p.rendered = true;
  const { m, parser } = run;
  try {
    let t = performance.now();
    const worth = await mayHoldText(parser, p.num, blankless(p.text)).catch(() => true);
    timed(run, 'ocrCheckMs', t);
    if (!worth) {
      p.nothingToRead = true;
      return;
    }
    if (run.ocrUsed >= m.ocr.maxPages) {
      p.ocrSkipped = true;
      return;
    }
    run.ocrUsed++;
    t = performance.now();
    const shot = await parser.getScreenshot({ partial: [p.num], desiredWidth: m.ocr.renderWidth, imageBuffer: true, imageDataUrl: false });
    const image = shot.pages[0] && shot.pages[0].data;
    timed(run, 'renderMs', t);
    if (image && image.length) {
      p.imagePosted = true;
      parentPort.postMessage({ jobId: m.jobId, type: 'image', num: p.num, image }, [image.buffer]);
    } else p.renderFailed = true;
  } catch {
    p.renderFailed = true; // a page that cannot be drawn stays without text; the others are still read
  }
}

/** The pages first..last: read from the file, or from the text already read once a page went to OCR. */
async function readBatch(run, first, last) {
  if (run.known) {
    const pages = [];
    for (let n = first; n <= Math.min(last, run.total); n++) pages.push({ num: n, text: run.known.get(n) || '' });
    return pages;
  }
  let t = performance.now();
  const result = await run.parser.getText({ first, last, pageJoiner: '' });
  timed(run, 'textMs', t);
  run.total = result.total;
  const pages = result.pages.map((p) => ({ num: p.num, text: p.text }));
  // This batch's low-text pages go to OCR before the rest of the text is read.
  for (const p of checkOcr(run, pages)) await render(run, p);
  if (pages.some((p) => p.imagePosted)) {
    // The first page sent to OCR: the rest of the text is read at once, so the number of pages to OCR is known.
    run.known = new Map();
    if (last < run.total) {
      t = performance.now();
      const rest = await run.parser.getText({ first: last + 1, last: run.total, pageJoiner: '' });
      timed(run, 'textMs', t);
      for (const p of rest.pages) run.known.set(p.num, p);
    }
    const scanned = run.ocrUsed + checkOcr(run, [...run.known.values()]).length;
    for (const [n, p] of run.known) run.known.set(n, p.text);
    run.ocrTotal = Math.min(scanned, run.m.ocr.maxPages);
  }
  return pages;
}

/** Waits until the consumer has room for one more batch (at most the window ahead). */
async function waitForCredit(run, current) {
  const t = performance.now();
  if (current.credits <= 0) await new Promise((resolve) => (current.wake = resolve));
  timed(run, 'waitMs', t);
  current.credits--;
}

async function parse(m, current) {
  // Milliseconds of the thread's phases: loading the file, reading text, the low-text check, rendering for OCR, waiting for the consumer.
  const run = { m, parser: null, total: Infinity, known: null, ocrTotal: 0, ocrUsed: 0 };
  run.timing = { loadMs: 0, textMs: 0, ocrCheckMs: 0, renderMs: 0, waitMs: 0 };
  try {
    const t = performance.now();
    run.parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(m.file)) });
    timed(run, 'loadMs', t);
    for (let first = 1; first <= run.total; first += m.perBatch) {
      const pages = await readBatch(run, first, first + m.perBatch - 1);
      for (const p of checkOcr(run, pages)) await render(run, p);
      for (const p of pages) delete p.rendered;
      await waitForCredit(run, current);
      parentPort.postMessage({ jobId: m.jobId, type: 'pages', total: run.total, ocrTotal: run.ocrTotal, pages });
      if (run.total === 0) break;
    }
    parentPort.postMessage({ jobId: m.jobId, type: 'done', timing: run.timing });
  } catch (err) {
    parentPort.postMessage({
      jobId: m.jobId,
      type: 'error',
      name: (err && err.name) || 'Error',
      message: String((err && err.message) || err),
    });
  } finally {
    if (run.parser) await run.parser.destroy().catch(() => {});
    if (job === current) job = null;
  }
}
