import { describe, expect, it } from 'vitest';
import { conference, otherConference } from '@/test/factories';
import { conferenceYear, dateRangeLabel, dayLabel, zonedDateKey, zonedDateLabel } from './conferenceDates';

describe('conference dates', () => {
  it("names the spec's conference days exactly as the spec writes them", () => {
    expect(dayLabel(1, conference())).toBe('Day 1 - Monday, Sept 8');
    expect(dayLabel(2, conference())).toBe('Day 2 - Tuesday, Sept 9');
    expect(dayLabel(3, conference())).toBe('Day 3 - Wednesday, Sept 10');
    expect(dateRangeLabel(conference())).toBe('Sept 8-10, 2025');
    expect(conferenceYear(conference())).toBe('2025');
  });

  it("names another conference's days from its own start date and weekdays (Nov 2, 2024 in Europe/Paris)", () => {
    expect(dayLabel(1, otherConference())).toBe('Day 1 - Saturday, Nov 2');
    expect(dayLabel(2, otherConference())).toBe('Day 2 - Sunday, Nov 3');
    expect(dateRangeLabel(otherConference())).toBe('Nov 2-3, 2024');
  });

  it('names a day after the date its sessions are held on, when they carry one', () => {
    expect(dayLabel(1, otherConference(), '2024-12-05')).toBe('Day 1 - Thursday, Dec 5');
    expect(dayLabel(5, conference(), '2025-09-12')).toBe('Day 5 - Friday, Sept 12');
    expect(dayLabel(2, otherConference(), null)).toBe('Day 2 - Sunday, Nov 3');
    expect(zonedDateKey('2024-12-05T23:30:00.000Z', 'Europe/Paris')).toBe('2024-12-06');
    expect(zonedDateKey(null, 'Europe/Paris')).toBeNull();
  });

  it("calls a day outside the conference's dates 'Day N', and a session without a day 'Unscheduled'", () => {
    expect(dayLabel(3, otherConference())).toBe('Day 3');
    expect(dayLabel(4, conference())).toBe('Day 4');
    expect(dayLabel(0, conference())).toBe('Day 0');
    expect(dayLabel(1)).toBe('Day 1');
    expect(dayLabel(null, conference())).toBe('Unscheduled');
  });

  it('writes ranges across months and years, and single days, with one month rule', () => {
    expect(dateRangeLabel({ startDate: '2024-10-30', endDate: '2024-11-02' })).toBe('Oct 30 - Nov 2, 2024');
    expect(dateRangeLabel({ startDate: '2024-12-30', endDate: '2025-01-02' })).toBe('Dec 30, 2024 - Jan 2, 2025');
    expect(dateRangeLabel({ startDate: '2026-06-04', endDate: '2026-06-04' })).toBe('June 4, 2026');
    expect(dateRangeLabel({ startDate: '2026-03-31', endDate: '2026-04-01' })).toBe('March 31 - April 1, 2026');
    expect(dayLabel(1, { startDate: '2025-02-28', endDate: '2025-03-01' })).toBe('Day 1 - Friday, Feb 28');
    expect(dayLabel(2, { startDate: '2025-02-28', endDate: '2025-03-01' })).toBe('Day 2 - Saturday, March 1');
    expect(dateRangeLabel({ startDate: 'soon', endDate: '2025-03-01' })).toBe('');
  });

  it("gives a moment's date in the conference's zone, with the same month rule", () => {
    expect(zonedDateLabel('2025-09-08T14:30:00.000Z', 'America/Denver')).toBe('Monday, Sept 8, 2025');
    // 00:30 in Paris is still the evening before in Denver.
    expect(zonedDateLabel('2024-11-02T23:30:00.000Z', 'Europe/Paris')).toBe('Sunday, Nov 3, 2024');
    expect(zonedDateLabel('2024-11-02T23:30:00.000Z', 'America/Denver')).toBe('Saturday, Nov 2, 2024');
    expect(zonedDateLabel(null, 'Europe/Paris')).toBeNull();
    expect(zonedDateLabel('2024-11-02T23:30:00.000Z', 'Mars/Base')).toBeNull();
  });
});
