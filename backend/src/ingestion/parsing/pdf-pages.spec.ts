import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encryptedPdf, noTextPdf, reportPage, textPdf, truncatedPdf } from '../../../test/fixtures/pdf-fixtures';
import { INGEST_MESSAGES, IngestError } from './ingest-errors';
import type { PdfPage } from './parsed-document';
import { readPdfPages } from './pdf-pages';

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

  async function readAll(file: string): Promise<PdfPage[]> {
    const pages: PdfPage[] = [];
    for await (const batch of readPdfPages(file)) pages.push(...batch.pages);
    return pages;
  }

  async function failureOf(file: string): Promise<Error> {
    try {
      await readAll(file);
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
        for await (const batch of readPdfPages(file, controller.signal)) {
          seen.push(...batch.pages.map((p) => p.num));
          controller.abort();
        }
      })(),
    ).rejects.toThrow('shutting down');
    expect(seen.length).toBeLessThan(40);
  });
});
