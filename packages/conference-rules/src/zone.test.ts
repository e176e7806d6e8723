import { describe, expect, it } from 'vitest';
import {
  formatZonedTime,
  isTimeZone,
  isoToZoneParts,
  wallClockParts,
  zoneDateKey,
  zoneLabel,
  zoneOffsetMinutes,
  zonePartsToIso,
} from './zone';

describe('zone arithmetic in the conference time zone', () => {
  it('reads the wall clock of an instant', () => {
    expect(wallClockParts(Date.UTC(2025, 8, 8, 15, 30), 'America/Denver')).toEqual({
      year: 2025,
      month: 9,
      day: 8,
      hour: 9,
      minute: 30,
      second: 0,
      weekday: 1,
    });
    // Midnight is hour 0 (not 24), and the date and weekday are the zone's, not UTC's.
    expect(wallClockParts(Date.parse('2025-09-08T06:00:00Z'), 'America/Denver')).toMatchObject({ day: 8, hour: 0, weekday: 1 });
    expect(wallClockParts(new Date('2025-09-09T20:30:15Z'), 'America/Denver')).toMatchObject({ hour: 14, second: 15, weekday: 2 });
    expect(zoneDateKey(new Date('2025-09-09T03:00:00Z'), 'America/Denver')).toBe('2025-09-08');
  });

  it('turns an instant into the zone date and time and back', () => {
    expect(isoToZoneParts('2025-09-08T15:30:00.000Z', 'America/Denver')).toEqual({ date: '2025-09-08', time: '09:30' });
    expect(isoToZoneParts(null, 'America/Denver')).toEqual({ date: '', time: '' });
    expect(isoToZoneParts('not a date', 'America/Denver')).toEqual({ date: '', time: '' });
    expect(zonePartsToIso('2025-09-08', '09:30', 'America/Denver')).toBe('2025-09-08T15:30:00.000Z');
    expect(zonePartsToIso('2025-09-08', '', 'Europe/Paris')).toBe('2025-09-07T22:00:00.000Z');
    expect(zonePartsToIso('', '09:30', 'America/Denver')).toBeNull();
    expect(isoToZoneParts('2025-09-08T14:30:00.000Z', 'America/New_York')).toEqual({ date: '2025-09-08', time: '10:30' });
  });

  it('gives the zone offset in minutes on each side of a daylight-saving change', () => {
    expect(zoneOffsetMinutes(Date.parse('2025-09-09T12:00:00Z'), 'America/Denver')).toBe(-360);
    expect(zoneOffsetMinutes(Date.parse('2025-12-09T12:00:00Z'), 'America/Denver')).toBe(-420);
    expect(zoneOffsetMinutes(Date.parse('2025-09-09T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('lands on the right side of a daylight-saving change', () => {
    // Denver leaves daylight time on 2025-11-02 at 2:00 AM.
    expect(zonePartsToIso('2025-11-02', '08:00', 'America/Denver')).toBe('2025-11-02T15:00:00.000Z');
    expect(zonePartsToIso('2025-11-01', '08:00', 'America/Denver')).toBe('2025-11-01T14:00:00.000Z');
    expect(zonePartsToIso('2025-11-02', '03:00', 'America/Denver')).toBe('2025-11-02T10:00:00.000Z');
  });

  it('labels times with their zone', () => {
    expect(zoneLabel('America/Denver', new Date('2025-09-08T12:00:00Z'))).toBe('America/Denver (MDT)');
    expect(zoneLabel('America/Denver', new Date('2025-12-08T14:30:00Z'))).toBe('America/Denver (MST)');
    expect(formatZonedTime('2025-09-08T14:30:00Z', 'America/Denver')).toBe('8:30 AM MDT (America/Denver)');
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
