/**
 * The conference's settings and the pure rules about them: which IANA zone is valid, which calendar
 * day a moment falls on in the conference's zone, and the conference day number of a date.
 */

export interface ConferenceSettings {
  name: string;
  /** 'YYYY-MM-DD', the first conference day (Day 1) in the conference's time zone. */
  startDate: string;
  /** 'YYYY-MM-DD', the last day. */
  endDate: string;
  /** 'Denver, CO' */
  venue: string;
  /** IANA time zone of the venue, 'America/Denver'. Session times are shown in it. */
  timeZone: string;
}

/** The spec's conference (Sept 8-10, 2025, Denver, CO). */
export const DEFAULT_CONFERENCE: ConferenceSettings = Object.freeze({
  name: 'Equipment Finance Conference 2025',
  startDate: '2025-09-08',
  endDate: '2025-09-10',
  venue: 'Denver, CO',
  timeZone: 'America/Denver',
});

export const MAX_CONFERENCE_NAME = 200;
export const MAX_CONFERENCE_DAYS = 60;

export const CONFERENCE_MESSAGES = {
  name: 'Conference name is required (at most 200 characters).',
  venue: 'Venue is required (at most 200 characters).',
  startDate: 'Start date must be a date like 2025-09-08.',
  endDate: 'End date must be a date like 2025-09-10.',
  order: 'End date must be on or after the start date.',
  length: `A conference can last at most ${MAX_CONFERENCE_DAYS} days.`,
  timeZone: 'Time zone must be an IANA time zone name such as America/Denver or Europe/Paris.',
} as const;

/**
 * The canonical IANA name of a time zone ('america/denver' → 'America/Denver', 'UTC' stays), or
 * undefined when Intl does not know it. Fixed offsets ('+02:00') are not accepted: a venue has a zone.
 */
export function canonicalTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (!v || v.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(v)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(b) - ms(a)) / 86400000);
}
