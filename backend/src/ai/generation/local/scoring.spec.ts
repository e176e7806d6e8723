import { hasNumber } from './scoring';

describe('sentence scoring', () => {
  it('reads a figure in digits or in words, a date or a duration', () => {
    expect(hasNumber('forty-three percent')).toBe(true);
    expect(hasNumber('no figures here')).toBe(false);
    expect(hasNumber('Revenue was 3.4 million')).toBe(true);
    expect(hasNumber('We met in March')).toBe(true);
    expect(hasNumber('It takes a couple of weeks')).toBe(true);
  });
});
