import { describe, expect, it } from 'vitest';
import { passageLocation, welcomeName } from './format';

describe('welcomeName', () => {
  it('uses the name, else the first name, else User', () => {
    expect(welcomeName({ name: 'Jane Doe', firstName: 'Jane' })).toBe('Jane Doe');
    expect(welcomeName({ name: '', firstName: 'Jane' })).toBe('Jane');
    expect(welcomeName({ name: '  ', firstName: '' })).toBe('User');
    expect(welcomeName(null)).toBe('User');
  });
});

describe('passageLocation', () => {
  it('names the page or the time', () => {
    expect(passageLocation({ page: 3 })).toBe('Page 3');
    expect(passageLocation({ startTime: 754 })).toBe('At 12:34');
    expect(passageLocation({ startTime: 3723 })).toBe('At 1:02:03');
    expect(passageLocation({})).toBe('');
  });
});
