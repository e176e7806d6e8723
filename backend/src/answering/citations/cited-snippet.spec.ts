import type { Source } from './citation-set';
import { focusSnippets } from './cited-snippet';

const source = (over: Partial<Source> = {}): Source => ({
  documentId: 'd',
  sessionId: 's',
  sessionTitle: 'Opening Keynote',
  kind: 'transcript',
  startTime: 1080,
  marker: '[Opening Keynote, 18:00]',
  snippet: 'first 300 characters…',
  score: 1,
  ...over,
});

const filler = 'Thank you all for coming this morning and for the coffee. '.repeat(8);
const passage = `${filler}The residual value of excavators fell nine percent in the second quarter. ${'We will see more of that later. '.repeat(12)}`;

describe('focusSnippets', () => {
  it('shows the sentence the answer cites, with context, even far into the passage', () => {
    const made = [{ marker: '[Opening Keynote, 18:00]', claim: 'Excavator residual values fell nine percent in the second quarter' }];
    const [s] = focusSnippets([source()], made, [{ marker: '[Opening Keynote, 18:00]', text: passage }]);
    expect(s.snippet).toContain('The residual value of excavators fell nine percent in the second quarter.');
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet.endsWith('…')).toBe(true);
    expect(s.snippet.length).toBeLessThan(700);
  });

  it("reads a passage's sentences once per text: the same snippet again, and a changed passage's own sentence", () => {
    const made = [{ marker: '[Opening Keynote, 18:00]', claim: 'Excavator residual values fell nine percent in the second quarter' }];
    const snippet = (text: string) => focusSnippets([source()], made, [{ marker: '[Opening Keynote, 18:00]', text }])[0].snippet;
    const first = snippet(passage);
    expect(snippet(passage)).toBe(first);
    // The same passage with its figure corrected: the snippet shows the corrected sentence, not the kept one.
    const corrected = snippet(passage.replace('fell nine percent', 'fell eleven percent'));
    expect(corrected).toContain('The residual value of excavators fell eleven percent in the second quarter.');
    expect(corrected).not.toContain('nine percent');
  });

  it('keeps the snippet of a line citation, a program entry, and a passage with no matching sentence', () => {
    const line = source({ marker: '[line 4]', excerpt: [{ line: 4, text: 'x', cited: true }] });
    const session = source({ kind: 'session', marker: '[Session: Opening Keynote]', snippet: 'Day 1, 8:30 AM' });
    const unrelated = source();
    const made = ['[line 4]', '[Session: Opening Keynote]', '[Opening Keynote, 18:00]'].map((marker) => ({
      marker,
      claim: 'Zebras dance',
    }));
    const out = focusSnippets([line, session, unrelated], made, [{ marker: '[Opening Keynote, 18:00]', text: passage }]);
    expect(out.map((s) => s.snippet)).toEqual(['first 300 characters…', 'Day 1, 8:30 AM', 'first 300 characters…']);
  });
});

describe('focusSnippets on figures', () => {
  it('shows the cited sentence with its numbers and punctuation intact', () => {
    const text = `${filler}Our fleet pays $0.18 diesel per mile, and leases run 6.1 years. That is what we were having.If the customer pays late, we raise the rate by 12.50 €. ${'We will see more of that later. '.repeat(12)}`;
    const made = [{ marker: '[Opening Keynote, 18:00]', claim: 'Leases run 6.1 years and the fleet pays $0.18 per mile in diesel' }];
    const [s] = focusSnippets([source()], made, [{ marker: '[Opening Keynote, 18:00]', text }]);
    expect(s.snippet).toContain(
      'Our fleet pays $0.18 diesel per mile, and leases run 6.1 years. That is what we were having.If the customer pays late, we raise the rate by 12.50 €.',
    );
    // The window is centred on the whole cited sentence: it opens at a word, not inside '$0.18'.
    expect(s.snippet.startsWith('…Thank you all for coming')).toBe(true);
  });

  it('keeps an abbreviation, an initial and a price inside the cited sentence', () => {
    const text = `${filler}Fuel cost approx. $0.18 a mile in the U.S. and J. Ortiz put leases at 6.1 years.Then we stop. ${'We will see more of that later. '.repeat(12)}`;
    const made = [{ marker: '[Opening Keynote, 18:00]', claim: 'Fuel cost about $0.18 a mile and leases ran 6.1 years' }];
    const [s] = focusSnippets([source()], made, [{ marker: '[Opening Keynote, 18:00]', text }]);
    expect(s.snippet).toContain('…Thank you all for coming');
    expect(s.snippet).toContain('Fuel cost approx. $0.18 a mile in the U.S. and J. Ortiz put leases at 6.1 years.Then we stop.');
  });

  it("centres a slide's page on the cited bullet, a line without a period", () => {
    const bullets = Array.from(
      { length: 14 },
      (_, i) => `• Item ${i + 1} of the fleet review: trucks, trailers and forklifts in region ${i + 1}`,
    );
    const cited = '• Maintenance per mile: $0.11 electric versus $0.18 diesel';
    const text = [...bullets.slice(0, 7), cited, ...bullets.slice(7)].join('\n');
    const made = [{ marker: '[Opening Keynote, 18:00]', claim: 'Maintenance per mile: $0.11 electric versus $0.18 diesel.' }];
    const [s] = focusSnippets([source()], made, [{ marker: '[Opening Keynote, 18:00]', text }]);
    expect(s.snippet).toContain(cited);
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet).not.toContain('region 1\n');
  });
});
