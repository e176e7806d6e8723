import type { ProgramIndex, RoomName, SpeakerName } from './program-index';
import { containsSequence, fold, stem, stemsOf, tokens } from './program-text';
import { LANGUAGE_CODES, LANGUAGES } from '../text/lang';
import {
  AFTER_WORDS,
  AFTERNOON_HOURS,
  ASK,
  CLAUSE_ASK,
  CONCEPT_WORDS,
  CONTENT_VERBS,
  DAY_WORDS,
  FORMAT_WORDS,
  FORMAT_WORDS_ALSO_TOPIC,
  DURATION_WORDS,
  HOUR_BEFORE,
  HOUR_WORDS,
  LUNCH_WORDS,
  type Language,
  MONTH_WORDS,
  NEXT_WORDS,
  NOON_WORDS,
  NOW_WORDS,
  ORDINALS,
  PARTS_OF_DAY,
  ROOM_NOUNS,
  SESSION_NOUNS,
  SPEAKER_NOUNS,
  START_WORDS,
  STOP_WORDS,
  STOP_WORDS_OF,
  TODAY_WORDS,
  TOMORROW_WORDS,
  WEEKDAYS,
} from './program-vocabulary';
import { languageOf } from '../text/lang/detect';
import { writtenWords } from '../text/tokens';

export { languageOf };

/** A topic word of a question: its stem, as written, its weight over the program, and the stems of the same concept in other languages. */
export interface TopicWord {
  stem: string;
  written: string;
  idf: number;
  /** 'lunch' also finds 'Déjeuner' and 'Mittagessen' (CONCEPT_WORDS); empty for most words. */
  alternatives: string[];
  /** Some session's title, tags or description holds the word (or one of its alternatives). */
  held: boolean;
  /** A short word written between this topic word and the one before it ('van' in 'Guido van Rossum'), to echo the question. */
  gap?: string;
}

/** The topic as the question wrote it: its words, with the short words between them ('Guido van Rossum'). */
export function topicAsWritten(topic: TopicWord[]): string {
  return topic.map((t) => (t.gap ? `${t.gap} ${t.written}` : t.written)).join(' ');
}

/** What a question asks of the program, in structured form. */
export interface ProgramQuery {
  language: Language;
  asks: {
    when: boolean;
    where: boolean;
    who: boolean;
    about: boolean;
    duration: boolean;
    list: boolean;
    plan: boolean;
    self: boolean;
    now: boolean;
    next: boolean;
    after: boolean;
    start: boolean;
    /** The earliest / latest of the sessions asked about; `end`: when they end. */
    first: boolean;
    last: boolean;
    end: boolean;
  };
  /** A noun of the program (session, talk, speaker, room, a format) appears. */
  programNoun: boolean;
  /** A verb asking what was said (the documents answer). */
  contentVerb: boolean;
  weekdays: number[];
  dayNumbers: number[];
  /** [month, day of month] pairs. */
  dates: [number, number][];
  /** 'today' / 'tomorrow' relative to the conference clock (0 / 1). */
  relativeDays: number[];
  partOfDay: [number, number] | null;
  /** Minutes after midnight of a clock time in the question. */
  clock: number | null;
  rooms: RoomName[];
  /** A room named in the question ('Larimer Room 3') that the program does not have, as written. */
  unknownRoom: string | null;
  speakers: SpeakerName[];
  formats: string[];
  /** Session kinds named ('the keynote') that the program has none of, and no session's text holds: as written. */
  absentFormats: string[];
  topic: TopicWord[];
  /** Every topic word is in one session's title ('When is Syndication and Portfolio Sales?'). */
  titled: boolean;
  /** Refers to someone already named ('her next talk', 'the speaker'). */
  pronoun: boolean;
  /** What the question points back to: the session ('it'), the place ('there'). */
  refers: { session: boolean; place: boolean; time: boolean };
  /** The thread's previous program question, resolved (a follow-up's anchor); null for a first question. */
  previous: ProgramQuery | null;
}

/**
 * A vocabulary phrase's tokens, and the same padded with spaces for `has`: made once per phrase, not
 * once per question. Only the vocabulary's own phrases come here (a few hundred), so the map stays small.
 */
const phrases = new Map<string, { tokens: string[]; padded: string }>();
function phrase(text: string): { tokens: string[]; padded: string } {
  let read = phrases.get(text);
  if (!read) {
    const words = tokens(text);
    read = { tokens: words, padded: ` ${words.join(' ')} ` };
    phrases.set(text, read);
  }
  return read;
}

