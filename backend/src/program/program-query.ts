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

const has = (padded: string, phrase: string) => padded.includes(` ${tokens(phrase).join(' ')} `);

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

/** Reads a question against the program: the days, times, rooms, speakers, formats and topic it names. */
export function parseQuestion(question: string, index: ProgramIndex): ProgramQuery {
  const words = tokens(question);
  const padded = ` ${words.join(' ')} `;
  const consumed = new Set<number>();
  const consume = (at: number, n: number) => {
    for (let i = at; i < at + n; i++) consumed.add(i);
  };
  const any = (list: string[]) => list.some((p) => has(padded, p));

  const clock = clockOf(question);
  if (clock) {
    const clockTokens = tokens(clock.match);
    const at = containsSequence(words, clockTokens);
    if (at >= 0) consume(at, clockTokens.length);
  }

  // Days: weekday names, 'day 2', 'second day', 'jour 2', dates ('Sept 9', '9 septembre', '2025-09-09').
  const weekdays: number[] = [];
  const dayNumbers: number[] = [];
  const dates: [number, number][] = [];
  const relativeDays: number[] = [];
  words.forEach((w, i) => {
    for (const lang of ['en', 'fr'] as const) {
      const d = WEEKDAYS[lang].indexOf(w);
      if (d >= 0) {
        weekdays.push(d);
        consume(i, 1);
      }
    }
    if ((w === 'day' || w === 'jour') && i + 1 < words.length) {
      const next = words[i + 1];
      const n = /^\d{1,2}$/.test(next) ? Number(next) : ORDINALS[next];
      if (n) {
        dayNumbers.push(n);
        consume(i, 2);
      }
    }
    if ((w === 'day' || w === 'jour') && i > 0) {
      const prev = words[i - 1].replace(/^(\d+)(?:st|nd|rd|th|e|er|eme|ere)$/, '$1');
      const n = /^\d{1,2}$/.test(prev) ? Number(prev) : ORDINALS[prev];
      if (n && !dayNumbers.includes(n)) {
        dayNumbers.push(n);
        consume(i - 1, 2);
      }
    }
    const m = /^(?:day|d|j)(\d{1,2})$/.exec(w);
    if (m) {
      dayNumbers.push(Number(m[1]));
      consume(i, 1);
    }
    const month = MONTH_WORDS[w];
    if (month) {
      const after = words[i + 1]?.replace(/(st|nd|rd|th|er)$/, '');
      const before = words[i - 1]?.replace(/(st|nd|rd|th|er)$/, '');
      if (after && /^\d{1,2}$/.test(after) && Number(after) <= 31) {
        dates.push([month, Number(after)]);
        consume(i, 2);
      } else if (before && /^\d{1,2}$/.test(before) && Number(before) <= 31) {
        dates.push([month, Number(before)]);
        consume(i - 1, 2);
      }
    }
  });
  for (const iso of question.matchAll(/\b\d{4}-(\d{2})-(\d{2})\b/g)) dates.push([Number(iso[1]), Number(iso[2])]);
  if (any(TODAY_WORDS)) relativeDays.push(0);
  if (any(TOMORROW_WORDS)) relativeDays.push(1);

  let partOfDay: [number, number] | null = null;
  if (has(padded, 'apres midi')) partOfDay = PARTS_OF_DAY.afternoon;
  else for (const [word, range] of Object.entries(PARTS_OF_DAY)) if (word !== 'apres' && words.includes(word)) partOfDay = range;

  // Rooms that exist, longest name first; a one- or two-character name only after a room noun.
  const rooms: RoomName[] = [];
  for (const room of [...index.rooms].sort((a, b) => b.tokens.length - a.tokens.length)) {
    const at = containsSequence(words, room.tokens);
    if (at < 0 || [...Array(room.tokens.length).keys()].some((k) => consumed.has(at + k))) continue;
    const short = room.tokens.join('').length <= 2;
    if (short && !(at > 0 && ROOM_NOUNS.includes(words[at - 1]))) continue;
    rooms.push(room);
    consume(at, room.tokens.length);
  }

  // Speakers that exist: the full name, or one of its words written with a capital (or rare enough).
  const original = question.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const capitalised = new Set(original.filter((w, i) => i > 0 && /^\p{Lu}/u.test(w)).map((w) => fold(w)));
  const speakers: SpeakerName[] = [];
  for (const s of [...index.speakers].sort((a, b) => b.tokens.length - a.tokens.length)) {
    const at = containsSequence(words, s.tokens);
    if (at >= 0) {
      speakers.push(s);
      consume(at, s.tokens.length);
      continue;
    }
    for (const part of s.tokens) {
      if (part.length < 3 || STOP_WORDS.has(part)) continue;
      const i = words.indexOf(part);
      if (i < 0 || consumed.has(i)) continue;
      const common = index.documentFrequency(stem(part)) > 0 && !capitalised.has(part);
      if (common) continue;
      speakers.push(s);
      consume(i, 1);
      break;
    }
  }

  const formats: string[] = [];
  for (const [format, list] of Object.entries(FORMAT_WORDS)) {
    if (!index.formats.has(format)) continue;
    for (const phrase of list) {
      const at = containsSequence(words, tokens(phrase));
      if (at < 0) continue;
      if (!formats.includes(format)) formats.push(format);
      if (!FORMAT_WORDS_ALSO_TOPIC.has(phrase)) consume(at, tokens(phrase).length);
    }
  }

  const folded = fold(question);
  const opens = (list: string[]) =>
    list.some((w) => new RegExp(`(?:^|[,;:?!.(]|\\b(?:and|et|or|but|mais|so|then)\\b)\\s*${w}\\b`).test(folded.trim()));
  const asks = {
    when: any(ASK.when) || opens(CLAUSE_ASK.when) || (!!clock && any(START_WORDS)),
    where: any(ASK.where) || opens(CLAUSE_ASK.where),
    who: any(ASK.who) || opens(CLAUSE_ASK.who),
    about: any(ASK.about) || /\babout\s*\??\s*$/i.test(question.trim()) || /\bde quoi\b/.test(fold(question)),
    duration: any(ASK.duration),
    list: any(ASK.list),
    plan: any(ASK.plan),
    self: any(ASK.self),
    now: any(NOW_WORDS),
    next: any(NEXT_WORDS),
    after: AFTER_WORDS.some((w) => words.includes(w)) && !has(padded, 'apres midi'),
    start: any(START_WORDS),
  };
  const nounList = [...SESSION_NOUNS, ...SPEAKER_NOUNS, ...ROOM_NOUNS];
  const programNoun = formats.length > 0 || words.some((w) => nounList.includes(w)) || any(ASK.on);
  const contentVerb = words.some((w) => CONTENT_VERBS.includes(w));
  const pronoun = ['her', 'his', 'their', 'she', 'he', 'they', 'son', 'sa', 'ses', 'elle', 'il'].some((w) => words.includes(w));

  const vocabulary = new Set([
    ...nounList,
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
  const byFold = new Map(original.map((w) => [fold(w), w]));
  const topic: TopicWord[] = [];
  words.forEach((w, i) => {
    if (consumed.has(i) || STOP_WORDS.has(w) || vocabulary.has(w)) return;
    if (/^\d+$/.test(w) && w.length < 3) return;
    if (w.length < 2) return;
    const s = stem(w);
    if (topic.some((t) => t.stem === s)) return;
    topic.push({ stem: s, written: byFold.get(w) ?? w, idf: index.idf(s) });
  });

  // Beside a speaker or a room, a word no session holds is phrasing ('what comes after'), not a topic.
  const named = rooms.length > 0 || speakers.length > 0;
  const topicWords = named ? topic.filter((t) => index.documentFrequency(t.stem) > 0) : topic;

  return {
    language: languageOf(question),
    asks,
    programNoun,
    contentVerb,
    weekdays,
    dayNumbers,
    dates,
    relativeDays,
    partOfDay,
    clock: clock?.minutes ?? null,
    rooms,
    speakers,
    formats,
    topic: topicWords,
    pronoun,
  };
}
