import { describe, expect, it } from 'vitest';
import { clockLabel, clockMinutes, clockToInput, inputToClock } from './clock';

describe('clockMinutes: the program clock read once for both apps', () => {
  it.each([
    ['9:30 AM', 9 * 60 + 30],
    ['12:15 AM', 15],
    ['12:00 PM', 12 * 60],
    ['1:05 PM', 13 * 60 + 5],
    ['1:05pm', 13 * 60 + 5],
    [' 11:59 PM ', 23 * 60 + 59],
    ['14:05', 14 * 60 + 5],
    ['9:30', 9 * 60 + 30],
  ])('%s → %i', (clock, minutes) => {
    expect(clockMinutes(clock)).toBe(minutes);
  });

  it.each([null, undefined, '', 'noon', '9 AM', '9:3 AM', '9:30 XM'])('%s is not a clock', (value) => {
    expect(clockMinutes(value)).toBeNull();
  });
});

describe('clockLabel', () => {
  it('writes twelve-hour by default, 24-hour on request', () => {
    expect(clockLabel(0)).toBe('12:00 AM');
    expect(clockLabel(12 * 60 + 30)).toBe('12:30 PM');
    expect(clockLabel(14 * 60 + 5)).toBe('2:05 PM');
    expect(clockLabel(14 * 60 + 5, false)).toBe('14:05');
  });
});

describe('time inputs', () => {
  it('reads the program clock into an input and back', () => {
    expect(clockToInput('9:30 AM')).toBe('09:30');
    expect(clockToInput('12:05 AM')).toBe('00:05');
    expect(clockToInput('2:30 PM')).toBe('14:30');
    expect(clockToInput('12:05 PM')).toBe('12:05');
    expect(clockToInput('2:00 pm')).toBe('14:00');
    expect(clockToInput('not a time')).toBe('');
    expect(clockToInput(null)).toBe('');
    expect(inputToClock('09:30')).toBe('9:30 AM');
    expect(inputToClock('00:05')).toBe('12:05 AM');
    expect(inputToClock('14:30')).toBe('2:30 PM');
    expect(inputToClock('12:00')).toBe('12:00 PM');
    expect(inputToClock('24:00')).toBeNull();
    expect(inputToClock('')).toBeNull();
  });
});