const has = (padded: string, text: string) => padded.includes(phrase(text).padded);

/** The pattern of a clause opening with `word` ('…, where is it?'), compiled once per vocabulary word. */
const clauseOpenings = new Map<string, RegExp>();
function opensWith(word: string): RegExp {
  let pattern = clauseOpenings.get(word);
  if (!pattern) {
    pattern = new RegExp(`(?:^|[,;:?!.(¿¡]|\\b(?:and|et|or|but|mais|so|then|und|oder|aber|y|pero)\\b)\\s*${word}\\b`);
    clauseOpenings.set(word, pattern);
  }
  return pattern;
}

/** Words of the question that quote a session's title: runs of at least QUOTE_RUN words in the title's order. */
const QUOTE_RUN = 2;
function quotedWords(words: string[], index: ProgramIndex): string[] {
  const quoted = new Set<string>();
  for (const e of index.entries) {
    const title = e.titleTokens;
    for (let i = 0; i < words.length; i++) {
      const j = title.indexOf(words[i]);
      if (j < 0) continue;
      let n = 1;
      while (i + n < words.length && j + n < title.length && words[i + n] === title[j + n]) n++;
      if (n >= QUOTE_RUN) for (let k = i; k < i + n; k++) quoted.add(words[k]);
    }
  }
  return [...quoted];
}

/** The hour written before an afternoon phrase ('3 de la tarde'), or with an hour word ('15 Uhr', '15 heures'). */
function hourWithWord(t: string, padded: string): { minutes: number; match: string } | null {
  for (const m of t.matchAll(/\b(\d{1,2})\s*([a-z]+)\b/g)) {
    const h = Number(m[1]);
    const word = m[2];
    if (h > 23 || !HOUR_WORDS.includes(word)) continue;
    const afternoon = h < 12 && AFTERNOON_HOURS.some((p) => has(padded, `${h} ${word} ${p}`) || has(padded, `${h} ${p}`));
    return { minutes: (h + (afternoon ? 12 : 0)) * 60, match: m[0] };
  }
  const words = padded.trim().split(' ');
  for (const w of words) {
    if (/^\d{1,2}$/.test(w) && Number(w) < 12 && AFTERNOON_HOURS.some((p) => has(padded, `${w} ${p}`)))
      return { minutes: (Number(w) + 12) * 60, match: w };
  }
  const before = words.findIndex((w, i) => /^\d{1,2}$/.test(w) && Number(w) <= 23 && HOUR_BEFORE.includes(words[i - 1] ?? ''));
  return before < 0 ? null : { minutes: Number(words[before]) * 60, match: words[before] };
}

/** A clock time in the question ('3 PM', '3:30pm', '15:00', '15h30', '15 Uhr', 'noon'), in minutes; null if none. */
function clockOf(text: string): { minutes: number; match: string } | null {
  const t = fold(text);
  const twelve = /\b(\d{1,2})(?:[:h.](\d{2}))?\s*([ap])\.?\s?m\b\.?/.exec(t);
  if (twelve) {
    const h = Number(twelve[1]);
    const m = Number(twelve[2] ?? 0);
    if (h >= 1 && h <= 12 && m < 60) return { minutes: ((h % 12) + (twelve[3] === 'p' ? 12 : 0)) * 60 + m, match: twelve[0] };
  }
  const padded = ` ${tokens(text).join(' ')} `;
  const day = /\b(\d{1,2})\s*[:h]\s*(\d{2})\b/.exec(t);
  if (day) {
    const h = Number(day[1]);
    const m = Number(day[2]);
    if (h <= 23 && m < 60) return { minutes: h * 60 + m, match: day[0] };
  }
  // '10.15 uur', 'om 10.15', 'um 10.15 Uhr': a dotted clock time beside an hour word; alone it may be a date ('16.03').
  for (const m of t.matchAll(/\b(\d{1,2})\.(\d{2})\b/g)) {
    const [h, min] = [Number(m[1]), Number(m[2])];
    const before = /([a-z]+)\s*$/.exec(t.slice(0, m.index))?.[1] ?? '';
    const after = /^\s*([a-z]+)/.exec(t.slice(m.index + m[0].length))?.[1] ?? '';
    if (h <= 23 && min < 60 && (HOUR_WORDS.includes(after) || HOUR_BEFORE.includes(before))) return { minutes: h * 60 + min, match: m[0] };
  }
  const worded = hourWithWord(t, padded);
  if (worded) return worded;
  if (NOON_WORDS.some((w) => has(padded, w)) && !has(padded, 'apres midi')) return { minutes: 12 * 60, match: 'noon' };
  return null;
}

