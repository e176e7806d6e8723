import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '@/lib/types';
import { documentRecord } from '@/test/factories';
import { DocumentProgress } from './DocumentProgress';

const doc = (extra: Partial<DocumentRecord>): DocumentRecord =>
  documentRecord({ originalFilename: 'handout-scan.pdf', totalChunks: 0, processedChunks: 0, ...extra });

describe('DocumentProgress', () => {
  it('says which pages of a ready PDF were read by OCR', () => {
    render(<DocumentProgress doc={doc({ totalChunks: 4, ocrPages: [1, 2, 3, 5] })} />);
    expect(screen.getByText('4 chunks')).toBeInTheDocument();
    expect(screen.getByText('Pages 1–3, 5 read by OCR')).toBeInTheDocument();
  });

  it('says nothing about OCR for a PDF read from its text layer', () => {
    render(<DocumentProgress doc={doc({ totalChunks: 4, ocrPages: [] })} />);
    expect(screen.getByText('4 chunks')).toBeInTheDocument();
    expect(screen.queryByText(/read by OCR/)).not.toBeInTheDocument();
  });

  it('shows the OCR stage with the page being read and the ETA while processing', () => {
    render(
      <DocumentProgress
        doc={doc({
          status: 'chunked',
          progressPercent: 31,
          progressStage: 'Reading scanned pages (page 2 of 3)',
          estimatedTimeRemaining: 4,
        })}
      />,
    );
    expect(screen.getByText('Reading scanned pages (page 2 of 3) · ~4s remaining')).toBeInTheDocument();
  });
});
