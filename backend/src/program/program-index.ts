import { clockMinutes, fold, stemsOf, tokens, wallClock } from './program-text';

/**
 * A cognate shares at least this many first letters with a program word, and differs only in its last
 * COGNATE_SLACK letters: chosen on the dev program (French / English titles) and checked on the 28c3
 * program (German / English) so that 'Satelliten' finds 'Satellite' and 'quantique' does not find 'quantum'.
 */
const COGNATE_PREFIX = 6;
const COGNATE_SLACK = 3;
/** Words whose `holds` answer an index keeps (cleared when full). */
const HELD_WORDS = 20_000;

/** A session's program entry as stored. */
export interface ProgramRecord {
  id: string;
  title: string;
  description: string;
  speakers: string[];
  tags: string[];
  format: string;
  date: Date | string | null;
  day: number | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
}

/** A program entry with what matching needs, computed once per content version. */
export interface ProgramEntry extends ProgramRecord {
  /** Conference-time calendar date ('2025-09-09'), weekday (0 = Sunday), month and day of month. */
  dateKey: string | null;
  weekday: number | null;
  month: number | null;
  dayOfMonth: number | null;
  start: number | null;
  end: number | null;
  /** Speaker names without their affiliation ('Dana Whitfield, Chief Economist' → 'Dana Whitfield'). */
  speakerNames: string[];
  titleStems: Set<string>;
  tagStems: Set<string>;
  descriptionStems: Set<string>;
  titleTokens: string[];
}

export interface SpeakerName {
  name: string;
  tokens: string[];
  entries: ProgramEntry[];
}

export interface RoomName {
  name: string;
  tokens: string[];
  /**
   * The name without what it adds in brackets ('Supper (top)' → ['supper'], 'Hall 2 [level 1]' → ['hall', '2']):
   * how attendees say it. Null when the name has no such part.
   */
  core: string[] | null;
}

/** A room's name without its bracketed additions, as tokens; null when nothing is in brackets or nothing else is left. */
export function roomCore(name: string): string[] | null {
  const bare = name.replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ');
  if (bare === name) return null;
  const core = tokens(bare);
  return core.length ? core : null;
}

/**
 * The program as the assistant searches it: entries in program order, the speakers, rooms and
 * formats that exist, and how many entries each word stem appears in (for topic weights).
 */
export class ProgramIndex {
  readonly entries: ProgramEntry[];
  readonly speakers: SpeakerName[];
  readonly rooms: RoomName[];
  readonly formats: Set<string>;
  /** Word stem → entries whose title, tags or description hold it. */
  private readonly df = new Map<string, number>();
  /** Stems of every speaker name token (a question word that is one is a name, not a topic). */
  readonly nameStems = new Set<string>();
  /** `holds` per word asked (a compound's splits try many): the index never changes, so neither do the answers. */
  private readonly held = new Map<string, boolean>();

  constructor(
    records: ProgramRecord[],
    readonly timeZone: string,
  ) {
    this.entries = records.map((r) => entryOf(r, timeZone)).sort(programOrder);
    const speakers = new Map<string, SpeakerName>();
    const rooms = new Map<string, RoomName>();
    for (const e of this.entries) {
      for (const name of e.speakerNames) {
        const key = tokens(name).join(' ');
        if (!key) continue;
        const s = speakers.get(key) ?? { name, tokens: key.split(' '), entries: [] };
        if (!s.entries.includes(e)) s.entries.push(e);
        speakers.set(key, s);
        for (const t of s.tokens) for (const k of stemsOf(t)) this.nameStems.add(k);
      }
      if (e.location) {
        const key = tokens(e.location).join(' ');
        if (key && !rooms.has(key)) rooms.set(key, { name: e.location, tokens: key.split(' '), core: roomCore(e.location) });
      }
      for (const s of new Set([...e.titleStems, ...e.tagStems, ...e.descriptionStems])) this.df.set(s, (this.df.get(s) ?? 0) + 1);
    }
    this.speakers = [...speakers.values()];
    this.rooms = [...rooms.values()];
    this.formats = new Set(this.entries.map((e) => e.format));
  }

  /** Inverse document frequency of a stem over the entries; a stem no entry holds weighs the most. */
  idf(s: string): number {
    const n = this.entries.length;
    return Math.log(1 + (n + 1) / ((this.df.get(s) ?? 0) + 0.5));
  }

