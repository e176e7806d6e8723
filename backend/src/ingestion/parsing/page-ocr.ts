import path from 'node:path';
import Tesseract from 'tesseract.js';

/** Words tesseract is less sure of than this (0-100) are dropped: specks and noise read as letters. */
export const MIN_WORD_CONFIDENCE = 50;
/** A page whose kept words hold fewer letters and digits than this has no readable text. */
export const MIN_READABLE_CHARS = 6;

/**
 * Where tesseract.js finds everything it needs, all inside node_modules: its Node worker script,
 * its WebAssembly core (required by that script from `tesseract.js-core`) and the English LSTM data
 * of `@tesseract.js-data/eng` (the `best_int` model it would otherwise download from a CDN).
 * Nothing is fetched and nothing is cached to disk (cacheMethod 'none').
 */
export function ocrAssets(): { langPath: string; workerPath: string } {
  return {
    langPath: path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  };
}

export interface OcrPageText {
  /** The readable text: kept words, a line per line, a blank line between paragraphs. */
  text: string;
  /** Letters and digits in `text`. */
  chars: number;
}

/** The text of a recognised page without junk: words below MIN_WORD_CONFIDENCE or without a letter or digit are dropped. */
export function readableText(page: Pick<Tesseract.Page, 'blocks'>): OcrPageText {
  const paragraphs: string[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lines: string[] = [];
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text))
          .map((w) => w.text.trim())
          .filter(Boolean);
        if (words.length) lines.push(words.join(' '));
      }
      if (lines.length) paragraphs.push(lines.join('\n'));
    }
  }
  const text = paragraphs.join('\n\n');
  return { text, chars: alphanumerics(text) };
}

export function alphanumerics(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/**
 * OCR of page images with tesseract.js (English, LSTM), offline. Recognition runs on tesseract's
 * own worker thread; the engine starts on the first page and is kept for the document. A page that
 * takes longer than the limit is abandoned: its thread is terminated and the next page gets a new one.
 */
export class PageOcr {
  private worker: Promise<Tesseract.Worker> | null = null;

  constructor(private readonly pageTimeoutMs: number) {}

  /** The readable text of one page image (PNG), or null when it took longer than the limit. */
  async read(image: Uint8Array, timeoutMs = this.pageTimeoutMs): Promise<OcrPageText | null> {
    const worker = await this.engine();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    try {
      const png = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
      const result = await Promise.race([worker.recognize(png, {}, { text: false, blocks: true }), timeout]);
      if (result === null) {
        await this.close();
        return null;
      }
      return readableText(result.data);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts the engine (its thread, WebAssembly core and language data) unless it runs. */
  async start(): Promise<void> {
    await this.engine();
  }

  /** Stops the engine's thread (a later `read` starts a new one). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  private engine(): Promise<Tesseract.Worker> {
    if (!this.worker) {
      const { langPath, workerPath } = ocrAssets();
      this.worker = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        langPath,
        workerPath,
        gzip: true,
        cacheMethod: 'none',
        // A failed job rejects its promise; without a handler tesseract.js would also throw it uncaught.
        errorHandler: () => undefined,
      });
      this.worker.catch(() => (this.worker = null));
    }
    return this.worker;
  }
}
