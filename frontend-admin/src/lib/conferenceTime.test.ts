import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from './conferenceTime';
import { formatSessionSchedule } from './format';

// The zone arithmetic and the program's clock have their suite with the shared rules (packages/conference-rules/src/zone.test.ts, clock.test.ts).
describe('conference time (never the browser zone)', () => {
  it('offers every zone the browser knows, and UTC', () => {
    expect(timeZoneChoices()).toEqual(expect.arrayContaining(['America/Denver', 'Europe/Paris', 'Asia/Tokyo', 'UTC']));
  });

  it('shows when a session is, in the conference zone, with its end and zone', () => {
    const at = { date: '2025-09-08T14:30:00.000Z', startTime: '8:30 AM', endTime: '9:15 AM' };
    expect(formatSessionSchedule(at, 'America/Denver')).toBe('Sep 8, 2025, 8:30 AM – 9:15 AM MDT');
    expect(formatSessionSchedule({ ...at, endTime: null }, 'America/Denver')).toBe('Sep 8, 2025, 8:30 AM MDT');
    expect(formatSessionSchedule({ date: '2025-09-08T06:00:00.000Z', startTime: null }, 'America/Denver')).toBe('Sep 8, 2025');
    expect(formatSessionSchedule({ date: null }, 'America/Denver')).toBe('Not scheduled');
  });
});
