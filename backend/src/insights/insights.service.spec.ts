import type { WordingRow } from './insights.repository';
import { foldGroups, particulars, sameParticulars, similarPairs, trigramSimilarity } from './insights.service';

const group = (i: number, text: string, count = 1, last = `2026-11-0${i}T00:00:00Z`): WordingRow => ({
  i,
  sessionId: null,
  sessionTitle: null,
  text,
  count,
  last,
  trgm: [],
});

describe(foldGroups.name, () => {
  it('folds a group into the first earlier leader it is similar to, adding counts and keeping the latest time', () => {
    const sut = foldGroups([group(1, 'a', 3), group(2, 'b', 2), group(3, "a'", 1, '2026-11-09T00:00:00Z')], [[1, 3]]);
    expect(sut.map((l) => [l.leader.text, l.count, l.last, l.variants])).toEqual([
      ['a', 4, '2026-11-09T00:00:00Z', ["a'"]],
      ['b', 2, '2026-11-02T00:00:00Z', []],
    ]);
  });

  it('does not chain: a group similar only to a folded member leads its own line', () => {
    const sut = foldGroups(
      [group(1, 'x'), group(2, 'x y'), group(3, 'y')],
      [
        [1, 2],
        [2, 3],
      ],
    );
    expect(sut.map((l) => [l.leader.text, l.count])).toEqual([
      ['x', 2],
      ['y', 1],
    ]);
  });

  it('takes groups in rank order whatever order they come in', () => {
    const sut = foldGroups([group(2, 'second'), group(1, 'first')], [[1, 2]]);
    expect(sut.map((l) => [l.leader.text, l.count, l.variants])).toEqual([['first', 2, ['second']]]);
  });
});

describe(trigramSimilarity.name, () => {
  it('is shared trigrams over all distinct trigrams of both, 0 for an empty set', () => {
    expect(trigramSimilarity(new Set(['  a', ' ab', 'abc']), new Set([' ab', 'abc', 'bc ']))).toBe(0.5);
    expect(trigramSimilarity(new Set(), new Set(['abc']))).toBe(0);
  });
});

describe(similarPairs.name, () => {
  it('pairs groups at or above the threshold, within one session when asked', () => {
    const a = { ...group(1, 'a'), trgm: ['x', 'y'], sessionId: 's1' };
    const b = { ...group(2, 'b'), trgm: ['x', 'y'], sessionId: 's2' };
    const c = { ...group(3, 'c'), trgm: ['x', 'z'], sessionId: 's1' };
    expect(similarPairs([a, b, c], 0.3, false)).toEqual([
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(similarPairs([a, b, c], 0.3, true)).toEqual([[1, 3]]);
    expect(similarPairs([a, b, c], 0.5, false)).toEqual([[1, 2]]);
  });
});

describe(sameParticulars.name, () => {
  const same = (a: string, b: string) => sameParticulars(particulars(a), particulars(b));

  it('keeps apart questions that differ in a number', () => {
    expect(same('What is in Larimer Room 1?', 'What is in Larimer Room 3?')).toBe(false);
    expect(same('Is the 2.5% rate fixed?', 'Is the 3.5% rate fixed?')).toBe(false);
    expect(same('What is in Larimer Room 1?', 'what is in larimer room 1')).toBe(true);
  });

  it('keeps apart questions that differ in a name, in any case and script, but not in the first word of a sentence', () => {
    expect(same('Where does Maria Lopez speak?', 'Where does Mario Lopez speak?')).toBe(false);
    expect(same('Wo spricht Jürgen Weiß?', 'Wo spricht Jörg Weiß?')).toBe(false);
    expect(same('Where does Maria Lopez speak?', 'where does maria lopez speak')).toBe(true);
    expect(same("What's the FICO floor lenders use?", 'what is the FICO floor lenders use')).toBe(true);
    // A capital that only opens a sentence names nothing.
    expect(same('When is lunch? Where is it served?', 'When is lunch? where is it served?')).toBe(true);
  });

  it('lets similarPairs fold only questions with the same particulars', () => {
    const room = (i: number, text: string) => ({ ...group(i, text), trgm: ['x', 'y', 'z'] });
    expect(similarPairs([room(1, 'What is in Larimer Room 1?'), room(2, 'What is in Larimer Room 3?')], 0.5, false)).toEqual([]);
    expect(similarPairs([room(1, 'What is in Larimer Room 1?'), room(2, 'what is in larimer room 1')], 0.5, false)).toEqual([[1, 2]]);
  });
});
