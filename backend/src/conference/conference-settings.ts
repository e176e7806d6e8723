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
  /** 'EFC 2025': where the full name does not fit (the attendee app's header). */
  shortName: string;
  /** The program's languages, BCP-47 primary tags in lower case: ['en'], ['fr', 'en']. */
  languages: string[];
  /** The chat's empty state: 0-6 questions an attendee can pick. */
  suggestedQuestions: string[];
}

/** The spec's conference (Sept 8-10, 2025, Denver, CO). */
export const DEFAULT_CONFERENCE: ConferenceSettings = Object.freeze({
  name: 'Equipment Finance Conference 2025',
  startDate: '2025-09-08',
  endDate: '2025-09-10',
  venue: 'Denver, CO',
  timeZone: 'America/Denver',
  shortName: 'EFC 2025',
  languages: Object.freeze(['en']) as string[],
  suggestedQuestions: Object.freeze([
    'What are the key trends in equipment financing discussed at the conference?',
    'What credit criteria do lenders look for when evaluating equipment finance deals?',
    'How is technology changing the equipment finance process?',
  ]) as string[],
});

export const MAX_CONFERENCE_NAME = 200;
export const MAX_CONFERENCE_DAYS = 60;
/** A header's room: the short name shown beside the product's name. */
export const MAX_SHORT_NAME = 40;
/** A program in more than a few languages is rare; ten leaves room without allowing a list of every code. */
export const MAX_LANGUAGES = 10;
/** The chat's empty state shows them all as buttons: six fit one screen. */
export const MAX_SUGGESTED_QUESTIONS = 6;
/** One button's text: 300 characters is already a paragraph (the spec's questions are 60-80). */
export const MAX_SUGGESTED_QUESTION = 300;

export const CONFERENCE_MESSAGES = {
  name: 'Conference name is required (at most 200 characters).',
  venue: 'Venue is required (at most 200 characters).',
  startDate: 'Start date must be a date like 2025-09-08.',
  endDate: 'End date must be a date like 2025-09-10.',
  order: 'End date must be on or after the start date.',
  length: `A conference can last at most ${MAX_CONFERENCE_DAYS} days.`,
  timeZone: 'Time zone must be an IANA time zone name such as America/Denver or Europe/Paris.',
  shortName: `Short name is required (at most ${MAX_SHORT_NAME} characters).`,
  languages: `Languages must be 1 to ${MAX_LANGUAGES} language codes such as en or fr.`,
  suggestedQuestions: `Suggested questions must be at most ${MAX_SUGGESTED_QUESTIONS}, each 1 to ${MAX_SUGGESTED_QUESTION} characters.`,
} as const;

/**
 * The canonical form of a program language: a BCP-47 primary language subtag ('EN' → 'en', 'fr'),
 * known to Intl's language names; undefined for anything else ('en-US', 'english', 'zz').
 */
export function canonicalLanguage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(v)) return undefined;
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(v);
  return name && name.toLowerCase() !== v ? v : undefined;
}

/** The canonical list of program languages (each once, in the order given), or undefined when one is not a language. */
export function canonicalLanguages(values: unknown): string[] | undefined {
  if (!Array.isArray(values) || values.length < 1 || values.length > MAX_LANGUAGES) return undefined;
  const out: string[] = [];
  for (const value of values) {
    const code = canonicalLanguage(value);
    if (!code) return undefined;
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

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

/** What a published program (pretalx, frab) says of its conference; null where it says nothing. */
export interface ProgramConferenceInfo {
  title: string | null;
  startDate: string | null;
  endDate: string | null;
  timeZone: string | null;
}

/** A setting a program can carry. The venue is not one: no program format names it. */
export type ProgramSettingField = 'name' | 'dates' | 'timeZone';

/**
 * The settings a program's conference info holds, each kept only when it would pass the settings'
 * own checks (a name of 1-200 characters, real dates in order over at most 60 days, a zone Intl
 * knows); whatever fails is left out rather than refused, as the sessions still import.
 */
export function programSettings(info: ProgramConferenceInfo): Partial<Omit<ConferenceSettings, 'venue'>> {
  const out: Partial<Omit<ConferenceSettings, 'venue'>> = {};
  const name = info.title?.trim();
  if (name && name.length <= MAX_CONFERENCE_NAME) out.name = name;
  const { startDate, endDate } = info;
  if (isCalendarDate(startDate) && isCalendarDate(endDate)) {
    const span = daysBetween(startDate, endDate);
    if (span >= 0 && span + 1 <= MAX_CONFERENCE_DAYS) Object.assign(out, { startDate, endDate });
  }
  const zone = canonicalTimeZone(info.timeZone);
  if (zone) out.timeZone = zone;
  return out;
}

/** The fields of `proposed` that differ from `current`, in a fixed order. */
export function settingDifferences(current: ConferenceSettings, proposed: Partial<ConferenceSettings>): ProgramSettingField[] {
  const out: ProgramSettingField[] = [];
  if (proposed.name !== undefined && proposed.name !== current.name) out.push('name');
  if (proposed.startDate !== undefined && (proposed.startDate !== current.startDate || proposed.endDate !== current.endDate)) {
    out.push('dates');
  }
  if (proposed.timeZone !== undefined && proposed.timeZone !== current.timeZone) out.push('timeZone');
  return out;
}

/**
 * The settings once a program's values are taken: a new name also names the header (the short name,
 * cut to fit) and empties the suggested questions, which were written for the conference it replaces.
 */
export function withProgramSettings(current: ConferenceSettings, program: Partial<ConferenceSettings>): ConferenceSettings {
  const next = { ...current, ...program };
  if (program.name !== undefined && program.name !== current.name) {
    next.shortName = program.name.slice(0, MAX_SHORT_NAME).trim();
    next.suggestedQuestions = [];
  }
  return next;
}

/** True while the settings are still the spec's conference, i.e. no admin has set them. */
export function isDefaultConference(s: ConferenceSettings): boolean {
  const same = (a: unknown, b: unknown) => (Array.isArray(a) ? JSON.stringify(a) === JSON.stringify(b) : a === b);
  return (Object.keys(DEFAULT_CONFERENCE) as (keyof ConferenceSettings)[]).every((k) => same(s[k], DEFAULT_CONFERENCE[k]));
}
