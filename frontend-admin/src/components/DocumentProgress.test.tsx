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

  it('states each figure once: an embedding stage that counts the chunks is not followed by the counts again', () => {
    render(
      <DocumentProgress
        doc={doc({
          status: 'chunked',
          progressPercent: 28,
          progressStage: 'Embedding 414/1516',
          processedChunks: 414,
          totalChunks: 1516,
          estimatedTimeRemaining: 65,
        })}
      />,
    );
    expect(screen.getByText('Embedding 414/1516 · ~1m 5s remaining')).toBeInTheDocument();
    expect(screen.queryByText(/414\/1516 chunks/)).not.toBeInTheDocument();
  });

  it('while the total is not known yet shows the chunks embedded so far once, with no total', () => {
    render(
      <DocumentProgress doc={doc({ status: 'chunked', progressPercent: 12, progressStage: 'Embedding 128', processedChunks: 128 })} />,
    );
    expect(screen.getByText('Embedding 128')).toBeInTheDocument();
  });

  it('adds the counts to a stage that does not state them', () => {
    render(
      <DocumentProgress
        doc={doc({ status: 'chunked', progressPercent: 99, progressStage: 'Saving', processedChunks: 20, totalChunks: 20 })}
      />,
    );
    expect(screen.getByText('Saving · 20/20 chunks')).toBeInTheDocument();
  });
});