/** The question's words, and those a reading has already taken (a clock time, a date, a room…). */
class QuestionWords {
  readonly words: string[];
  readonly padded: string;
  readonly consumed = new Set<number>();
  /** The words as written (case and accents kept). */
  readonly original: string[];

  constructor(readonly question: string) {
    this.words = tokens(question);
    this.padded = ` ${this.words.join(' ')} `;
    this.original = writtenWords(question);
  }

  consume(at: number, n: number): void {
    for (let i = at; i < at + n; i++) this.consumed.add(i);
  }

  /** One of the phrases appears. */
  any(list: string[]): boolean {
    return list.some((p) => has(this.padded, p));
  }

  /** Takes the first occurrence of a phrase no reading took yet; true when found. */
  take(text: string): boolean {
    const words = phrase(text).tokens;
    for (let at = 0; at + words.length <= this.words.length; at++) {
      const free = words.every((w, k) => this.words[at + k] === w && !this.consumed.has(at + k));
      if (free && words.length) {
        this.consume(at, words.length);
        return true;
      }
    }
    return false;
  }
}

interface QuestionDays {
  weekdays: number[];
  dayNumbers: number[];
  dates: [number, number][];
  relativeDays: number[];
}

/** The clock time the question names, its words taken. */
function readClock(q: QuestionWords): { minutes: number; match: string } | null {
  const clock = clockOf(q.question);
  if (clock) {
    const clockTokens = tokens(clock.match);
    const at = containsSequence(q.words, clockTokens);
    if (at >= 0) q.consume(at, clockTokens.length);
  }
  return clock;
}

/** A conference day number around word `i` ('day 2', 'second day', 'jour 2', '2nd day', 'd2'), its words taken. */
function readDayNumber(q: QuestionWords, i: number, days: QuestionDays): void {
  const { words } = q;
  const w = words[i];
  const dayWord = DAY_WORDS.includes(w);
  if (dayWord && i + 1 < words.length) {
    const next = words[i + 1];
    const n = /^\d{1,2}$/.test(next) ? Number(next) : ORDINALS[next];
    if (n) {
      days.dayNumbers.push(n);
      q.consume(i, 2);
    }
  }
  if (dayWord && i > 0) {
    const prev = words[i - 1].replace(/^(\d+)(?:st|nd|rd|th|e|er|eme|ere)$/, '$1');
    const n = /^\d{1,2}$/.test(prev) ? Number(prev) : ORDINALS[prev];
    if (n && !days.dayNumbers.includes(n)) {
      days.dayNumbers.push(n);
      q.consume(i - 1, 2);
    }
  }
  const m = /^(?:day|d|j)(\d{1,2})$/.exec(w);
  if (m) {
    days.dayNumbers.push(Number(m[1]));
    q.consume(i, 1);
  }
}

/** A date whose month is word `i` ('Sept 9', '9 septembre', '9. November', '9 de noviembre'), its words taken. */
function readDate(q: QuestionWords, i: number, days: QuestionDays): void {
  const month = MONTH_WORDS[q.words[i]];
  if (!month) return;
  const dayOf = (w: string | undefined) => w?.replace(/(st|nd|rd|th|er)$/, '');
  const after = dayOf(q.words[i + 1]);
  const beforeAt = q.words[i - 1] === 'de' ? i - 2 : i - 1;
  const before = dayOf(q.words[beforeAt]);
  if (after && /^\d{1,2}$/.test(after) && Number(after) <= 31) {
    days.dates.push([month, Number(after)]);
    q.consume(i, 2);
  } else if (before && /^\d{1,2}$/.test(before) && Number(before) <= 31) {
    days.dates.push([month, Number(before)]);
    q.consume(beforeAt, i - beforeAt + 1);
  }
}

/**
 * A weekday and a part of the day written as one word ('Samstagnachmittag', 'zondagmiddag'): the weekday and
 * the part's hours; null for any other word.
 */
function weekdayCompound(word: string): { weekday: number; range: [number, number] } | null {
  for (const lang of LANGUAGE_CODES)
    for (const [weekday, name] of WEEKDAYS[lang].entries()) {
      if (name.includes(' ') || !word.startsWith(name) || word.length === name.length) continue;
      const range = PARTS_OF_DAY[word.slice(name.length)];
      if (range) return { weekday, range };
    }
  return null;
}

