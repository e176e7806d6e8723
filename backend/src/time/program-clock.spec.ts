import { clockLabel, clockMinutes } from './program-clock';

describe("the program's clock on the server", () => {
  it.each([
    ['9:30 AM', 9 * 60 + 30],
    ['12:15 AM', 15],
    ['12:00 PM', 12 * 60],
    ['1:05 PM', 13 * 60 + 5],
    ['1:05pm', 13 * 60 + 5],
    ['14:05', 14 * 60 + 5],
  ])('%s is %i minutes after midnight', (clock, minutes) => {
    expect(clockMinutes(clock)).toBe(minutes);
  });

  it.each([null, undefined, '', 'noon', '9 AM', '9:30 XM'])('%s is not a clock', (value) => {
    expect(clockMinutes(value)).toBeNull();
  });

  it('writes twelve-hour times by default, 24-hour on request', () => {
    expect(clockLabel(0)).toBe('12:00 AM');
    expect(clockLabel(14 * 60 + 5)).toBe('2:05 PM');
    expect(clockLabel(14 * 60 + 5, false)).toBe('14:05');
  });
});
