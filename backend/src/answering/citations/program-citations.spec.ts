import { programRecord } from '../../../test/fixtures/program-records';
import { CitationFilter, CitationSet } from './citation-set';
import { entriesByKey, keysOf, ProgramCitations } from './program-citations';
import { ProgramIndex, type ProgramRecord } from '../../program/program-index';

const record = (over: Partial<ProgramRecord>) => programRecord({ id: 'x', ...over }, 'networking');

describe(ProgramCitations.name, () => {
  const index = new ProgramIndex(
    [
      record({ id: 'break-1', title: 'Networking Break', day: 1, date: '2025-09-08T16:00:00Z', startTime: '10:00 AM', location: 'Foyer' }),
      record({ id: 'break-2', title: 'Networking Break', day: 2, date: '2025-09-09T16:00:00Z', startTime: '3:00 PM', location: 'Hall B' }),
      record({ id: 'keynote', title: 'Opening Keynote', day: 1, date: '2025-09-08T14:30:00Z', startTime: '8:30 AM' }),
    ],
    'America/Denver',
  );
  const [day1, day2] = index.entries.filter((e) => e.title === 'Networking Break');

  it('cites the session the answer holds when two sessions share its title', () => {
    for (const held of [day1, day2]) {
      const cited = new ProgramCitations(new CitationSet([]), index.entries, 'en', () => [held]);
      const filter = new CitationFilter(cited);
      const content = filter.push(`A break follows in ${held.location} [Session: Networking Break].`) + filter.end();
      expect(content).toBe(`A break follows in ${held.location} [Session: Networking Break].`);
      expect(cited.sources(filter.cited()).map((s) => s.sessionId)).toEqual([held.id]);
      expect(cited.sources(filter.cited())[0].snippet).toContain(held.location);
    }
  });

  it('cites a session the answer does not hold by its title, and drops a session the program does not have', () => {
    const cited = new ProgramCitations(new CitationSet([]), index.entries, 'en', () => [day2]);
    const filter = new CitationFilter(cited);
    const content = filter.push('First [Session: Opening Keynote]. Then [Session: Closing Gala].') + filter.end();
    expect(content).toBe('First [Session: Opening Keynote]. Then.');
    expect(cited.sources(filter.cited()).map((s) => s.sessionId)).toEqual(['keynote']);
    expect(filter.cited()).toEqual([{ marker: '[Session: Opening Keynote]', claim: 'First' }]);
  });
});

describe(entriesByKey.name, () => {
  const indexOf = (titles: string[]) =>
    new ProgramIndex(
      titles.map((title, i) => record({ id: `s${i}`, title, day: 1 })),
      'America/Denver',
    );

  it('maps a list once and hands the same map to every later question on it', () => {
    const index = indexOf(['Opening Keynote', 'Closing Gala']);
    const first = entriesByKey(index.entries);
    expect(entriesByKey(index.entries)).toBe(first);
    expect(first.get('opening keynote')?.id).toBe('s0');
  });

  it('maps the program read after a content change afresh: a renamed session is cited by its new title only', () => {
    const before = indexOf(['Opening Keynote']);
    expect(new ProgramCitations(new CitationSet([]), before.entries).resolve('Session: Opening Keynote')).toBe(
      '[Session: Opening Keynote]',
    );
    const after = indexOf(['Welcome Address']);
    const cited = new ProgramCitations(new CitationSet([]), after.entries);
    expect(cited.resolve('Session: Opening Keynote')).toBe('');
    expect(cited.resolve('Session: Welcome Address')).toBe('[Session: Welcome Address]');
  });

  it('maps a list changed in place afresh (an entry added, an entry retitled)', () => {
    const index = indexOf(['Opening Keynote']);
    const entries = [...index.entries];
    expect(entriesByKey(entries).has('opening keynote')).toBe(true);
    entries.push(indexOf(['Closing Gala']).entries[0]);
    expect(entriesByKey(entries).get('closing gala')?.title).toBe('Closing Gala');
    (entries[0] as { title: string }).title = 'Welcome Address';
    expect(entriesByKey(entries).has('opening keynote')).toBe(false);
    expect(entriesByKey(entries).get('welcome address')).toBe(entries[0]);
    expect(keysOf(entries[0])[0]).toBe('welcome address');
  });
});
