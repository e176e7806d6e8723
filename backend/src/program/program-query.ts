import type { ProgramIndex, RoomName, SpeakerName } from './program-index';
import { containsSequence, fold, stem, tokens } from './program-text';
import {
  AFTER_WORDS,
  ASK,
  CLAUSE_ASK,
  CONTENT_VERBS,
  ENGLISH_MARKERS,
  FORMAT_WORDS,
  FORMAT_WORDS_ALSO_TOPIC,
  FRENCH_MARKERS,
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
  TODAY_WORDS,
  TOMORROW_WORDS,
  WEEKDAYS,
} from './program-vocabulary';

/** A topic word of a question: its stem, as written, and its weight over the program. */
export interface TopicWord {
  stem: string;
  written: string;
  idf: number;
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
  speakers: SpeakerName[];
  formats: string[];
  topic: TopicWord[];
  /** Refers to someone already named ('her next talk', 'the speaker'). */
  pronoun: boolean;
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
    pattern = new RegExp(`(?:^|[,;:?!.(]|\\b(?:and|et|or|but|mais|so|then)\\b)\\s*${word}\\b`);
    clauseOpenings.set(word, pattern);
  }
  return pattern;
}

/** 'fr' when the question reads as French, else 'en'. */
export function languageOf(text: string): Language {
  const words = tokens(text);
  let fr = 0;
  let en = 0;
  for (const w of words) {
    if (FRENCH_MARKERS.has(w)) fr++;
    if (ENGLISH_MARKERS.has(w)) en++;
  }
  if (/[àâçéèêëîïôûùœ]/i.test(text)) fr += 0.5;
  return fr > en ? 'fr' : 'en';
}

/** A clock time in the question ('3 PM', '3:30pm', '15:00', '15h30', 'noon'), in minutes; null if none. */
function clockOf(text: string): { minutes: number; match: string } | null {
  const t = fold(text);
  const twelve = /\b(\d{1,2})(?:[:h.](\d{2}))?\s*([ap])\.?\s?m\b\.?/.exec(t);
  if (twelve) {
    const h = Number(twelve[1]);
    const m = Number(twelve[2] ?? 0);
    if (h >= 1 && h <= 12 && m < 60) return { minutes: ((h % 12) + (twelve[3] === 'p' ? 12 : 0)) * 60 + m, match: twelve[0] };
  }
  const day = /\b(\d{1,2})\s*[:h]\s*(\d{2})\b/.exec(t) ?? /\b(\d{1,2})\s*h\b/.exec(t);
  if (day) {
    const h = Number(day[1]);
    const m = Number(day[2] ?? 0);
    if (h <= 23 && m < 60) return { minutes: h * 60 + m, match: day[0] };
  }
  const padded = ` ${tokens(text).join(' ')} `;
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
    this.original = question.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  }

  consume(at: number, n: number): void {
    for (let i = at; i < at + n; i++) this.consumed.add(i);
  }

  /** One of the phrases appears. */
  any(list: string[]): boolean {
    return list.some((p) => has(this.padded, p));
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
  if ((w === 'day' || w === 'jour') && i + 1 < words.length) {
    const next = words[i + 1];
    const n = /^\d{1,2}$/.test(next) ? Number(next) : ORDINALS[next];
    if (n) {
      days.dayNumbers.push(n);
      q.consume(i, 2);
    }
  }
  if ((w === 'day' || w === 'jour') && i > 0) {
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

/** A date whose month is word `i` ('Sept 9', '9 septembre'), its words taken. */
function readDate(q: QuestionWords, i: number, days: QuestionDays): void {
  const month = MONTH_WORDS[q.words[i]];
  if (!month) return;
  const after = q.words[i + 1]?.replace(/(st|nd|rd|th|er)$/, '');
  const before = q.words[i - 1]?.replace(/(st|nd|rd|th|er)$/, '');
  if (after && /^\d{1,2}$/.test(after) && Number(after) <= 31) {
    days.dates.push([month, Number(after)]);
    q.consume(i, 2);
  } else if (before && /^\d{1,2}$/.test(before) && Number(before) <= 31) {
    days.dates.push([month, Number(before)]);
    q.consume(i - 1, 2);
  }
}

/** Days: weekday names, 'day 2', 'second day', 'jour 2', dates ('Sept 9', '9 septembre', '2025-09-09'), today, tomorrow. */
function readDays(q: QuestionWords): QuestionDays {
  const days: QuestionDays = { weekdays: [], dayNumbers: [], dates: [], relativeDays: [] };
  q.words.forEach((w, i) => {
    for (const lang of ['en', 'fr'] as const) {
      const d = WEEKDAYS[lang].indexOf(w);
      if (d >= 0) {
        days.weekdays.push(d);
        q.consume(i, 1);
      }
    }
    readDayNumber(q, i, days);
    readDate(q, i, days);
  });
  for (const iso of q.question.matchAll(/\b\d{4}-(\d{2})-(\d{2})\b/g)) days.dates.push([Number(iso[1]), Number(iso[2])]);
  if (q.any(TODAY_WORDS)) days.relativeDays.push(0);
  if (q.any(TOMORROW_WORDS)) days.relativeDays.push(1);
  return days;
}

function readPartOfDay(q: QuestionWords): [number, number] | null {
  let partOfDay: [number, number] | null = null;
  if (has(q.padded, 'apres midi')) partOfDay = PARTS_OF_DAY.afternoon;
  else for (const [word, range] of Object.entries(PARTS_OF_DAY)) if (word !== 'apres' && q.words.includes(word)) partOfDay = range;
  return partOfDay;
}

/** Rooms that exist, longest name first; a one- or two-character name only after a room noun. */
function readRooms(q: QuestionWords, index: ProgramIndex): RoomName[] {
  const rooms: RoomName[] = [];
  for (const room of [...index.rooms].sort((a, b) => b.tokens.length - a.tokens.length)) {
    const at = containsSequence(q.words, room.tokens);
    if (at < 0 || [...Array(room.tokens.length).keys()].some((k) => q.consumed.has(at + k))) continue;
    const short = room.tokens.join('').length <= 2;
    if (short && !(at > 0 && ROOM_NOUNS.includes(q.words[at - 1]))) continue;
    rooms.push(room);
    q.consume(at, room.tokens.length);
  }
  return rooms;
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
      const common = index.documentFrequency(stem(part)) > 0 && !capitalised.has(part);
      if (common) continue;
      speakers.push(s);
      q.consume(i, 1);
      break;
    }
  }
  return speakers;
}

