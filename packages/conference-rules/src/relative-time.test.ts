import { describe, expect, it } from 'vitest';
import { conversationDate, relativeTime } from './relative-time';

const now = new Date('2026-11-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime (PRODUCT.md §2: chat message times and the activity log)', () => {
  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [-5_000, 'Just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [59 * 60_000 + 59_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
  ])('%i ms ago → %s in both', (ms, text) => {
    expect(relativeTime(ago(ms), { now })).toBe(text);
    expect(relativeTime(ago(ms), { now, upTo: 'days' })).toBe(text);
  });

  it('counts days under 7 in the activity log, then shows the date and time in the given zone', () => {
    expect(relativeTime(ago(24 * 3_600_000), { now, upTo: 'days' })).toBe('1 day ago');
    expect(relativeTime(ago(6 * 86_400_000), { now, upTo: 'days' })).toBe('6 days ago');
    expect(relativeTime(ago(7 * 86_400_000), { now, upTo: 'days', timeZone: 'America/Denver' })).toBe('Nov 13, 2026, 5:00 AM');
  });

  it("shows a chat message's date after a day, in the conference's zone", () => {
    expect(relativeTime('2026-11-18T03:00:00Z', { now, timeZone: 'UTC' })).toBe('Nov 18, 2026');
    // 03:00 UTC is still the evening before in Denver.
    expect(relativeTime('2026-11-18T03:00:00Z', { now, timeZone: 'America/Denver' })).toBe('Nov 17, 2026');
  });
});

describe('conversationDate', () => {
  const zone = 'America/Denver';
  const at = new Date('2026-11-20T18:00:00Z'); // 11:00 AM in Denver

  it("names today and yesterday by the conference's days, whatever the viewer's zone", () => {
    expect(conversationDate('2026-11-20T15:05:00Z', at, zone)).toBe('Today, 8:05 AM');
    // 02:00 UTC on the 20th is 7 PM on the 19th in Denver: yesterday there, today in UTC.
    expect(conversationDate('2026-11-20T02:00:00Z', at, zone)).toBe('Yesterday, 7:00 PM');
    expect(conversationDate('2026-11-20T02:00:00Z', at, 'UTC')).toBe('Today, 2:00 AM');
    expect(conversationDate('2026-11-17T16:10:00Z', at, zone)).toBe('Nov 17, 2026, 9:10 AM');
  });
});
