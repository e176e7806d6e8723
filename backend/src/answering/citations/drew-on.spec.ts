import { drewOnLine } from '../answering.service';
import type { Source } from './citation-set';
import { sessionsCited } from './drew-on';

const source = (over: Partial<Source>): Source => ({
  documentId: 'd',
  sessionId: 's',
  sessionTitle: 'Corpus Review',
  kind: 'pdf',
  marker: '[Corpus Review, p. 3]',
  snippet: 'The review found twelve errors.',
  score: 1,
  ...over,
});

describe('the line naming the sessions an answer drew on', () => {
  const sources = [
    source({ kind: 'session', marker: '[Session: Corpus Review]' }),
    source({ page: 3 }),
    source({ page: 5, marker: '[Corpus Review, p. 5]' }),
    source({ sessionTitle: 'Planning Meeting', kind: 'transcript', startTime: 754, marker: '[Planning Meeting, 12:34]' }),
    source({ sessionTitle: 'Untimed Call', kind: 'transcript', line: 40, marker: '[Untimed Call, line 40]' }),
  ];

  it('cites each session it names with its first passage the answer cites (a program entry is not a document)', () => {
    expect(sessionsCited(sources)).toEqual([
      { title: 'Corpus Review', marker: '[Corpus Review, p. 3]' },
      { title: 'Planning Meeting', marker: '[Planning Meeting, 12:34]' },
      { title: 'Untimed Call', marker: '[Untimed Call, line 40]' },
    ]);
    expect(drewOnLine(sources, 'en')).toBe(
      'Drawn from: “Corpus Review” [Corpus Review, p. 3], “Planning Meeting” [Planning Meeting, 12:34], “Untimed Call” [Untimed Call, line 40].',
    );
    expect(drewOnLine(sources.slice(0, 1), 'en')).toBeNull();
  });
});
