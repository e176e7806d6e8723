import fs from 'node:fs/promises';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import { scannedPagePng } from '../../../test/fixtures/pdf-fixtures';
import { ocrAssets, PageOcr, readableText } from './page-ocr';

/** A page image as a scanner gives it (PNG, 150 dpi Letter). */
function scannedPage(lines: string[]): Uint8Array {
  return new Uint8Array(scannedPagePng(lines, false));
}

function word(text: string, confidence: number) {
  return { text, confidence } as Tesseract.Word;
}

describe(PageOcr.name, () => {
  it('finds its engine, worker script and English data inside node_modules (nothing to download)', async () => {
    const { langPath, workerPath } = ocrAssets();
    expect(langPath).toContain(path.join('node_modules', '@tesseract.js-data', 'eng'));
    expect((await fs.stat(path.join(langPath, 'eng.traineddata.gz'))).size).toBeGreaterThan(1_000_000);
    expect(workerPath).toContain(path.join('node_modules', 'tesseract.js'));
  });

  it('reads a page, gives up on a page over the time limit, then reads again with a new engine', async () => {
    const image = scannedPage(['Seven amber gondolas financed a bakery fleet.']);
    const sut = new PageOcr(60_000);
    try {
      const first = await sut.read(image);
      expect(first?.text).toContain('Seven amber gondolas financed a bakery fleet');
      expect(await sut.read(image, 1)).toBeNull();
      const again = await sut.read(image);
      expect(again?.text).toContain('Seven amber gondolas financed a bakery fleet');
    } finally {
      await sut.close();
    }
  });

  it('drops junk: words below the confidence floor or without a letter or digit', () => {
    const page = {
      blocks: [
        {
          paragraphs: [
            { lines: [{ words: [word('Lease', 93), word('rates', 91), word('|', 88), word('~e', 21)] }] },
            { lines: [{ words: [word('—', 90)] }, { words: [word('held.', 89)] }] },
          ],
        },
      ],
    } as unknown as Tesseract.Page;
    expect(readableText(page)).toEqual({ text: 'Lease rates\n\nheld.', chars: 14 });
    expect(readableText({ blocks: null })).toEqual({ text: '', chars: 0 });
  });
});