/** Formats the program holds; a format word that is also a topic stays in the topic. */
function readFormats(q: QuestionWords, index: ProgramIndex): string[] {
  const formats: string[] = [];
  for (const [format, list] of Object.entries(FORMAT_WORDS)) {
    if (!index.formats.has(format)) continue;
    for (const written of list) {
      const words = phrase(written).tokens;
      const at = containsSequence(q.words, words);
      if (at < 0) continue;
      if (!formats.includes(format)) formats.push(format);
      if (!FORMAT_WORDS_ALSO_TOPIC.has(written)) q.consume(at, words.length);
    }
  }
  return formats;
}

/** What the question asks: when, where, who, about what, how long, a list, a plan, now, next, after, the start. */
function readAsks(q: QuestionWords, clock: { minutes: number } | null): ProgramQuery['asks'] {
  const { question, words, padded } = q;
  const any = (list: string[]) => q.any(list);
  const folded = fold(question).trim();
  const opens = (list: string[]) => list.some((w) => opensWith(w).test(folded));
  return {
    when: any(ASK.when) || opens(CLAUSE_ASK.when) || (!!clock && any(START_WORDS)),
    where: any(ASK.where) || opens(CLAUSE_ASK.where),
    who: any(ASK.who) || opens(CLAUSE_ASK.who),
    about: any(ASK.about) || /\babout\s*(?:\?\s*)?$/i.test(question.trim()) || /\bde quoi\b/.test(fold(question)),
    duration: any(ASK.duration),
    list: any(ASK.list),
    plan: any(ASK.plan),
    self: any(ASK.self),
    now: any(NOW_WORDS),
    next: any(NEXT_WORDS),
    after: AFTER_WORDS.some((w) => words.includes(w)) && !has(padded, 'apres midi'),
    start: any(START_WORDS),
  };
}

const PROGRAM_NOUNS = [...SESSION_NOUNS, ...SPEAKER_NOUNS, ...ROOM_NOUNS];

/** Words of the program's own vocabulary: never a topic. */
const PROGRAM_VOCABULARY = new Set([
  ...PROGRAM_NOUNS,
  ...CONTENT_VERBS,
  ...Object.keys(MONTH_WORDS),
  ...Object.keys(ORDINALS),
  ...Object.keys(PARTS_OF_DAY),
  ...WEEKDAYS.en,
  ...WEEKDAYS.fr,
  ...Object.values(FORMAT_WORDS)
    .flat()
    .filter((w) => !FORMAT_WORDS_ALSO_TOPIC.has(w))
    .flatMap((w) => tokens(w)),
]);

/**
 * The topic: the words no reading took, neither stop words nor the program's vocabulary, by stem.
 * Beside a speaker or a room (`named`), a word no session holds is phrasing ('what comes after'), not a topic.
 */
function readTopic(q: QuestionWords, index: ProgramIndex, named: boolean): TopicWord[] {
  const byFold = new Map(q.original.map((w) => [fold(w), w]));
  const topic: TopicWord[] = [];
  q.words.forEach((w, i) => {
    if (q.consumed.has(i) || STOP_WORDS.has(w) || PROGRAM_VOCABULARY.has(w)) return;
    if (/^\d+$/.test(w) && w.length < 3) return;
    if (w.length < 2) return;
    const s = stem(w);
    if (topic.some((t) => t.stem === s)) return;
    topic.push({ stem: s, written: byFold.get(w) ?? w, idf: index.idf(s) });
  });
  return named ? topic.filter((t) => index.documentFrequency(t.stem) > 0) : topic;
}

/** Reads a question against the program: the days, times, rooms, speakers, formats and topic it names. */
export function parseQuestion(question: string, index: ProgramIndex): ProgramQuery {
  const q = new QuestionWords(question);
  const { words } = q;
  // In this order: a word one reading takes is not read again by the next.
  const clock = readClock(q);
  const days = readDays(q);
  const partOfDay = readPartOfDay(q);
  const rooms = readRooms(q, index);
  const speakers = readSpeakers(q, index);
  const formats = readFormats(q, index);
  return {
    language: languageOf(question),
    asks: readAsks(q, clock),
    programNoun: formats.length > 0 || words.some((w) => PROGRAM_NOUNS.includes(w)) || q.any(ASK.on),
    contentVerb: words.some((w) => CONTENT_VERBS.includes(w)),
    ...days,
    partOfDay,
    clock: clock?.minutes ?? null,
    rooms,
    speakers,
    formats,
    topic: readTopic(q, index, rooms.length > 0 || speakers.length > 0),
    pronoun: ['her', 'his', 'their', 'she', 'he', 'they', 'son', 'sa', 'ses', 'elle', 'il'].some((w) => words.includes(w)),
  };
}