  documentFrequency(s: string): number {
    return this.df.get(s) ?? 0;
  }

  /** Some entry's title, tags or description holds `word` (folded) under one of its stems (`stemsOf`). */
  holds(word: string): boolean {
    let held = this.held.get(word);
    if (held === undefined) {
      held = stemsOf(word).some((s) => this.df.has(s));
      if (this.held.size >= HELD_WORDS) this.held.clear();
      this.held.set(word, held);
    }
    return held;
  }

  /**
   * Stems of the program that share a long beginning with `s`, a stem no entry holds: the same word in
   * another language or form ('satelliten' / 'satellit', 'cryptographie' / 'cryptography'). Folding and
   * this prefix rule are the whole of it: no word list (COGNATE_PREFIX, COGNATE_SLACK).
   */
  cognates(s: string): string[] {
    if (s.length < COGNATE_PREFIX || this.df.has(s)) return [];
    const found: string[] = [];
    for (const other of this.df.keys()) {
      if (other.length < COGNATE_PREFIX || other.slice(0, COGNATE_PREFIX) !== s.slice(0, COGNATE_PREFIX)) continue;
      let p = COGNATE_PREFIX;
      while (p < s.length && p < other.length && s[p] === other[p]) p++;
      if (p >= Math.max(s.length, other.length) - COGNATE_SLACK) found.push(other);
    }
    return found;
  }

  byId(id: string): ProgramEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Distinct conference dates in order. */
  dates(): string[] {
    return [...new Set(this.entries.map((e) => e.dateKey).filter((d): d is string => !!d))].sort();
  }
}

function entryOf(r: ProgramRecord, timeZone: string): ProgramEntry {
  const date = r.date ? new Date(r.date) : null;
  const wall = date && !Number.isNaN(date.getTime()) ? wallClock(date, timeZone) : null;
  // A hyphenated word is also read joined ('pen-test' → 'pentest'): other languages write such compounds as one word.
  const joined = (text: string) => [...fold(text).matchAll(/\p{L}+(?:-\p{L}+)+/gu)].map((m) => m[0].replace(/-/g, ''));
  const stems = (text: string) => new Set([...tokens(text), ...joined(text)].flatMap(stemsOf));
  const speakerNames = (r.speakers ?? []).map((s) => s.split(',')[0].trim()).filter(Boolean);
  return {
    ...r,
    speakers: r.speakers ?? [],
    tags: r.tags ?? [],
    description: r.description ?? '',
    dateKey: wall?.dateKey ?? null,
    weekday: wall?.weekday ?? null,
    month: wall?.month ?? null,
    dayOfMonth: wall?.day ?? null,
    start: clockMinutes(r.startTime) ?? (wall ? wall.minutes : null),
    end: clockMinutes(r.endTime),
    speakerNames,
    titleStems: stems(r.title),
    tagStems: stems((r.tags ?? []).join(' ')),
    descriptionStems: stems(r.description ?? ''),
    titleTokens: tokens(r.title),
  };
}

export function programOrder(a: ProgramEntry, b: ProgramEntry): number {
  const key = (e: ProgramEntry) => [e.dateKey ?? (e.day != null ? `day-${String(e.day).padStart(3, '0')}` : '~'), e.start ?? 9999] as const;
  const [da, sa] = key(a);
  const [db, sb] = key(b);
  if (da !== db) return da < db ? -1 : 1;
  if (sa !== sb) return sa - sb;
  return fold(a.location ?? '').localeCompare(fold(b.location ?? '')) || a.title.localeCompare(b.title);
}

/** True when two entries run at the same time on the same day. */
export function overlaps(a: ProgramEntry, b: ProgramEntry): boolean {
  if ((a.dateKey ?? a.day) !== (b.dateKey ?? b.day) || a.start == null || b.start == null) return false;
  return a.start < endOf(b, b.start) && b.start < endOf(a, a.start);
}

/** Minutes after midnight an entry ends at: past midnight when it ends at or before its start (23:00-00:00), else 30 minutes after a start without an end. */
function endOf(e: ProgramEntry, start: number): number {
  if (e.end == null) return start + 30;
  return e.end <= start ? e.end + 24 * 60 : e.end;
}
