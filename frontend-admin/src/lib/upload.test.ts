import { describe, expect, it } from 'vitest';
import { acceptAttribute, uploadProblem } from './upload';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload checks before sending (PRODUCT.md §5)', () => {
  it('needs a file and a session', () => {
    expect(uploadProblem(null, 's1', 'pdf')).toBe('Missing Information: Please select both a file and a session.');
    expect(uploadProblem(file('a.pdf', 'application/pdf'), '', 'pdf')).toBe(
      'Missing Information: Please select both a file and a session.',
    );
  });
  it('accepts TXT or JSON transcripts and PDFs only', () => {
    expect(uploadProblem(file('t.txt', 'text/plain'), 's1', 'transcript')).toBeNull();
    expect(uploadProblem(file('t.json', 'application/json'), 's1', 'transcript')).toBeNull();
    expect(uploadProblem(file('t.json', ''), 's1', 'transcript')).toBeNull();
    expect(uploadProblem(file('t.pdf', 'application/pdf'), 's1', 'transcript')).toBe(
      'Invalid File Type: Please select a TXT or JSON file.',
    );
    expect(uploadProblem(file('a.pdf', 'application/pdf'), 's1', 'pdf')).toBeNull();
    expect(uploadProblem(file('a.txt', 'text/plain'), 's1', 'pdf')).toBe('Invalid File Type: Please select a PDF file.');
  });
  it('refuses files over 50 MB', () => {
    expect(uploadProblem(file('a.pdf', 'application/pdf', 50 * 1024 * 1024), 's1', 'pdf')).toBeNull();
    expect(uploadProblem(file('a.pdf', 'application/pdf', 50 * 1024 * 1024 + 1), 's1', 'pdf')).toBe(
      'File Too Large: Please select a file smaller than 50MB.',
    );
  });
  it('tells the file picker what to offer', () => {
    expect(acceptAttribute('pdf')).toBe('.pdf,application/pdf');
    expect(acceptAttribute('transcript')).toBe('.txt,.json,text/plain,application/json');
  });
});