/** Days: weekday names, 'day 2', 'second day', 'jour 2', dates ('Sept 9', '9 septembre', '2025-09-09'), today, tomorrow. */
function readDays(q: QuestionWords): QuestionDays {
  const days: QuestionDays = { weekdays: [], dayNumbers: [], dates: [], relativeDays: [] };
  // A weekday of two words ('segunda feira') first: its first word alone is an ordinal of another language.
  for (const lang of LANGUAGE_CODES)
    WEEKDAYS[lang].forEach((name, d) => {
      if (name.includes(' ') && q.take(name) && !days.weekdays.includes(d)) days.weekdays.push(d);
    });
  q.words.forEach((w, i) => {
    if (q.consumed.has(i)) return;
    const compound = weekdayCompound(w);
    if (compound) {
      if (!days.weekdays.includes(compound.weekday)) days.weekdays.push(compound.weekday);
      q.consume(i, 1);
      return;
    }
    for (const lang of LANGUAGE_CODES) {
      const d = WEEKDAYS[lang].indexOf(w);
      if (d >= 0 && !days.weekdays.includes(d)) days.weekdays.push(d);
      if (d >= 0) q.consume(i, 1);
    }
    readDayNumber(q, i, days);
    readDate(q, i, days);
  });
  for (const iso of q.question.matchAll(/\b\d{4}-(\d{2})-(\d{2})\b/g)) days.dates.push([Number(iso[1]), Number(iso[2])]);
  if (TODAY_WORDS.some((w) => q.take(w))) days.relativeDays.push(0);
  if (TOMORROW_WORDS.some((w) => q.take(w))) days.relativeDays.push(1);
  return days;
}

/** A part of the day ('afternoon', 'après-midi', 'Nachmittag', 'por la mañana'), its words taken; longest phrase first. */
function readPartOfDay(q: QuestionWords): [number, number] | null {
  const parts = Object.entries(PARTS_OF_DAY).sort(([a], [b]) => b.length - a.length);
  for (const [words, range] of parts) if (q.take(words)) return range;
  // 'Samstagnachmittag': the weekday's part is read with the days (readDays), the word left to it.
  for (const w of q.words) {
    const compound = weekdayCompound(w);
    if (compound) return compound.range;
  }
  return null;
}

/** Rooms that exist, longest name first; a one- or two-character name only after a room noun. */
function readRooms(q: QuestionWords, index: ProgramIndex): RoomName[] {
  const rooms: RoomName[] = [];
  for (const room of [...index.rooms].sort((a, b) => b.tokens.length - a.tokens.length)) {
    const [at, n] = roomAt(q, room);
    if (at < 0 || [...Array(n).keys()].some((k) => q.consumed.has(at + k))) continue;
    const short = room.tokens.join('').length <= 2;
    if (short && !(at > 0 && ROOM_NOUNS.includes(q.words[at - 1]))) continue;
    rooms.push(room);
    q.consume(at, n);
  }
  return rooms;
}

/**
 * Where a room's name is in the question, and its length in words: as written, its words run together ('B-316' for
 * 'B316'), or without what the name adds in brackets ('the Supper room' for 'Supper (top)'; a one-word core only
 * written with a capital or beside a room noun, as a name is).
 */
function roomAt(q: QuestionWords, room: RoomName): [number, number] {
  const at = containsSequence(q.words, room.tokens);
  if (at >= 0) return [at, room.tokens.length];
  const joined = room.tokens.join('');
  for (let i = 0; i < q.words.length; i++)
    for (let n = 2; n <= 3 && i + n <= q.words.length; n++) if (q.words.slice(i, i + n).join('') === joined) return [i, n];
  const core = room.core;
  const c = core ? containsSequence(q.words, core) : -1;
  if (!core || c < 0 || (core.length === 1 && STOP_WORDS.has(core[0]))) return [-1, 0];
  const named = core.length > 1 || /^\p{Lu}/u.test(q.original[c] ?? '') || [c - 1, c + 1].some((i) => ROOM_NOUNS.includes(q.words[i]));
  return named ? [c, core.length] : [-1, 0];
}

/**
 * A word that reads as part of a room's name: it holds a digit, or is written with a capital (not opening the
 * question), and is not a word of a session's title quoted in the question ('Quand a lieu Typing at Scale ?').
 */
function nameLike(q: QuestionWords, i: number, quoted: Set<string>): boolean {
  const w = q.original[i];
  if (quoted.has(q.words[i])) return false;
  if (!w || q.consumed.has(i) || STOP_WORDS.has(q.words[i])) return /\d/.test(w ?? '') && !q.consumed.has(i);
  return /\d/.test(w) || (i > 0 && /^\p{Lu}/u.test(w));
}

