import { NOT_COVERED_ANSWER } from '../ai/generation/generation.types';
import { sessionMarker } from '../text/citation-grammar';
import { overlaps, type ProgramEntry, type ProgramIndex, programOrder } from './program-index';
import { type ProgramQuery, topicAsWritten } from './program-query';
import { clockLabel, fold, wallClock } from './program-text';
import { type Language, MONTH_LABELS, SERVICE_WORDS, WEEKDAY_LABELS } from './program-vocabulary';
import { LANGUAGES, type ProgramPhrases } from '../text/lang';

/** Sessions named in a list answer; the rest are counted. */
const LIST_LIMIT = 12;
/** Sessions proposed by 'which sessions should I attend about X?'. */
const PLAN_LIMIT = 5;
/** Share of a question's topic weight a session must hold to match it. */
const TOPIC_COVERAGE = 0.65;
/** Sessions shown when each topic word is in the program but no one session holds enough of them together. */
const PARTIAL_LIMIT = 3;

/** A fixed phrase of the language's data file with its `{name}`s filled in. */
export function say(language: Language, key: keyof ProgramPhrases, values: Record<string, string | number> = {}): string {
  return LANGUAGES[language].phrases[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')).trim();
}

/** '9:30 AM' / '9:30' in the language's clock. */
function clock(minutes: number, language: Language): string {
  return clockLabel(minutes, LANGUAGES[language].twelveHourClock);
}

/** 'Tuesday, Sept 9' / 'mardi 9 septembre'; 'Day 2' without a date; null with neither. */
export function dayLabel(e: ProgramEntry, language: Language): string | null {
  if (e.weekday != null && e.month != null && e.dayOfMonth != null) {
    const weekday = WEEKDAY_LABELS[language][e.weekday];
    const month = MONTH_LABELS[language][e.month - 1];
    return say(language, 'date', { weekday, month, day: e.dayOfMonth });
  }
  if (e.day != null) return say(language, 'dayNumber', { n: e.day });
  return null;
}

function timeLabel(e: ProgramEntry, language: Language): string | null {
  if (e.start == null) return null;
  return e.end != null ? `${clock(e.start, language)} – ${clock(e.end, language)}` : clock(e.start, language);
}

function roomLabel(e: ProgramEntry, language: Language): string | null {
  return e.location ? roomName(e.location, language) : null;
}

/** 'room B422' for a one-word room name, 'Main Hall' as it is. */
function roomName(location: string, language: Language): string {
  return /\s/.test(location.trim()) ? location : `${say(language, 'room')} ${location}`;
}

function durationLabel(e: ProgramEntry): string | null {
  if (e.start == null || e.end == null || e.end <= e.start) return null;
  const minutes = e.end - e.start;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${String(m).padStart(2, '0')}` : `${h} h`;
}

/** 'Tuesday, Sept 9, 2:00 PM – 4:25 PM, room B422': the facts of when and where. */
export function whenWhere(e: ProgramEntry, language: Language, withDuration = false): string {
  const duration = withDuration ? durationLabel(e) : null;
  const time = timeLabel(e, language);
  const parts = [dayLabel(e, language), time && duration ? `${time} (${duration})` : time, roomLabel(e, language)].filter(Boolean);
  return parts.length ? parts.join(', ') : say(language, 'timeNotPublished');
}

function speakersLabel(e: ProgramEntry): string {
  return e.speakerNames.join(', ');
}

/** One line of facts for a source's snippet and an OpenAI passage. */
export function entryFacts(e: ProgramEntry, language: Language = 'en'): string {
  const who = speakersLabel(e);
  return [whenWhere(e, language), e.format, who ? `${say(language, 'with')} ${who}` : ''].filter(Boolean).join(' · ');
}

/** The first sentences of a description, up to about `max` characters. */
function abstractOf(e: ProgramEntry, max = 320): string {
  const text = e.description
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const sentences = text.split(/(?<=[.!?])\s+(?=\P{Ll})/u);
  let out = '';
  for (const s of sentences) {
    if (out && (out + ' ' + s).length > max) break;
    out = out ? `${out} ${s}` : s;
  }
  if (!out || out.length > max * 1.5) {
    const cut = text.lastIndexOf(' ', max);
    out = `${text.slice(0, cut > max / 2 ? cut : max)}…`;
  }
  return out.trim();
}

/** The wall clock of the conference now: its date key, minutes, and where it falls in the program. */
export interface ConferenceNow {
  dateKey: string;
  minutes: number;
}

export function conferenceNow(now: Date, timeZone: string): ConferenceNow {
  const w = wallClock(now, timeZone);
  return { dateKey: w.dateKey, minutes: w.minutes };
}

function addDays(dateKey: string, n: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The result of reading a question against the program. */
export interface ProgramResult {
  /** Markdown answer citing entries with '[Session: Title]'. */
  text: string;
  /** Entries cited, in order. */
  entries: ProgramEntry[];
  /** Nothing in the program matches the session or person asked about. */
  notInProgram: boolean;
}

interface Scored {
  entry: ProgramEntry;
  score: number;
}

/** Where an entry holds a topic word (or one of its alternatives): title 3, tags 2, description 1, else 0. */
function fieldWeight(entry: ProgramEntry, t: ProgramQuery['topic'][number]): number {
  const holds = (stems: Set<string>) => stems.has(t.stem) || t.alternatives.some((a) => stems.has(a));
  return holds(entry.titleStems) ? 3 : holds(entry.tagStems) ? 2 : holds(entry.descriptionStems) ? 1 : 0;
}

/** Entries matching the question's topic words, best first (title 3, tags 2, description 1). */
function topicMatches(index: ProgramIndex, q: ProgramQuery, pool: ProgramEntry[]): Scored[] {
  const total = q.topic.reduce((s, t) => s + t.idf, 0);
  if (total === 0) return pool.map((entry) => ({ entry, score: 0 }));
  const scored: Scored[] = [];
  for (const entry of pool) {
    let score = 0;
    let covered = 0;
    for (const t of q.topic) {
      const w = fieldWeight(entry, t);
      if (w) {
        score += w * t.idf;
        covered += t.idf;
      }
    }
    if (covered / total >= TOPIC_COVERAGE) scored.push({ entry, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}

/**
 * Every topic word is somewhere in the program, but no session holds enough of them together ('Is there a
 * session on AI for underwriting?' where one session is about AI and another about underwriting): the
 * sessions that hold the most of the topic, best first; none when the question has one topic word or a
 * word no session holds (then it is not in the program).
 */
function partialMatches(q: ProgramQuery, pool: ProgramEntry[]): ProgramEntry[] {
  if (q.topic.length < 2 || !q.topic.every((t) => t.held)) return [];
  const scored = pool
    .map((entry) => ({ entry, covered: q.topic.reduce((sum, t) => sum + (fieldWeight(entry, t) ? t.idf : 0), 0) }))
    .filter((m) => m.covered > 0)
    .sort((a, b) => b.covered - a.covered);
  return scored.slice(0, PARTIAL_LIMIT).map((m) => m.entry);
}

/** A title of at most this many words can name a meal or a break ('Lunch', 'Afternoon coffee break'). */
const SERVICE_TITLE_WORDS = 4;

/**
 * 'What is the first session?', 'When does the conference end?', 'Ana's last talk': the earliest sessions
 * (by start) or the latest (by end) of those asked about; null when the question asks neither, or none has a time.
 */
function firstOrLast(q: ProgramQuery, entries: ProgramEntry[], nightOfDayBefore: (e: ProgramEntry) => boolean): ProgramEntry[] | null {
  const a = q.asks;
  const nothingNamed = !q.topic.length && !q.speakers.length && !q.rooms.length;
  const first = a.first || (a.start && q.clock == null && nothingNamed && !a.last);
  const last = !first && (a.last || (a.end && nothingNamed));
  const scheduled = entries.filter((e) => e.dateKey != null && e.start != null);
  // 'The first talk on Sunday' is not its breakfast: meals, breaks and registration are passed over unless asked for.
  const talks = nothingNamed ? scheduled.filter((e) => !isServiceEntry(e)) : scheduled;
  // 'The first talk on Thursday' is not Wednesday's program running past midnight when Thursday has its own.
  const ownDay = first ? talks.filter((e) => !nightOfDayBefore(e)) : talks;
  const timed = ownDay.length ? ownDay : talks.length ? talks : scheduled;
  if ((!first && !last) || !timed.length) return null;
  // A session ending after midnight ('23:00 – 0:00') ends after every other of its day.
  const end = (e: ProgramEntry) => (e.end != null && e.start != null && e.end < e.start ? e.end + 24 * 60 : (e.end ?? e.start));
  const key = (e: ProgramEntry) => `${e.dateKey} ${String(first ? e.start : end(e)).padStart(4, '0')}`;
  const keys = timed.map(key).sort();
  const wanted = first ? keys[0] : keys[keys.length - 1];
  return timed.filter((e) => key(e) === wanted).sort(programOrder);
}

/** A session titled as a meal, a break or registration ('Breakfast', 'Coffee break', 'Déjeuner'), in a short title. */
function isServiceEntry(e: ProgramEntry): boolean {
  const words = fold(e.title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length || words.length > SERVICE_TITLE_WORDS) return false;
  const spaced = ` ${words.join(' ')} `;
  return SERVICE_WORDS.some((w) => spaced.includes(` ${w} `));
}

/** Composes program answers from the structured facts of the sessions (no model). */
export class ProgramAnswerer {
  constructor(
    private readonly index: ProgramIndex,
    private readonly now: Date,
  ) {}

  /**
   * A session the program lists under a conference day whose other sessions are held on an earlier date: that
   * day's program running past midnight (a frab schedule's sessions before its day change, '0:15' of day 2).
   */
  nightOfDayBefore(e: ProgramEntry): boolean {
    const { day, dateKey } = e;
    if (day == null || dateKey == null) return false;
    return this.index.entries.some((o) => o.day === day && o.dateKey != null && o.dateKey < dateKey);
  }

  /** Entries passing the question's day, time, room, speaker and format filters (no topic). */
  filter(q: ProgramQuery, pool = this.index.entries): ProgramEntry[] {
    const now = conferenceNow(this.now, this.index.timeZone);
    const dates = this.index.dates();
    return pool.filter((e) => {
      if (q.speakers.length && !q.speakers.some((s) => s.entries.includes(e))) return false;
      if (q.rooms.length && !q.rooms.some((r) => r.name === e.location)) return false;
      if (q.formats.length && !q.formats.includes(e.format)) return false;
      const dayWanted = q.weekdays.length || q.dayNumbers.length || q.dates.length || q.relativeDays.length;
      if (dayWanted) {
        const byDayNumber = q.dayNumbers.some((n) => e.day === n || (e.day == null && e.dateKey != null && dates[n - 1] === e.dateKey));
        const ok =
          (e.weekday != null && q.weekdays.includes(e.weekday)) ||
          byDayNumber ||
          q.dates.some(([m, d]) => e.month === m && e.dayOfMonth === d) ||
          q.relativeDays.some((n) => e.dateKey === addDays(now.dateKey, n));
        if (!ok) return false;
      }
      if (q.partOfDay && (e.start == null || e.start < q.partOfDay[0] || e.start >= q.partOfDay[1])) return false;
      if (q.clock != null && !(q.asks.after || q.asks.next)) {
        if (e.start == null) return false;
        const running = e.start <= q.clock && q.clock < (e.end ?? e.start + 1);
        if (q.asks.start ? e.start !== q.clock : !running) return false;
      }
      return true;
    });
  }

  /**
   * The answer to a program question. `selected` holds the sessions chosen in the chat (for 'this
   * session'); `anchors`, sessions an answer already cited (for 'her next talk'); without them, a
   * follow-up's anchors are the sessions the thread's previous program question was answered with.
   */
  answer(q: ProgramQuery, selected: string[], anchors: string[] = []): ProgramResult {
    if (q.asks.self && selected.length) {
      const entries = selected.map((id) => this.index.byId(id)).filter((e): e is ProgramEntry => !!e);
      if (entries.length) return this.describe(entries, q);
    }
    if (q.unknownRoom && !q.rooms.length)
      return { text: say(q.language, 'noSessionIn', { room: q.unknownRoom }), entries: [], notInProgram: false };
    if (q.asks.plan) return this.plan(q);
    // 'What is next after the Rust talk?' names its anchor: the session after it, whatever the clock says.
    const anchored = q.topic.length > 0 || q.speakers.length > 0;
    if (q.asks.after && !q.asks.now && (!q.asks.next || anchored)) {
      const after = this.afterAnchor(q);
      if (after) return after;
    }
    if (q.refers.time && q.previous) {
      const cited = anchors.length ? anchors : this.answer(q.previous, selected).entries.map((e) => e.id);
      const alongside = this.alongside(cited, q);
      if (alongside) return alongside;
    }
    if (q.pronoun && !q.speakers.length && (q.asks.next || q.asks.when || q.asks.after)) {
      const cited = anchors.length ? anchors : q.previous ? this.answer(q.previous, selected).entries.map((e) => e.id) : [];
      if (cited.length) return this.nextOfSpeakersOf(cited, q);
    }
    if (q.asks.now || q.asks.next) return this.byClock(q);
    return this.byFilters(q);
  }

  /**
   * 'What else is on at that time?': the other sessions running when the first session of the answer before
   * starts, in the room asked if one is; undefined when that answer named no session with a time.
   */
  private alongside(cited: string[], q: ProgramQuery): ProgramResult | undefined {
    const anchor = cited.map((id) => this.index.byId(id)).find((e): e is ProgramEntry => !!e && e.start != null);
    if (!anchor) return undefined;
    const rooms = new Set(q.rooms.map((r) => r.name));
    const entries = this.index.entries.filter(
      (e) => !cited.includes(e.id) && overlaps(e, anchor) && (!rooms.size || (!!e.location && rooms.has(e.location))),
    );
    return entries.length ? this.list(entries, q) : this.emptyList(q);
  }

  /** Sessions by the question's day, time, room, speaker, format and topic. */
  private byFilters(q: ProgramQuery): ProgramResult {
    // 'Who gives the keynote?' in a program that has none: not in the program, rather than every session.
    if (q.absentFormats.length && !q.topic.length && !q.speakers.length) return this.notInProgram(q, q.absentFormats.join(' '));
    const filtered = this.filter(q);
    const matches = topicMatches(this.index, q, filtered);
    if (q.topic.length && matches.length === 0) {
      // Is it there on another day or at another time? Then say so rather than 'not in the program'.
      const undated = { ...q, weekdays: [], dayNumbers: [], dates: [], relativeDays: [], partOfDay: null, clock: null };
      const anywhere = topicMatches(this.index, q, this.filter(undated));
      if (anywhere.length) {
        const entries = anywhere.slice(0, 3).map((m) => m.entry);
        return {
          text: [say(q.language, 'nothingAtThatTime'), ...entries.map((e) => this.bullet(e, q))].join('\n'),
          entries,
          notInProgram: false,
        };
      }
      return this.partial(q, filtered) ?? this.notInProgram(q);
    }
    let entries = matches.map((m) => m.entry);
    if (entries.length === 0) return this.emptyList(q);
    const ends = firstOrLast(q, entries, (e) => this.nightOfDayBefore(e));
    if (ends) return this.describe(ends, q);
    // A question about one session (when, where, who, what about, how long) takes the best match and
    // any as good; a list question takes every match.
    const single = !q.asks.list && !q.speakers.length && q.topic.length > 0;
    if (single) {
      const best = matches[0].score;
      entries = matches.filter((m) => m.score >= best * 0.999).map((m) => m.entry);
    }
    entries.sort(programOrder);
    if (entries.length === 1 || (single && entries.length <= 3)) return this.describe(entries, q);
    return this.list(entries, q);
  }

  /** One or a few sessions, each with every fact the question may want. */
  describe(entries: ProgramEntry[], q: ProgramQuery): ProgramResult {
    const L = q.language;
    const lines = entries.map((e) => {
      const who = speakersLabel(e);
      let line = `**${e.title}** — ${whenWhere(e, L, q.asks.duration)}`;
      if (who) line += `, ${say(L, 'with')} ${who}`;
      line += `. ${sessionMarker(e.title)}`;
      if ((q.asks.about || q.asks.self) && e.description.trim()) {
        line += `\n${say(L, 'about')}: ${abstractOf(e)} ${sessionMarker(e.title)}`;
      }
      return line;
    });
    return { text: lines.join('\n\n'), entries, notInProgram: false };
  }

  private bullet(e: ProgramEntry, q: ProgramQuery): string {
    const who = speakersLabel(e);
    const L = q.language;
    return `- **${e.title}** — ${whenWhere(e, L)}${who ? `, ${say(L, 'with')} ${who}` : ''} ${sessionMarker(e.title)}`;
  }

  private list(entries: ProgramEntry[], q: ProgramQuery): ProgramResult {
    const L = q.language;
    const shown = entries.slice(0, LIST_LIMIT);
    const lead = entries.length > 1 ? say(L, 'listLead', { n: entries.length }) : say(L, 'listLeadOne');
    const more = entries.length > shown.length ? [say(L, 'more', { n: entries.length - shown.length })] : [];
    return { text: [lead, ...shown.map((e) => this.bullet(e, q)), ...more].join('\n'), entries: shown, notInProgram: false };
  }

  private emptyList(q: ProgramQuery): ProgramResult {
    return { text: say(q.language, 'noMatch'), entries: [], notInProgram: false };
  }

  /** The sessions holding part of a topic no session holds whole, said as such; null when there are none. */
  private partial(q: ProgramQuery, pool: ProgramEntry[]): ProgramResult | null {
    const entries = partialMatches(q, pool);
    if (!entries.length) return null;
    const asked = topicAsWritten(q.topic);
    const lines = [say(q.language, 'partialMatch', { asked }), ...entries.map((e) => this.bullet(e, q))];
    return { text: lines.join('\n'), entries, notInProgram: false };
  }

  /** Says the session or person asked about is not in the program, naming what was asked, inventing nothing. */
  notInProgram(q: ProgramQuery, asked = topicAsWritten(q.topic)): ProgramResult {
    // English keeps the usual refusal first, so the answer reads (and is counted in Insights) as one the materials did not cover.
    const text = say(q.language, asked ? 'notInProgram' : 'sessionNotInProgram', { asked, refusal: NOT_COVERED_ANSWER });
    return { text, entries: [], notInProgram: true };
  }

  /** 'Which sessions should I attend about X?', 'Plan my afternoon': the best matches, without two that overlap, in program order. */
  private plan(q: ProgramQuery): ProgramResult {
    const filtered = this.filter(q);
    const matches = q.topic.length ? topicMatches(this.index, q, filtered) : filtered.map((entry) => ({ entry, score: 0 }));
    if (q.topic.length && matches.length === 0) return this.partial(q, filtered) ?? this.notInProgram(q);
    const chosen: ProgramEntry[] = [];
    for (const m of matches) {
      if (chosen.length >= PLAN_LIMIT) break;
      if (chosen.some((c) => overlaps(c, m.entry))) continue;
      chosen.push(m.entry);
    }
    if (!chosen.length) return this.emptyList(q);
    chosen.sort(programOrder);
    const lead = chosen.length === 1 ? say(q.language, 'planLeadOne') : say(q.language, 'planLead', { n: chosen.length });
    return { text: [lead, ...chosen.map((e) => this.bullet(e, q))].join('\n'), entries: chosen, notInProgram: false };
  }

  /**
   * 'What comes right after X's talk (in the same room)?'; 'What is in room C03 after lunch?': the
   * sessions of the room asked that start once the anchor (the program's own lunch) has ended.
   */
  private afterAnchor(q: ProgramQuery): ProgramResult | null {
    const anchorQuery = { ...q, rooms: [], clock: null, asks: { ...q.asks, after: false } };
    const candidates = topicMatches(this.index, anchorQuery, this.filter(anchorQuery));
    if (!candidates.length || (!q.speakers.length && !q.topic.length)) return null;
    const anchor = candidates[0].entry;
    const end = anchor.end ?? (anchor.start ?? 0) + 1;
    const L = q.language;
    const elsewhere = q.rooms.length > 0 && !q.rooms.some((r) => r.name === anchor.location);
    // 'Right after' a session means in its room, where the attendee already is, unless another room is asked.
    const rooms = elsewhere ? q.rooms.map((r) => r.name) : [anchor.location];
    const later = this.index.entries
      .filter((e) => e !== anchor && rooms.includes(e.location) && e.dateKey === anchor.dateKey && e.start != null && e.start >= end - 5)
      .sort(programOrder);
    const when = whenWhere(anchor, L);
    const marker = sessionMarker(anchor.title);
    if (!later.length)
      return { text: say(L, 'nothingFollows', { title: anchor.title, when, marker }), entries: [anchor], notInProgram: false };
    const next = later.filter((e) => e.start === later[0].start);
    if (elsewhere) {
      const lead = say(L, 'afterIn', { title: anchor.title, when, room: q.rooms.map((r) => roomName(r.name, L)).join(', ') });
      return { text: [lead, ...next.map((e) => this.bullet(e, q))].join('\n'), entries: next, notInProgram: false };
    }
    const lead = say(L, 'rightAfter', { title: anchor.title, when, marker });
    return { text: [lead, ...next.map((e) => this.bullet(e, q))].join('\n'), entries: [anchor, ...next], notInProgram: false };
  }

  /** 'When is her next talk?' after an answer citing a session: its speakers' later sessions. */
  private nextOfSpeakersOf(anchorIds: string[], q: ProgramQuery): ProgramResult {
    const L = q.language;
    const anchors = anchorIds.map((id) => this.index.byId(id)).filter((e): e is ProgramEntry => !!e);
    const lines: string[] = [];
    const entries: ProgramEntry[] = [];
    for (const anchor of anchors.slice(0, 1)) {
      for (const name of anchor.speakerNames) {
        const later = this.index.entries.filter((e) => e !== anchor && e.speakerNames.includes(name) && programOrder(e, anchor) > 0);
        if (later.length) {
          const e = later[0];
          entries.push(e);
          lines.push(say(L, 'speakerNext', { name, title: e.title, when: whenWhere(e, L), marker: sessionMarker(e.title) }));
        } else {
          lines.push(
            say(L, 'speakerNoLater', { name, title: anchor.title, when: whenWhere(anchor, L), marker: sessionMarker(anchor.title) }),
          );
          if (!entries.includes(anchor)) entries.push(anchor);
        }
      }
    }
    return { text: lines.join('\n'), entries, notInProgram: false };
  }

  /** 'What's on now?', 'What's next in room B316?', 'When is X's next talk?', on the conference clock. */
  private byClock(q: ProgramQuery): ProgramResult {
    const L = q.language;
    const now = conferenceNow(this.now, this.index.timeZone);
    const filteredAll = this.filter({ ...q, clock: null });
    const pool = q.topic.length ? topicMatches(this.index, q, filteredAll).map((m) => m.entry) : filteredAll;
    if (q.topic.length && !pool.length && !q.rooms.length) return this.notInProgram(q);
    const dates = this.index.dates();
    const at = (e: ProgramEntry) => `${e.dateKey ?? ''} ${String(e.start ?? 0).padStart(4, '0')}`;
    const nowKey = `${now.dateKey} ${String(q.clock ?? now.minutes).padStart(4, '0')}`;
    const last = dates[dates.length - 1];
    if (last && now.dateKey > last && q.clock == null)
      return { text: say(L, 'conferenceOver', { last }), entries: [], notInProgram: false };
    const sorted = [...pool].sort(programOrder);
    if (q.asks.now && !q.asks.next) {
      const running = sorted.filter(
        (e) => e.dateKey === now.dateKey && e.start != null && e.start <= now.minutes && now.minutes < (e.end ?? e.start + 1),
      );
      if (running.length) {
        const lead = say(L, 'onNow', { clock: clock(now.minutes, L) });
        return { text: [lead, ...running.map((e) => this.bullet(e, q))].join('\n'), entries: running, notInProgram: false };
      }
    }
    const upcoming = sorted.filter((e) => at(e) >= nowKey);
    if (!upcoming.length) return { text: say(L, q.rooms.length ? 'nothingMoreInRoom' : 'nothingMore'), entries: [], notInProgram: false };
    const first = upcoming.filter((e) => at(e) === at(upcoming[0]));
    const lead = say(L, 'nextLead');
    if (first.length === 1) return { text: `${lead} ${this.describe(first, q).text}`, entries: first, notInProgram: false };
    return { text: [lead, ...first.map((e) => this.bullet(e, q))].join('\n'), entries: first, notInProgram: false };
  }
}
