import { coverageEvidence, formatCoverageEvidence } from './coverage-evidence';

const passage = (n: number, text: string, sessionTitle = 'Budget Review', speaker: string | null = null) => ({
  n,
  text,
  sessionTitle,
  speaker,
});

describe('coverageEvidence', () => {
  it('lists the question words the passages hold, with the passages holding each, and those none holds', () => {
    const evidence = coverageEvidence(
      'What did the team decide about production costs and the remote control battery?',
      [passage(1, 'We must cut the production costs of the remote.'), passage(2, 'The control buttons cost too much.')],
      false,
    );
    expect(evidence.sessionChosen).toBe(false);
    expect(evidence.found).toEqual(
      expect.arrayContaining([
        { term: 'production', passages: [1] },
        { term: 'costs', passages: [1, 2] },
        { term: 'remote', passages: [1] },
        { term: 'control', passages: [2] },
        { term: 'production costs', passages: [1] },
      ]),
    );
    expect(evidence.missing).toEqual(expect.arrayContaining(['battery', 'remote control']));
    expect(evidence.missing).not.toContain('production');
    // Question words and stop words are not the topic.
    const all = [...evidence.found.map((f) => f.term), ...evidence.missing];
    expect(all).not.toContain('what');
    expect(all).not.toContain('the');
  });

  it('reads a passage’s session title and speaker as part of it, folds accents and leaves out the question language’s asking words', () => {
    const evidence = coverageEvidence(
      'Qué dijo Dana sobre la tarificación?',
      [passage(3, 'La tarificacion baja en 2024.', 'Pricing Panel', 'Dana Whitfield')],
      true,
    );
    expect(evidence.found).toEqual(expect.arrayContaining([{ term: 'dana', passages: [3] }]));
    expect(evidence.found.map((f) => f.term)).toContain('tarificacion');
    // Every word is held ('qué', 'dijo', 'sobre', 'la' are not the topic); only the pair the passage does not write side by side is not.
    expect(evidence.missing).toEqual(['dana tarificacion']);
  });

  it('leaves out sentences on how to answer', () => {
    const evidence = coverageEvidence(
      'What was the revenue in 2022? Round your answer to two decimal places.',
      [passage(1, 'Revenue was 12.5 in 2022.')],
      false,
    );
    expect(evidence.missing).toEqual([]);
    // A year beside a word is no phrase.
    expect(evidence.found.map((f) => f.term)).toEqual(['revenue', '2022']);
  });
});

describe('formatCoverageEvidence', () => {
  it('writes what is held, what is not, and whether the attendee chose sessions', () => {
    expect(
      formatCoverageEvidence({
        found: [
          { term: 'fico floor', passages: [1, 3] },
          { term: 'lenders', passages: [2] },
        ],
        missing: ['banks'],
        sessionChosen: true,
      }),
    ).toBe(
      '- Held by the passages: "fico floor" (passages 1, 3); "lenders" (passage 2)\n' +
        '- In no passage: "banks"\n' +
        '- The attendee chose the sessions to ask about: the passages come only from those sessions and their program entries.',
    );
    expect(formatCoverageEvidence({ found: [], missing: ['banks'], sessionChosen: false })).toBe(
      '- Held by the passages: none of them\n- In no passage: "banks"\n- The attendee chose no session: the passages come from the whole conference.',
    );
  });
});