/**
 * A room the question names that the program does not have ('Larimer Room 3', 'salle Z99'): a room
 * noun with a name beside it (a number, a word with a capital), when no room of the program was read.
 */
function readUnknownRoom(q: QuestionWords, rooms: RoomName[], quoted: Set<string>): string | null {
  if (rooms.length || q.original.length !== q.words.length) return null;
  const at = q.words.findIndex((w, i) => ROOM_NOUNS.includes(w) && !q.consumed.has(i));
  if (at < 0) return null;
  let from = at;
  let to = at;
  while (from > 0 && at - from < 2 && nameLike(q, from - 1, quoted)) from--;
  while (to + 1 < q.words.length && to - at < 2 && nameLike(q, to + 1, quoted)) to++;
  if (from === at && to === at) return null;
  q.consume(from, to - from + 1);
  return q.original.slice(from, to + 1).join(' ');
}

/** Speakers that exist: the full name, or one of its words written with a capital (or rare enough). */
function readSpeakers(q: QuestionWords, index: ProgramIndex): SpeakerName[] {
  const capitalised = new Set(q.original.filter((w, i) => i > 0 && /^\p{Lu}/u.test(w)).map((w) => fold(w)));
  const speakers: SpeakerName[] = [];
  for (const s of [...index.speakers].sort((a, b) => b.tokens.length - a.tokens.length)) {
    const at = containsSequence(q.words, s.tokens);
    if (at >= 0) {
      speakers.push(s);
      q.consume(at, s.tokens.length);
      continue;
    }
    for (const part of s.tokens) {
      if (part.length < 3 || STOP_WORDS.has(part)) continue;
      const i = q.words.indexOf(part);
      if (i < 0 || q.consumed.has(i)) continue;
      const common = index.holds(part) && !capitalised.has(part);
      if (common) continue;
      speakers.push(s);
      q.consume(i, 1);
      break;
    }
  }
  return speakers;
}

/** Formats the program holds; a format word that is also a topic ('closing', 'clôture') stays a topic and filters nothing. */
function readFormats(q: QuestionWords, index: ProgramIndex): string[] {
  const formats: string[] = [];
  for (const [format, list] of Object.entries(FORMAT_WORDS)) {
    if (!index.formats.has(format)) continue;
    for (const written of list) {
      if (FORMAT_WORDS_ALSO_TOPIC.has(written)) continue;
      const words = phrase(written).tokens;
      const at = containsSequence(q.words, words);
      if (at < 0) continue;
      if (!formats.includes(format)) formats.push(format);
      q.consume(at, words.length);
    }
  }
  return formats;
}

/**
 * Kinds of session named that the program has none of ('Who gives the keynote?' in a program without keynotes):
 * those some session's title or description holds are topic words (`formatTopics`), the others are absent.
 */
function missingFormatWords(q: QuestionWords, index: ProgramIndex): string[] {
  const out: string[] = [];
  for (const [format, list] of Object.entries(FORMAT_WORDS)) {
    if (index.formats.has(format)) continue;
    for (const written of list) {
      if (FORMAT_WORDS_ALSO_TOPIC.has(written) || phrase(written).tokens.length !== 1) continue;
      if (q.words.includes(written) && !out.includes(written)) out.push(written);
    }
  }
  return out;
}

/** 'after lunch' in a program with no session titled so (a description's 'over lunch' is none): the afternoon, its words taken. */
function afterMissingLunch(q: QuestionWords, index: ProgramIndex): [number, number] | null {
  const at = q.words.findIndex((w, i) => LUNCH_WORDS.includes(w) && i > 0 && AFTER_WORDS.includes(q.words[i - 1]));
  if (at < 0) return null;
  const lunchInProgram = index.entries.some((e) => LUNCH_WORDS.some((w) => stemsOf(w).some((st) => e.titleStems.has(st))));
  if (lunchInProgram) return null;
  q.consume(at - 1, 2);
  return PARTS_OF_DAY.afternoon ?? null;
}

/** A kind of session named ('the Kubernetes workshop'), whether or not the program has one of that kind. */
function namesAFormat(q: QuestionWords): boolean {
  return Object.values(FORMAT_WORDS).some((list) =>
    list.some((written) => !FORMAT_WORDS_ALSO_TOPIC.has(written) && containsSequence(q.words, phrase(written).tokens) >= 0),
  );
}

