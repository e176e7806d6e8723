import { render, screen, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '@/lib/types';
import { documentRecord } from '@/test/factories';
import { IngestStatus } from './IngestStatus';

const doc = (id: string, status: DocumentRecord['status'], extra: Partial<DocumentRecord> = {}): DocumentRecord =>
  documentRecord({ id, originalFilename: `${id}.pdf`, status, ...extra });

function renderWith(getList: () => Promise<{ data: DocumentRecord[]; total: number }>) {
  const dataProvider = { getList } as unknown as DataProvider;
  return render(
    <AdminContext dataProvider={dataProvider}>
      <IngestStatus />
    </AdminContext>,
  );
}

describe('Ingest Status (PRODUCT.md §2)', () => {
  it('shows a 5-item skeleton while loading', () => {
    renderWith(() => new Promise(() => undefined));
    expect(screen.getByText('Document Processing Status')).toBeInTheDocument();
    expect(screen.getByTestId('ingest-skeleton').children).toHaveLength(5);
  });

  it('summarises the statuses and lists the failed documents with the re-ingest advice', async () => {
    const docs = [
      doc('a', 'embedded'),
      doc('b', 'embedded'),
      doc('c', 'uploaded'),
      doc('d', 'chunked', {
        progressPercent: 40,
        progressStage: 'Embedding chunks',
        processedChunks: 4,
        totalChunks: 10,
        estimatedTimeRemaining: 65,
      }),
      doc('e', 'error', { error: 'The PDF is encrypted.' }),
      doc('f', 'embedded'),
    ];
    renderWith(async () => ({ data: docs, total: docs.length }));
    expect(await screen.findByTestId('summary-total-documents')).toHaveTextContent('6');
    expect(screen.getByTestId('summary-ready')).toHaveTextContent('3');
    expect(screen.getByTestId('summary-processing')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-errors')).toHaveTextContent('1');
    expect(screen.getByTestId('summary-percent-ready')).toHaveTextContent('50.0%');
    const errors = screen.getByText('Processing Errors').closest('.MuiCard-root') as HTMLElement;
    expect(within(errors).getByText('e.pdf')).toBeInTheDocument();
    expect(within(errors).getAllByText('Processing failed').length).toBeGreaterThan(0);
    expect(within(errors).getByText('The PDF is encrypted.')).toBeInTheDocument();
    expect(within(errors).getByText(/Re-ingest these documents/)).toBeInTheDocument();
    expect(screen.getByText('Embedding chunks · 4/10 chunks · ~1m 5s remaining')).toBeInTheDocument();
  });

  it('has no errors card when nothing failed', async () => {
    renderWith(async () => ({ data: [doc('a', 'embedded')], total: 1 }));
    expect(await screen.findByTestId('summary-percent-ready')).toHaveTextContent('100.0%');
    expect(screen.queryByText('Processing Errors')).not.toBeInTheDocument();
  });
});
