import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '@/lib/types';
import { uploadPollInterval } from './DocumentList';

const docs = (...statuses: DocumentRecord['status'][]) => ({
  state: { data: { data: statuses.map((status) => ({ status }) as DocumentRecord) } },
});

describe('upload list polling (PRODUCT.md §4)', () => {
  it('polls every 2 s while a document is uploaded or chunked', () => {
    expect(uploadPollInterval(docs('embedded', 'uploaded'))).toBe(2000);
    expect(uploadPollInterval(docs('chunked'))).toBe(2000);
  });
  it('does not poll otherwise', () => {
    expect(uploadPollInterval(docs('embedded', 'error'))).toBe(false);
    expect(uploadPollInterval(docs())).toBe(false);
    expect(uploadPollInterval({ state: {} })).toBe(false);
  });
});