/** What the question asks: when, where, who, about what, how long, a list, a plan, now, next, after, the start. */
function readAsks(q: QuestionWords, clock: { minutes: number } | null): ProgramQuery['asks'] {
  const { question, words } = q;
  const any = (list: string[]) => q.any(list);
  const folded = fold(question).trim();
  const opens = (list: string[]) => list.some((w) => opensWith(w).test(folded));
  return {
    when: any(ASK.when) || opens(CLAUSE_ASK.when) || (!!clock && any(START_WORDS)),
    where: any(ASK.where) || opens(CLAUSE_ASK.where),
    who: any(ASK.who) || opens(CLAUSE_ASK.who),
    about: any(ASK.about) || /\babout\s*(?:\?\s*)?$/i.test(question.trim()),
    duration: any(ASK.duration),
    list: any(ASK.list),
    plan: any(ASK.plan),
    self: any(ASK.self),
    now: any(NOW_WORDS),
    next: any(NEXT_WORDS),
    after: words.some((w, i) => AFTER_WORDS.includes(w) && !q.consumed.has(i)),
    start: any(START_WORDS),
    first: position(q, ASK.first),
    last: position(q, ASK.last),
    end: position(q, ASK.end),
  };
}

/** A word of `list` that no reading took and that is not a day's ordinal ('the first day', 'le dernier jour'). */
function position(q: QuestionWords, list: string[]): boolean {
  return q.words.some((w, i) => list.includes(w) && !q.consumed.has(i) && !DAY_WORDS.includes(q.words[i + 1] ?? ''));
}

const PROGRAM_NOUNS = [...SESSION_NOUNS, ...SPEAKER_NOUNS, ...ROOM_NOUNS];

/** Words of the program's own vocabulary: never a topic. */
const PROGRAM_VOCABULARY = new Set([
  ...PROGRAM_NOUNS,
  ...ASK.first,
  ...ASK.last,
  ...ASK.end,
  ...CONTENT_VERBS,
  ...Object.keys(MONTH_WORDS),
  ...Object.keys(ORDINALS),
  ...Object.keys(PARTS_OF_DAY).flatMap((w) => tokens(w)),
  ...LANGUAGE_CODES.flatMap((c) => WEEKDAYS[c]).flatMap((w) => tokens(w)),
  ...Object.values(FORMAT_WORDS)
    .flat()
    .filter((w) => !FORMAT_WORDS_ALSO_TOPIC.has(w))
    .flatMap((w) => tokens(w)),
]);

/**
 * The other keys a topic word matches on: its stems under the other languages (a German 'Migrationen'
 * meets an English 'Migrations' on the German stem 'migration') and the stems of a concept word's other
 * names ('lunch' → 'dejeuner', 'mittagessen', 'almuerzo'…).
 */
function alternativesOf(word: string, own: string): string[] {
  const keys = [...stemsOf(word), ...(CONCEPT_WORDS.get(word) ?? []).flatMap(stemsOf)];
  return [...new Set(keys)].filter((s) => s !== own);
}

/**
 * A word that is never a topic: a stop word of the question's language (or of English, which questions
 * in every language borrow), or a stop word of another language that the program does not hold.
 */
function isStopWord(w: string, language: Language, index: ProgramIndex): boolean {
  if (STOP_WORDS_OF[language].has(w) || STOP_WORDS_OF.en.has(w)) return true;
  return STOP_WORDS.has(w) && !index.holds(w);
}

/** Parts of a compound at least this long each ('netz' + 'neutralitat'). */
const COMPOUND_PART = 4;

/**
 * A compound no session holds, as two words that sessions do hold ('Netzneutralität' → 'netz',
 * 'neutralitat'; 'Arbeitsmarkt' → 'arbeit', 'markt' across the linking 's'): a split against the
 * program's own vocabulary, no word list. Null when no split has both parts in the program.
 */
function compoundParts(word: string, index: ProgramIndex): [string, string] | null {
  if (word.length < 2 * COMPOUND_PART || /\d/.test(word) || index.holds(word)) return null;
  for (let at = word.length - COMPOUND_PART; at >= COMPOUND_PART; at--) {
    const [left, right] = [word.slice(0, at), word.slice(at)];
    if (!index.holds(right)) continue;
    if (index.holds(left)) return [left, right];
    if (left.endsWith('s') && left.length > COMPOUND_PART && index.holds(left.slice(0, -1))) return [left.slice(0, -1), right];
  }
  return null;
}

/**
 * The topic: the words no reading took, neither stop words nor the program's vocabulary, by stem; a
 * compound no session holds, by its parts (`compoundParts`). Beside a speaker or a room (`named`), a word
 * no session holds is phrasing ('what comes after'), not a topic.
 */
