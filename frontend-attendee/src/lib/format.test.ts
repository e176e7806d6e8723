import { describe, expect, it } from 'vitest';
import { messageTimeLabel, passageLocation, welcomeName } from './format';

describe('messageTimeLabel', () => {
  const now = new Date('2025-09-09T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("reads 'Just now' under a minute", () => {
    expect(messageTimeLabel(ago(0), now)).toBe('Just now');
    expect(messageTimeLabel(ago(59_000), now)).toBe('Just now');
  });
  it("reads 'N minutes ago' under an hour", () => {
    expect(messageTimeLabel(ago(60_000), now)).toBe('1 minute ago');
    expect(messageTimeLabel(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(messageTimeLabel(ago(59 * 60_000 + 59_000), now)).toBe('59 minutes ago');
  });
  it("reads 'N hours ago' under a day", () => {
    expect(messageTimeLabel(ago(3_600_000), now)).toBe('1 hour ago');
    expect(messageTimeLabel(ago(23 * 3_600_000), now)).toBe('23 hours ago');
  });
  it('shows the date after a day', () => {
    expect(messageTimeLabel('2025-09-07T12:00:00Z', now)).toBe('Sep 7, 2025');
  });
});

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
