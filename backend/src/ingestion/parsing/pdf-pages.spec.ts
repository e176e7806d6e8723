import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  encryptedPdf,
  mixedPdf,
  noTextPdf,
  parserBombPdf,
  reportPage,
  scannedPdf,
  textPdf,
  truncatedPdf,
} from '../../../test/fixtures/pdf-fixtures';
import { INGEST_MESSAGES, IngestError } from './ingest-errors';
import type { PdfPage } from './parsed-document';
import { OcrProgress, OcrReport, PdfReadOptions, readPdfPages } from './pdf-pages';

describe('readPdfPages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-pages-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function write(name: string, bytes: Buffer): Promise<string> {
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    return file;
  }

  async function readAll(file: string, options: PdfReadOptions = {}, report?: OcrReport): Promise<PdfPage[]> {
    const pages: PdfPage[] = [];
    for await (const batch of readPdfPages(file, options, report)) pages.push(...batch.pages);
    return pages;
  }

  async function failureOf(file: string, options: PdfReadOptions = {}): Promise<Error> {
    try {
      await readAll(file, options);
    } catch (err) {
      return err as Error;
    }
    throw new Error('expected the PDF to be refused');
  }

  it('reads every page in order with its number, across batches', async () => {
    const file = await write('report.pdf', await textPdf(Array.from({ length: 20 }, (_, i) => reportPage(i + 1, 600))));
    const pages = await readAll(file);
    expect(pages.map((p) => p.num)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const p of pages) expect(p.text).toContain(`PAGEMARK${p.num}.`);
  });

  it('gives the pages of a PDF without text layer as empty', async () => {
    const pages = await readAll(await write('scan.pdf', await noTextPdf()));
    expect(pages).toHaveLength(2);
    expect(pages.every((p) => p.text.trim() === '')).toBe(true);
  });

  it('refuses an encrypted PDF with a reason a person understands', async () => {
    const err = await failureOf(await write('locked.pdf', await encryptedPdf()));
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(INGEST_MESSAGES.pdfEncrypted);
  });

  it('refuses a truncated PDF as damaged', async () => {
    const err = await failureOf(await write('cut.pdf', await truncatedPdf()));
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(INGEST_MESSAGES.pdfBroken);
  });

  it('refuses a file that is not a PDF at all', async () => {
    const err = await failureOf(await write('fake.pdf', Buffer.from('%PDF-1.7\nthis is not really a pdf')));
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(INGEST_MESSAGES.pdfBroken);
  });

  it('stops the parsing thread when aborted', async () => {
    const file = await write('long.pdf', await textPdf(Array.from({ length: 40 }, (_, i) => reportPage(i + 1, 800))));
    const controller = new AbortController();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of readPdfPages(file, { signal: controller.signal })) {
          seen.push(...batch.pages.map((p) => p.num));
          controller.abort();
        }
      })(),
    ).rejects.toThrow('shutting down');
    expect(seen.length).toBeLessThan(40);
  });

  describe('OCR of pages without text layer', () => {
    const OCR = { maxPages: 200, pageTimeoutSeconds: 60 };

    it('reads the rendered pages, keeps text layers, leaves a blank scan empty and reports progress', async () => {
      const scan = await scannedPdf([
        ['Fleet renewal survey, spring edition'],
        ['A tangerine zeppelin leased nine forklifts in Reno.'],
        [],
      ]);
      const file = await write('scan-ocr.pdf', scan);
      const progress: OcrProgress[] = [];
      const report: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
      const pages = await readAll(file, { ocr: { ...OCR, onProgress: async (p) => void progress.push(p) } }, report);
      expect(pages.map((p) => p.num)).toEqual([1, 2, 3]);
      expect(pages[0]).toMatchObject({ ocr: true, text: expect.stringContaining('Fleet renewal survey') });
      expect(pages[1]).toMatchObject({ ocr: true, text: expect.stringContaining('tangerine zeppelin leased nine forklifts in Reno') });
      expect(pages[2]).toEqual({ num: 3, text: '' });
      expect(report).toEqual({ pages: [1, 2], attempted: 3, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] });
      expect(progress.map((p) => [p.page, p.of])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      // OCR runs ahead of the pages read: the first page may already be timed when its progress is told.
      for (const p of progress) expect(p.etaSeconds === null || (Number.isInteger(p.etaSeconds) && p.etaSeconds >= 0)).toBe(true);
      expect(progress[2].etaSeconds).toEqual(expect.any(Number)); // two pages were timed by then
    });

    it('reads a scanned page among text pages onto its own page, and gives OCR no page that draws only lines', async () => {
      const text = (n: number) => ({ text: reportPage(n, 600) });
      const file = await write(
        'mixed.pdf',
        await mixedPdf([
          ...Array.from({ length: 9 }, (_, i) => text(i + 1)),
          { rules: '55' },
          { scan: ['Appendix of the fleet renewal survey', 'A tangerine zeppelin leased nine forklifts in Reno.'] },
          ...Array.from({ length: 9 }, (_, i) => text(i + 12)),
          { circle: true },
          text(22),
        ]),
      );
      const progress: OcrProgress[] = [];
      const report: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
      const pages = await readAll(file, { ocr: { ...OCR, onProgress: async (p) => void progress.push(p) } }, report);
      expect(pages.map((p) => p.num)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
      for (const n of [1, 9, 12, 20, 22]) expect(pages[n - 1].text).toContain(`PAGEMARK${n}.`);
      expect(pages[9]).toEqual({ num: 10, text: '55' });
      expect(pages[10]).toMatchObject({ num: 11, ocr: true, text: expect.stringContaining('tangerine zeppelin leased nine forklifts') });
      expect(pages[20]).toEqual({ num: 21, text: '' });
      // The ruled page is not OCR's work; the circle (curves, like text turned into outlines) is.
      expect(report).toEqual({ pages: [11], attempted: 2, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [10] });
      expect(progress.map((p) => [p.page, p.of])).toEqual([
        [1, 2],
        [2, 2],
      ]);
    });

    it('gives OCR none of the pages of a PDF of filled rectangles, and says so', async () => {
      const report: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
      const pages = await readAll(await write('rectangles.pdf', await noTextPdf()), { ocr: OCR }, report);
      expect(pages).toEqual([
        { num: 1, text: '' },
        { num: 2, text: '' },
      ]);
      expect(report).toEqual({ pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [1, 2] });
    });

    it('reads no more pages than the cap and leaves text pages alone', async () => {
      const file = await write('scan-cap.pdf', await scannedPdf([['Page one of the handout'], ['Page two of the handout']]));
      const report: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
      const pages = await readAll(file, { ocr: { ...OCR, maxPages: 1 } }, report);
      expect(pages.map((p) => Boolean(p.ocr))).toEqual([true, false]);
      expect(report).toMatchObject({ pages: [1], attempted: 1, skipped: 1 });

      const text = await write('text-ocr-on.pdf', await textPdf([reportPage(1, 600)]));
      const textReport: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
      const textPages = await readAll(text, { ocr: OCR }, textReport);
      expect(textPages[0].ocr).toBeUndefined();
      expect(textPages[0].text).toContain('PAGEMARK1.');
      expect(textReport.attempted).toBe(0);
    });
  });

  describe('per-document limits of the parsing thread', () => {
    it('stops a document that takes longer than its time limit, and the next one is read', async () => {
      const bomb = await write('slow.pdf', parserBombPdf());
      const started = Date.now();
      const err = await failureOf(bomb, { limits: { timeoutSeconds: 1, maxMemoryMb: 512 } });
      expect(err).toBeInstanceOf(IngestError);
      expect(err.message).toBe(INGEST_MESSAGES.pdfParseTimeout(1));
      expect(Date.now() - started).toBeLessThan(10_000);
      const next = await write('after-slow.pdf', await textPdf([reportPage(1, 400)]));
      expect((await readAll(next, { limits: { timeoutSeconds: 1, maxMemoryMb: 512 } }))[0].text).toContain('PAGEMARK1.');
    });

    it('counts only the time the thread works, not the time spent on OCR and embedding while it waits', async () => {
      // 10 scanned pages, 3 of them read by OCR (the cap), each held up 4 s by the consumer: 12 s of waiting
      // on the consumer side, far over the 8 s the thread may work; its own work (load, text, 3 renders) is well
      // under, even on a loaded machine.
      const lines = ['Slow reader page'];
      const file = await write('slow-consumer.pdf', await scannedPdf(Array.from({ length: 10 }, () => lines)));
      const report: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
      const slow = async () => new Promise<void>((r) => setTimeout(r, 4000));
      const pages = await readAll(
        file,
        { limits: { timeoutSeconds: 8, maxMemoryMb: 512 }, ocr: { maxPages: 3, pageTimeoutSeconds: 60, onProgress: slow } },
        report,
      );
      expect(pages).toHaveLength(10);
      expect(report).toMatchObject({ pages: [1, 2, 3], attempted: 3, skipped: 7 });
    });

    it('stops a document that needs more memory than its limit, and the next one is read', async () => {
      const bomb = await write('big.pdf', parserBombPdf());
      const err = await failureOf(bomb, { limits: { timeoutSeconds: 120, maxMemoryMb: 64 } });
      expect(err).toBeInstanceOf(IngestError);
      expect(err.message).toBe(INGEST_MESSAGES.pdfParseMemory(64));
      const next = await write('after-big.pdf', await textPdf([reportPage(2, 400)]));
      expect((await readAll(next, { limits: { timeoutSeconds: 120, maxMemoryMb: 64 } }))[0].text).toContain('PAGEMARK2.');
    });
  });
});