function readTopic(q: QuestionWords, index: ProgramIndex, language: Language, named: boolean, formatTopics: Set<string>): TopicWord[] {
  const byFold = new Map(q.original.map((w) => [fold(w), w]));
  const topic: TopicWord[] = [];
  let last = -9;
  const add = (w: string, written: string, at: number) => {
    const s = stem(w, language);
    if (topic.some((t) => t.stem === s)) return;
    const alternatives = alternativesOf(w, s).concat(index.cognates(s));
    const held = [s, ...alternatives].some((a) => index.documentFrequency(a) > 0);
    const between = last === at - 2 && !q.consumed.has(at - 1) ? q.original[at - 1] : undefined;
    const gap = between && between.length <= 4 && q.original.length === q.words.length ? between : undefined;
    topic.push({ stem: s, written, idf: index.idf(s), alternatives, held, ...(gap ? { gap } : {}) });
    last = at;
  };
  q.words.forEach((w, i) => {
    if (q.consumed.has(i) || isStopWord(w, language, index) || (PROGRAM_VOCABULARY.has(w) && !formatTopics.has(w))) return;
    if (/^\d+$/.test(w) && w.length < 3) return;
    if (w.length < 2) return;
    const parts = compoundParts(w, index);
    if (parts) for (const part of parts) add(part, part, i);
    else add(w, byFold.get(w) ?? w, i);
  });
  return named ? topic.filter((t) => t.held) : topic;
}

/**
 * A session's whole title (two words or more) written in the question: the question names that session, so its
 * other words that no session holds are phrasing ('Où se déroule la session Documentation for Developers ?').
 */
function wholeTitleIn(words: string[], index: ProgramIndex): boolean {
  return index.entries.some((e) => e.titleTokens.length >= 2 && containsSequence(words, e.titleTokens) >= 0);
}

/** Every topic word in one session's title: the question names a session, even in part. */
function titledIn(topic: TopicWord[], index: ProgramIndex): boolean {
  if (!topic.length) return false;
  const inTitle = (t: TopicWord, stems: Set<string>) => stems.has(t.stem) || t.alternatives.some((a) => stems.has(a));
  return index.entries.some((e) => topic.every((t) => inTitle(t, e.titleStems)) && (topic.length >= 2 || new Set(e.titleTokens).size <= 3));
}

/** What the question points back to, in its own language ('there' but not 'is there'). */
function readReferences(q: QuestionWords, language: Language): { session: boolean; place: boolean; time: boolean; pronoun: boolean } {
  const refs = LANGUAGES[language].references;
  let padded = q.padded;
  for (const p of refs.notPlace) padded = padded.split(phrase(p).padded).join(' ');
  return {
    session: q.any(refs.session),
    place: refs.place.some((p) => has(padded, p)),
    time: refs.time.some((p) => has(q.padded, p)),
    pronoun: q.any(refs.person),
  };
}

/** Reads a question against the program: the days, times, rooms, speakers, formats and topic it names. */
export function parseQuestion(question: string, index: ProgramIndex): ProgramQuery {
  const q = new QuestionWords(question);
  const { words } = q;
  const quoted = quotedWords(q.words, index);
  const language = languageOf(question, quoted);
  // In this order: a word one reading takes is not read again by the next.
  const clock = readClock(q);
  const partOfDay = readPartOfDay(q) ?? afterMissingLunch(q, index);
  const days = readDays(q);
  const rooms = readRooms(q, index);
  const unknownRoom = readUnknownRoom(q, rooms, new Set(quoted));
  const speakers = readSpeakers(q, index);
  const formats = readFormats(q, index);
  const titleWhole = wholeTitleIn(words, index);
  // 'Combien de temps dure l'atelier ?': the words of asking how long are no topic.
  if (q.any(ASK.duration)) for (const w of DURATION_WORDS) q.take(w);
  const missing = missingFormatWords(q, index);
  const formatTopics = new Set(missing.filter((w) => index.holds(w)));
  const topic = readTopic(q, index, language, rooms.length > 0 || speakers.length > 0 || titleWhole, formatTopics);
  const { pronoun, ...refers } = readReferences(q, language);
  return {
    language,
    asks: readAsks(q, clock),
    programNoun: formats.length > 0 || words.some((w) => PROGRAM_NOUNS.includes(w)) || q.any(ASK.on) || namesAFormat(q),
    contentVerb: words.some((w) => CONTENT_VERBS.includes(w)),
    ...days,
    partOfDay,
    clock: clock?.minutes ?? null,
    rooms,
    unknownRoom,
    speakers,
    formats,
    absentFormats: missing.filter((w) => !formatTopics.has(w)),
    topic,
    titled: titledIn(topic, index),
    pronoun,
    refers,
    previous: null,
  };
}

