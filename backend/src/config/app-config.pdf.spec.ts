import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './app-config';

/** The PDF settings: OCR and the parsing thread's limits. */
describe('loadConfig: OCR and PDF parsing settings', () => {
  const dataDir = path.join(os.tmpdir(), 'config-pdf-spec');
  const load = (env: Record<string, string>) => loadConfig({ SESSION_SECRET: 'a-secret-of-16-chars-or-more', ...env }, { dataDir });

  it('has OCR on, 200 pages, 60 s a page, 300 s and 512 MB a document by default', () => {
    expect(load({})).toMatchObject({
      ocrEnabled: true,
      ocrMaxPages: 200,
      ocrPageTimeoutSeconds: 60,
      pdfParseTimeoutSeconds: 300,
      pdfParseMaxMemoryMb: 512,
    });
  });

  it('reads OCR=off / on and the limits', () => {
    expect(load({ OCR: 'off' }).ocrEnabled).toBe(false);
    expect(load({ OCR: 'ON' }).ocrEnabled).toBe(true);
    expect(
      load({ OCR_MAX_PAGES: '5', OCR_PAGE_TIMEOUT_SECONDS: '10', PDF_PARSE_TIMEOUT_SECONDS: '30', PDF_PARSE_MAX_MEMORY_MB: '128' }),
    ).toMatchObject({ ocrMaxPages: 5, ocrPageTimeoutSeconds: 10, pdfParseTimeoutSeconds: 30, pdfParseMaxMemoryMb: 128 });
  });

  it.each([
    ['OCR', 'sometimes', 'OCR must be on or off (got "sometimes").'],
    ['OCR_MAX_PAGES', '-1', 'OCR_MAX_PAGES must be a whole number between 0 and 100000 (got "-1").'],
    ['OCR_PAGE_TIMEOUT_SECONDS', '0', 'OCR_PAGE_TIMEOUT_SECONDS must be a whole number between 1 and 3600 (got "0").'],
    ['PDF_PARSE_TIMEOUT_SECONDS', 'soon', 'PDF_PARSE_TIMEOUT_SECONDS must be a whole number between 1 and 86400 (got "soon").'],
    ['PDF_PARSE_MAX_MEMORY_MB', '16', 'PDF_PARSE_MAX_MEMORY_MB must be a whole number between 32 and 65536 (got "16").'],
  ])('refuses a bad %s with a message naming it', (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(new ConfigError(message));
  });
});
