import { describe, expect, it } from 'vitest';
import {
  clockToInput,
  formatZonedTime,
  inputToClock,
  isTimeZone,
  isoToZoneParts,
  timeZoneChoices,
  zoneLabel,
  zonePartsToIso,
} from './conferenceTime';
import { formatSessionSchedule } from './format';

describe('conference time (never the browser zone)', () => {
  it('reads an instant as the conference wall clock, and back', () => {
    expect(isoToZoneParts('2025-09-08T14:30:00.000Z', 'America/Denver')).toEqual({ date: '2025-09-08', time: '08:30' });
    expect(isoToZoneParts('2025-09-08T14:30:00.000Z', 'America/New_York')).toEqual({ date: '2025-09-08', time: '10:30' });
    expect(zonePartsToIso('2025-09-08', '08:30', 'America/Denver')).toBe('2025-09-08T14:30:00.000Z');
    expect(zonePartsToIso('2025-09-08', '', 'America/Denver')).toBe('2025-09-08T06:00:00.000Z');
    expect(zonePartsToIso('', '08:30', 'America/Denver')).toBeNull();
    expect(isoToZoneParts(null, 'America/Denver')).toEqual({ date: '', time: '' });
  });

  it('lands on the right side of a daylight-saving change', () => {
    // Denver leaves MDT on Nov 2, 2025 at 2:00 AM: 3:00 AM that day is MST (UTC-7).
    expect(zonePartsToIso('2025-11-02', '03:00', 'America/Denver')).toBe('2025-11-02T10:00:00.000Z');
    expect(zonePartsToIso('2025-11-01', '03:00', 'America/Denver')).toBe('2025-11-01T09:00:00.000Z');
  });

  it("converts between the program's clock and a time input", () => {
    expect(clockToInput('8:30 AM')).toBe('08:30');
    expect(clockToInput('12:05 PM')).toBe('12:05');
    expect(clockToInput('12:05 AM')).toBe('00:05');
    expect(clockToInput('2:00 pm')).toBe('14:00');
    expect(clockToInput(null)).toBe('');
    expect(inputToClock('14:00')).toBe('2:00 PM');
    expect(inputToClock('00:15')).toBe('12:15 AM');
    expect(inputToClock('12:00')).toBe('12:00 PM');
    expect(inputToClock('')).toBeNull();
  });

  it('labels times with the zone', () => {
    expect(formatZonedTime('2025-09-08T14:30:00.000Z', 'America/Denver')).toBe('8:30 AM MDT (America/Denver)');
    expect(zoneLabel('America/Denver', new Date('2025-09-08T14:30:00Z'))).toBe('America/Denver (MDT)');
    expect(zoneLabel('America/Denver', new Date('2025-12-08T14:30:00Z'))).toBe('America/Denver (MST)');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneChoices()).toContain('America/Denver');
  });

  it('shows when a session is, in the conference zone, with its end and zone', () => {
    const at = { date: '2025-09-08T14:30:00.000Z', startTime: '8:30 AM', endTime: '9:15 AM' };
    expect(formatSessionSchedule(at, 'America/Denver')).toBe('Sep 8, 2025, 8:30 AM – 9:15 AM MDT');
    expect(formatSessionSchedule({ ...at, endTime: null }, 'America/Denver')).toBe('Sep 8, 2025, 8:30 AM MDT');
    expect(formatSessionSchedule({ date: '2025-09-08T06:00:00.000Z', startTime: null }, 'America/Denver')).toBe('Sep 8, 2025');
    expect(formatSessionSchedule({ date: null }, 'America/Denver')).toBe('Not scheduled');
  });
});