/** Whether the question names no session, person or place of its own (a follow-up then takes the previous one's). */
const namesNothing = (q: ProgramQuery) => !q.topic.length && !q.speakers.length && !q.rooms.length && !q.unknownRoom && !q.formats.length;
const namesNoDay = (q: ProgramQuery) =>
  !q.weekdays.length && !q.dayNumbers.length && !q.dates.length && !q.relativeDays.length && !q.partOfDay && q.clock == null;

/**
 * A follow-up read on its own, then given only what it points back to in the previous program
 * question: 'there' its room, 'it' / 'that talk' its session (topic, speakers, room, format, day),
 * 'her next talk' the previous answer's sessions (`previous`, the anchor); a fact asked of nothing the
 * question names ('In which room?') the previous session too. A question pointing back to nothing inherits nothing.
 */
export function resolveFollowUp(q: ProgramQuery, previous: ProgramQuery | null): ProgramQuery {
  if (!previous || kindOf(previous, []) === 'none') return q;
  const out: ProgramQuery = { ...q, previous };
  if (q.refers.place && !q.rooms.length && !q.unknownRoom) {
    out.rooms = previous.rooms;
    out.unknownRoom = previous.unknownRoom;
  }
  // 'In which room?', 'À quelle heure ?': a fact asked of nothing the question names is asked of the previous session.
  const factOfNothing = (q.asks.when || q.asks.where || q.asks.who || q.asks.duration) && namesNoDay(q);
  if ((q.refers.session || factOfNothing) && namesNothing(q)) {
    Object.assign(out, {
      topic: previous.topic,
      titled: previous.titled,
      speakers: previous.speakers,
      rooms: out.rooms.length ? out.rooms : previous.rooms,
      formats: previous.formats,
      programNoun: true,
    });
    if (namesNoDay(q)) {
      const { weekdays, dayNumbers, dates, relativeDays, partOfDay, clock } = previous;
      Object.assign(out, { weekdays, dayNumbers, dates, relativeDays, partOfDay, clock });
    }
  }
  return out;
}

/** The last of a thread's questions, each read on its own and resolved against the one before (resolveFollowUp). */
export function parseThread(questions: string[], index: ProgramIndex): ProgramQuery {
  let resolved: ProgramQuery | null = null;
  for (const question of questions) resolved = resolveFollowUp(parseQuestion(question, index), resolved);
  if (!resolved) throw new Error('parseThread needs a question');
  return resolved;
}

/**
 * How a question relates to the program: 'none' (the documents answer), 'program' (the program
 * answers), or 'combined' (what was said, from the documents, and a program fact such as when).
 */
export type ProgramKind = 'none' | 'program' | 'combined';

/** Whether the program, the documents or both answer a question (see ProgramKind). */
export function kindOf(q: ProgramQuery, selected: string[]): ProgramKind {
  const a = q.asks;
  const facts = a.when || a.where || a.duration || a.next || a.now || a.after;
  const filters = !namesNoDay(q);
  const entity = q.speakers.length > 0 || q.rooms.length > 0 || !!q.unknownRoom;
  const contentVerb = q.contentVerb && !a.plan;
  const inProgram = q.titled || q.topic.some((t) => t.held);
  // A session every program has under some name ('When is lunch?', 'À quelle heure est la clôture ?').
  const concept = q.topic.some((t) => t.held && CONCEPT_WORDS.has(fold(t.written)));
  const program =
    (a.self && selected.length > 0 && (facts || a.who || a.about)) ||
    (a.plan && (q.programNoun || filters || inProgram)) ||
    (q.programNoun && (facts || a.who || a.list || a.about || a.first || a.last || filters || entity)) ||
    (entity && (facts || a.who || a.list || filters)) ||
    (filters && (a.list || a.who || a.when || a.where) && q.programNoun) ||
    ((a.now || a.next) && !q.topic.length) ||
    // 'What else is on at that time?' after a program answer: the time of the session it was about.
    (q.refers.time && !!q.previous && namesNoDay(q)) ||
    ((q.titled || concept) && (facts || a.who || a.about || a.list)) ||
    (!!q.unknownRoom && !q.topic.length);
  if (!program) return 'none';
  // Beside what was said, only an explicit when / where / how long / next asks the program too.
  if (contentVerb) return a.when || a.where || a.duration || a.next || a.now ? 'combined' : 'none';
  return 'program';
}
