import {
  conferenceDayOf,
  conferenceTimeOf,
  importRecord,
  normalizeClock,
  normalizeFormat,
  parseSessionDate,
  toStringList,
} from './session-input';

describe('session input rules', () => {
  describe(toStringList.name, () => {
    it('splits comma-separated text, trims and drops empties', () => {
      expect(toStringList(' Ana Ruiz , ,Bo Lee,')).toEqual(['Ana Ruiz', 'Bo Lee']);
    });
    it('trims arrays and drops empty entries', () => {
      expect(toStringList(['  a ', '', 'b'])).toEqual(['a', 'b']);
    });
    it('keeps each array entry whole, commas and all', () => {
      const speakers = ['Dana Whitfield, Chief Economist, Keystone Leasing Research', 'Bo Lee'];
      expect(toStringList(speakers)).toEqual(speakers);
      expect(toStringList(toStringList(speakers))).toEqual(speakers);
    });
    it('reads text with line breaks as one entry per line (commas kept)', () => {
      expect(toStringList('Dana Whitfield, Chief Economist\r\n\nBo Lee\n')).toEqual(['Dana Whitfield, Chief Economist', 'Bo Lee']);
    });
    it('gives [] for null, undefined and empty text', () => {
      expect(toStringList(null)).toEqual([]);
      expect(toStringList(undefined)).toEqual([]);
      expect(toStringList('')).toEqual([]);
    });
    it('rejects numbers, objects and arrays of non-strings', () => {
      expect(toStringList(3)).toBeUndefined();
      expect(toStringList({ a: 1 })).toBeUndefined();
      expect(toStringList(['a', 2])).toBeUndefined();
    });
  });

  describe(normalizeFormat.name, () => {
    it.each([
      ['keynote', 'keynote'],
      ['Opening Keynote', 'keynote'],
      ['Fireside Chat', 'fireside'],
      ['Round Table', 'roundtable'],
      ['lightning talks', 'lightning'],
      ['Lab', 'workshop'],
      ['Hands-on Workshop', 'workshop'],
      ['CONCURRENT', 'concurrent'],
      ['Panel Discussion', 'panel'],
    ])('%s → %s', (input, expected) => {
      expect(normalizeFormat(input)).toBe(expected);
    });
    it('gives undefined for unknown or non-text values', () => {
      expect(normalizeFormat('cooking show')).toBeUndefined();
      expect(normalizeFormat('')).toBeUndefined();
      expect(normalizeFormat(7)).toBeUndefined();
    });
  });

  describe(parseSessionDate.name, () => {
    it('reads ISO dates with an offset or Z', () => {
      expect((parseSessionDate('2025-09-08T15:30:00Z') as Date).toISOString()).toBe('2025-09-08T15:30:00.000Z');
      expect((parseSessionDate('2025-09-08T09:30:00-06:00') as Date).toISOString()).toBe('2025-09-08T15:30:00.000Z');
      expect((parseSessionDate('2025-09-08T09:30:00.250+0200') as Date).toISOString()).toBe('2025-09-08T07:30:00.250Z');
    });
    it('reads a date-time without offset as Denver time (MDT in September, MST in January)', () => {
      expect((parseSessionDate('2025-09-08T09:30') as Date).toISOString()).toBe('2025-09-08T15:30:00.000Z');
      expect((parseSessionDate('2025-01-15T09:30') as Date).toISOString()).toBe('2025-01-15T16:30:00.000Z');
    });
    it('gives null for empty values', () => {
      expect(parseSessionDate(null)).toBeNull();
      expect(parseSessionDate(undefined)).toBeNull();
      expect(parseSessionDate('  ')).toBeNull();
    });
    it('rejects impossible or non-ISO dates', () => {
      for (const bad of ['2025-02-30', '2025-09-08T25:00', 'next tuesday', '09/08/2025', 20250908, {}]) {
        expect(parseSessionDate(bad)).toBe('invalid');
      }
    });
  });

  it('counts conference days in Denver time (late evening UTC stays on the Denver day)', () => {
    expect(conferenceDayOf(new Date('2025-09-08T15:30:00Z'))).toBe(1);
    expect(conferenceDayOf(new Date('2025-09-10T04:30:00Z'))).toBe(2); // Sept 9, 10:30 PM in Denver
    expect(conferenceDayOf(new Date('2025-09-10T20:00:00Z'))).toBe(3);
    expect(conferenceDayOf(new Date('2025-09-07T20:00:00Z'))).toBeNull();
  });

  it('writes Denver times like the program does', () => {
    expect(conferenceTimeOf(new Date('2025-09-08T15:30:00Z'))).toBe('9:30 AM');
    expect(conferenceTimeOf(new Date('2025-09-08T18:05:00Z'))).toBe('12:05 PM');
    expect(conferenceTimeOf(new Date('2025-09-09T06:00:00Z'))).toBe('12:00 AM');
  });

  it('normalizes clock times', () => {
    expect(normalizeClock('9:30 am')).toBe('9:30 AM');
    expect(normalizeClock('09:30PM')).toBe('9:30 PM');
    expect(normalizeClock('14:05')).toBe('2:05 PM');
    expect(normalizeClock('')).toBeNull();
    expect(normalizeClock('13:00 PM')).toBeUndefined();
    expect(normalizeClock('noon')).toBeUndefined();
  });

  describe(importRecord.name, () => {
    it('applies the defaults of PRODUCT.md §5', () => {
      const result = importRecord({});
      expect(result).toEqual({
        ok: true,
        record: {
          title: 'Untitled Session',
          description: '',
          speakers: [],
          tags: [],
          format: 'panel',
          date: null,
          day: null,
          startTime: null,
          endTime: null,
          location: null,
        },
      });
    });
    it('falls back from format to type, then panel', () => {
      const fmt = (raw: object) => {
        const r = importRecord(raw);
        return r.ok ? r.record.format : r.reason;
      };
      expect(fmt({ format: 'Keynote' })).toBe('keynote');
      expect(fmt({ type: 'Fireside Chat' })).toBe('fireside');
      expect(fmt({ format: 'mystery', type: 'roundtable' })).toBe('roundtable');
      expect(fmt({ format: 'mystery' })).toBe('panel');
    });
    it('derives day and start time from the date', () => {
      const r = importRecord({ title: 'T', date: '2025-09-09T14:00:00-06:00' });
      expect(r.ok && r.record.day).toBe(2);
      expect(r.ok && r.record.startTime).toBe('2:00 PM');
    });
    it('reads a date without offset in the given conference zone and counts days from its first day', () => {
      const r = importRecord(
        { title: 'T', date: '2025-11-02T14:00', externalId: ' pretalx:AB12 ' },
        { timeZone: 'Europe/Paris', startDate: '2025-11-01' },
      );
      expect(r.ok && [r.record.date?.toISOString(), r.record.day, r.record.startTime, r.record.externalId]).toEqual([
        '2025-11-02T13:00:00.000Z',
        2,
        '2:00 PM',
        'pretalx:AB12',
      ]);
    });
    it('keeps a given day and start time', () => {
      const r = importRecord({ title: 'T', date: '2025-09-09T14:00:00-06:00', day: 3, startTime: '8:00 AM' });
      expect(r.ok && [r.record.day, r.record.startTime]).toEqual([3, '8:00 AM']);
    });
    it.each([
      [42, 'not an object'],
      [null, 'not an object'],
      [['a'], 'not an object'],
      [{ title: 5 }, 'title must be text'],
      [{ date: 'soon' }, 'invalid date'],
      [{ speakers: 12 }, 'Speakers must be a list of names or a comma-separated string.'],
      [{ tags: [1] }, 'Tags must be a list of words or a comma-separated string.'],
      [{ format: 3 }, 'format must be text'],
      [{ day: 'two' }, 'Day must be a whole number from 1 (Sept 8, 2025).'],
      [{ startTime: 'noon' }, 'Start time must look like 9:30 AM.'],
      [{ description: 'x'.repeat(10_001) }, 'Description must be at most 10,000 characters.'],
      [{ externalId: 5 }, 'External id must be text of at most 200 characters.'],
    ])('rejects %j: %s', (raw, reason) => {
      expect(importRecord(raw)).toEqual({ ok: false, reason });
    });
  });
});
