import { CitationSet, resolveCitations } from '../retrieval/citations';
import { ProgramCitations } from './program-citations';
import { ProgramIndex, type ProgramRecord } from './program-index';

const record = (over: Partial<ProgramRecord>): ProgramRecord => ({
  id: 'x',
  title: 'Untitled',
  description: '',
  speakers: [],
  tags: [],
  format: 'networking',
  date: null,
  day: null,
  startTime: null,
  endTime: null,
  location: null,
  ...over,
});

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
      const content = resolveCitations(`A break follows in ${held.location} [Session: Networking Break].`, cited);
      expect(content).toBe(`A break follows in ${held.location} [Session: Networking Break].`);
      expect(cited.sources(content).map((s) => s.sessionId)).toEqual([held.id]);
      expect(cited.sources(content)[0].snippet).toContain(held.location);
    }
  });

  it('cites a session the answer does not hold by its title, and drops a session the program does not have', () => {
    const cited = new ProgramCitations(new CitationSet([]), index.entries, 'en', () => [day2]);
    const content = resolveCitations('First [Session: Opening Keynote]. Then [Session: Closing Gala].', cited);
    expect(content).toBe('First [Session: Opening Keynote]. Then.');
    expect(cited.sources(content).map((s) => s.sessionId)).toEqual(['keynote']);
  });
});
