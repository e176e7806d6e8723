import { describe, expect, it } from 'vitest';
import { conference, otherConference, session } from '@/test/factories';
import { allSelected, documentBadge, groupByDay, matchesSearch, speakersLabel, visibleTags } from './sessionRules';

describe('session rules', () => {
  it('matches the title or any speaker, case-insensitively', () => {
    const s = session({ title: 'Credit Risk Panel', speakers: ['Ana Ruiz', 'Bo Chen'] });
    expect(matchesSearch(s, 'credit')).toBe(true);
    expect(matchesSearch(s, 'CHEN')).toBe(true);
    expect(matchesSearch(s, 'leasing')).toBe(false);
    expect(matchesSearch(s, '  ')).toBe(true);
  });

  it('groups by day and sorts by start time', () => {
    const sessions = [
      session({ id: 'c', day: 2, startTime: '9:00 AM' }),
      session({ id: 'b', day: 1, startTime: '1:30 PM' }),
      session({ id: 'a', day: 1, startTime: '9:30 AM' }),
      session({ id: 'd', day: 1, startTime: '12:00 PM' }),
      session({ id: 'e', day: null }),
    ];
    const groups = groupByDay(sessions, conference());
    expect(groups.map((g) => g.label)).toEqual(['Day 1 - Monday, Sept 8', 'Day 2 - Tuesday, Sept 9', 'Unscheduled']);
    expect(groupByDay(sessions, otherConference()).map((g) => g.label)).toEqual([
      'Day 1 - Saturday, Nov 2',
      'Day 2 - Sunday, Nov 3',
      'Unscheduled',
    ]);
    // Until the settings are known, no conference's days are named.
    expect(groupByDay(sessions).map((g) => g.label)).toEqual(['Day 1', 'Day 2', 'Unscheduled']);
    expect(groups[0].sessions.map((s) => s.id)).toEqual(['a', 'd', 'b']);
  });

  it("heads a day with the date its sessions are held on when the settings' dates differ from the program's", () => {
    // The organiser set Nov 2-3 (Europe/Paris), the imported program is held on Dec 5-6.
    const sessions = [
      session({ id: 'a', day: 1, date: '2024-12-05T08:30:00.000Z' }),
      session({ id: 'b', day: 1, date: '2024-12-05T22:30:00.000Z' }), // 23:30 in Paris: still Dec 5 there
      session({ id: 'c', day: 2, date: '2024-12-06T09:00:00.000Z' }),
      session({ id: 'd', day: 3, date: null }),
    ];
    expect(groupByDay(sessions, otherConference()).map((g) => g.label)).toEqual([
      'Day 1 - Thursday, Dec 5',
      'Day 2 - Friday, Dec 6',
      'Day 3',
    ]);
  });

  it("keeps the settings' date for a day when one of its sessions is held on it, whatever most of the others say", () => {
    // Another conference's two sessions added to a database still holding an earlier program's day 1.
    const sessions = [
      session({ id: 'old-1', day: 1, date: '2025-09-08T15:00:00.000Z' }),
      session({ id: 'old-2', day: 1, date: '2025-09-08T17:00:00.000Z' }),
      session({ id: 'new', day: 1, date: '2024-11-02T09:00:00.000Z' }),
      session({ id: 'old-3', day: 3, date: '2025-09-10T15:00:00.000Z' }),
    ];
    expect(groupByDay(sessions, otherConference()).map((g) => g.label)).toEqual(['Day 1 - Saturday, Nov 2', 'Day 3 - Wednesday, Sept 10']);
  });

  it('never shows the tags keynote, panel, workshop, discussion', () => {
    expect(visibleTags(['Keynote', 'credit', 'panel', 'Workshop', 'discussion', 'AI'])).toEqual(['credit', 'AI']);
  });

  it("lists two speakers, then 'and N more'", () => {
    expect(speakersLabel(['A'])).toBe('A');
    expect(speakersLabel(['A', 'B'])).toBe('A and B');
    expect(speakersLabel(['A', 'B', 'C', 'D'])).toBe('A, B and 2 more');
  });

  it('names the documents', () => {
    expect(documentBadge(['transcript', 'pdf'])).toBe('Transcript + PDF');
    expect(documentBadge(['transcript'])).toBe('Transcript');
    expect(documentBadge(['pdf'])).toBe('PDF');
    expect(documentBadge([])).toBe('No documents');
  });

  it('select-all follows whether every selectable session is selected', () => {
    const list = [session({ id: 'a' }), session({ id: 'b' }), session({ id: 'c', contentStatus: 'none' })];
    expect(allSelected(list, new Set(['a', 'b']))).toBe(true);
    expect(allSelected(list, new Set(['a']))).toBe(false);
    expect(allSelected([], new Set())).toBe(false);
  });
});
