import { wallClockParts, zoneOffsetMinutes } from './wall-clock';

describe('wall clock', () => {
  it('reads what the clocks of a zone show, weekday included', () => {
    // 2025-09-09T20:30:15Z is 2:30:15 PM on Tuesday Sept 9 in Denver (MDT, UTC-6).
    expect(wallClockParts(new Date('2025-09-09T20:30:15Z'), 'America/Denver')).toEqual({
      year: 2025,
      month: 9,
      day: 9,
      hour: 14,
      minute: 30,
      second: 15,
      weekday: 2,
    });
    // Midnight is hour 0 (not 24), and the date is the zone's, not UTC's.
    expect(wallClockParts(Date.parse('2025-09-08T06:00:00Z'), 'America/Denver')).toMatchObject({ day: 8, hour: 0, weekday: 1 });
  });

  it('gives the zone offset in minutes on each side of a daylight-saving change', () => {
    expect(zoneOffsetMinutes(Date.parse('2025-09-09T12:00:00Z'), 'America/Denver')).toBe(-360);
    expect(zoneOffsetMinutes(Date.parse('2025-12-09T12:00:00Z'), 'America/Denver')).toBe(-420);
    expect(zoneOffsetMinutes(Date.parse('2025-09-09T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});
