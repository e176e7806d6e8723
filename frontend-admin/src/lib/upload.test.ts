import { describe, expect, it } from 'vitest';
import { MSG_INVALID_RECORDING_TYPE, MSG_MISSING_INFORMATION } from '@/constants';
import { acceptAttribute, recordingProblem, uploadProblem } from './upload';

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

describe('recordingProblem (Recordings tab, not in the spec)', () => {
  const f = (name: string, type = '') => ({ name, type });
  it('takes audio, video and captions by extension or media type', () => {
    for (const name of ['talk.mp3', 'talk.M4A', 'talk.wav', 'talk.ogg', 'talk.mp4', 'talk.mov', 'talk.webm', 'talk.vtt', 'talk.srt']) {
      expect(recordingProblem(f(name), 's1')).toBeNull();
    }
    expect(recordingProblem(f('recording', 'audio/x-m4a'), 's1')).toBeNull();
    expect(recordingProblem(f('clip', 'video/quicktime'), 's1')).toBeNull();
  });
  it('refuses other files and asks for both a file and a session', () => {
    expect(recordingProblem(f('deck.pdf', 'application/pdf'), 's1')).toBe(MSG_INVALID_RECORDING_TYPE);
    expect(recordingProblem(f('notes.txt', 'text/plain'), 's1')).toBe(MSG_INVALID_RECORDING_TYPE);
    expect(recordingProblem(null, 's1')).toBe(MSG_MISSING_INFORMATION);
    expect(recordingProblem(f('talk.mp3'), '')).toBe(MSG_MISSING_INFORMATION);
  });
});
