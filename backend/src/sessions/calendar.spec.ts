import { foldLine, icsText, sessionsCalendar, vtimezone } from './calendar';

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendar files', () => {
  it('escapes text values', () => {
    expect(icsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets without cutting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  const base = { id: 'x', title: 'T', speakers: [], description: '', location: null, endTime: null };
  const options = { timeZone: 'America/Denver', calendarName: 'C', now: new Date('2025-01-01T00:00:00Z') };

  it('uses the program start time when the date holds only a day, and all-day when there is no time', () => {
    const dayOnly = new Date('2025-09-09T06:00:00Z'); // midnight in Denver
    const timed = unfold(sessionsCalendar([{ ...base, date: dayOnly, startTime: '2:00 PM', endTime: '3:30 PM' }], options).ics);
    expect(timed).toContain('DTSTART;TZID=America/Denver:20250909T140000');
    expect(timed).toContain('DTEND;TZID=America/Denver:20250909T153000');
    const allDay = unfold(sessionsCalendar([{ ...base, date: dayOnly, startTime: null }], options).ics);
    expect(allDay).toContain('DTSTART;VALUE=DATE:20250909');
    expect(allDay).toContain('DTEND;VALUE=DATE:20250910');
  });

  it("reads the program's clock as the rest of the app does: lower-case and 24-hour times are timed events too", () => {
    const dayOnly = new Date('2025-09-09T06:00:00Z');
    const lower = unfold(sessionsCalendar([{ ...base, date: dayOnly, startTime: '2:00pm', endTime: '3:30pm' }], options).ics);
    expect(lower).toContain('DTSTART;TZID=America/Denver:20250909T140000');
    expect(lower).toContain('DTEND;TZID=America/Denver:20250909T153000');
    const day = unfold(sessionsCalendar([{ ...base, date: dayOnly, startTime: '14:00', endTime: '15:30' }], options).ics);
    expect(day).toContain('DTSTART;TZID=America/Denver:20250909T140000');
    expect(day).toContain('DTEND;TZID=America/Denver:20250909T153000');
  });

  it('ends after midnight when the end time is earlier than the start', () => {
    const l = unfold(
      sessionsCalendar([{ ...base, date: new Date('2025-09-09T05:30:00Z'), startTime: '11:30 PM', endTime: '12:30 AM' }], options).ics,
    );
    expect(l).toContain('DTSTART;TZID=America/Denver:20250908T233000');
    expect(l).toContain('DTEND;TZID=America/Denver:20250909T003000');
  });

  it('writes one standard observance for a zone without daylight saving time', () => {
    const l = unfold(
      sessionsCalendar([{ ...base, date: new Date('2025-09-09T05:30:00Z'), startTime: null }], { ...options, timeZone: 'Asia/Tokyo' }).ics,
    );
    expect(l.join('\n')).toContain('BEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0900\nTZOFFSETTO:+0900');
    expect(l).toContain('DTSTART;TZID=Asia/Tokyo:20250909T143000');
  });

  it('reads the zone rules only for the years of the events (and the year before each)', () => {
    const started = Date.now();
    const block = vtimezone('America/Denver', [1975, 2099]);
    expect(Date.now() - started).toBeLessThan(1000);
    const years = block.filter((l) => /^DTSTART:\d/.test(l)).map((l) => l.slice(8, 12));
    expect(new Set(years)).toEqual(new Set(['1974', '1975', '2098', '2099']));
  });
});
