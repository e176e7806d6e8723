import { LRUCache } from 'lru-cache';
import { LANGUAGE_CODES, LANGUAGES, wordsOf } from '../../../text/lang';
import { languageOf } from '../../../text/lang/detect';
import { fold, stripAccents } from '../../../text/lang/fold';
import type { LanguageData } from '../../../text/lang/types';
import { keywordStems, termsOf } from '../../../text/keywords';
import { speakerName } from '../../../text/sentences';

/**
 * Short facts: a question asking who, when, where or how many is answered first with the fact itself
 * (a name, a date or time, a place, a number with its unit), taken from the sentence that answers it.
 * The question words are the language layer's (`LanguageData.factAsk`); the facts are found by their
 * form (capitalised names and speaker labels, dates and clock times, numbers), with no word list of
 * any one set of materials.
 */

export type FactKind = 'who' | 'when' | 'where' | 'howMany';

/** A question word counts when it is among the first words of the question or of its last clause. */
const OPENING_WORDS = 4;

/** Words of text as folded tokens (apostrophes and punctuation split words). */
const foldedWords = (text: string): string[] =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Every language's question words of each kind, split into words once (not for every question): a short
 * question says too little to tell its language apart.
 */
const FACT_PHRASES = (['howMany', 'when', 'where', 'who'] as const).map((kind) => ({
  kind,
  phrases: LANGUAGE_CODES.flatMap((c) => LANGUAGES[c].factAsk[kind]).map((phrase) => phrase.split(' ')),
}));

/** The last question's kind: the ranking, the composition and the attendees test each ask it of the same question. */
let lastKind: { question: string; kind: FactKind | null } | null = null;

/** The kind of short fact a question asks for, or null when it asks for something else (a summary, a reason). */
export function factKind(question: string): FactKind | null {
  if (lastKind?.question !== question) lastKind = { question, kind: readFactKind(question) };
  return lastKind.kind;
}

function readFactKind(question: string): FactKind | null {
  const clauses = [question, ...question.split(/[,;:]/).slice(1)].map((c) => foldedWords(c));
  let best: { kind: FactKind; at: number } | null = null;
  for (const { kind, phrases } of FACT_PHRASES) {
    for (const words of phrases) {
      for (const clause of clauses) {
        const at = indexOfRun(clause, words);
        if (at >= 0 && at < OPENING_WORDS && (!best || at < best.at)) best = { kind, at };
      }
    }
  }
  return best?.kind ?? null;
}

/**
 * A question asking what or which thing ('What is the editor used for the documents?', 'Quel outil ?'):
 * a what / which word of any language among its first words, and no who / when / where / how-many word.
 */
export function asksWhat(question: string): boolean {
  if (factKind(question)) return false;
  const asks = LANGUAGE_CODES.flatMap((c) => LANGUAGES[c].factAsk.what);
  const clauses = [question, ...question.split(/[,;:]/).slice(1)].map((c) => foldedWords(c));
  return clauses.some((clause) =>
    asks.some((w) => {
      const at = clause.indexOf(w);
      return at >= 0 && at < OPENING_WORDS;
    }),
  );
}

/**
 * A who question asking who took part ('Who attended the meeting?', 'Qui étaient les participants ?'):
 * the speakers of the chosen transcript answer it, whatever words their turns use.
 */
export function asksAttendees(question: string): boolean {
  if (factKind(question) !== 'who') return false;
  const words = foldedWords(question);
  return LANGUAGE_CODES.some((c) => LANGUAGES[c].factAsk.attendees.some((phrase) => indexOfRun(words, phrase.split(' ')) >= 0));
}

function indexOfRun(words: string[], run: string[]): number {
  for (let i = 0; i + run.length <= words.length; i++) if (run.every((w, j) => words[i + j] === w)) return i;
  return -1;
}

/** Every language's interjections as stems ('yeah', 'ouais', 'genau'): a reply of those alone says nothing. */
const INTERJECTION_STEMS: ReadonlySet<string> = new Set(
  LANGUAGE_CODES.flatMap((c) => LANGUAGES[c].interjections.flatMap((w) => termsOf(w))),
);
/** Every language's first-person words ('i', 'je', 'ich'): 'I can.' answers who will do it. */
const SELF_WORDS: ReadonlySet<string> = new Set(LANGUAGE_CODES.flatMap((c) => LANGUAGES[c].factAsk.self));

/**
 * A reply that says something by itself: a content word besides interjections ('In [LOCATION2].', 'Um,
 * Friday.', 'Yeah, almost 3 hours.') or a first-person word ('I can.'); 'Yeah.', 'Okay.' or 'Hm.' do not.
 * Read in every language: a reply is too short to tell its language apart.
 */
export function statesReply(text: string): boolean {
  return termsOf(text).some((t) => !INTERJECTION_STEMS.has(t)) || foldedWords(text).some((w) => SELF_WORDS.has(w));
}

/**
 * A question asking for more than yes or no ('And when is the deadline?', 'How long is it? 3 hours?',
 * 'Reply to what?'): a short-fact word of any language among the first words of the sentence or of a
 * clause, or a what / which or open word ('how', 'pourquoi') of the passage's language (`lang`) there
 * or ending a clause. 'Is it prepared, right?' or 'Should I send a link?' asks for a yes or a no.
 */
export function asksOpen(sentence: string, lang: LanguageData): boolean {
  if (readFactKind(sentence)) return true;
  const open = new Set([...lang.factAsk.what, ...lang.factAsk.open]);
  const clauses = [sentence, ...sentence.split(/[,;:?]/).slice(1)].map((c) => foldedWords(c)).filter((c) => c.length > 0);
  return clauses.some((clause) => clause.slice(0, OPENING_WORDS).some((w) => open.has(w)) || open.has(clause[clause.length - 1]));
}

/** A sentence to take a fact from: its text and, in a transcript, its speaker. */
export interface FactSource {
  text: string;
  speaker?: string | null;
}

/** The fact the question asks for, as written in the sentence; null when the sentence holds none. */
export function extractFact(kind: FactKind, source: FactSource, question: string): string | null {
  const lang = LANGUAGES[languageOf(question)];
  const asked = fold(question);
  const unasked = (fact: string) => !asked.includes(fold(fact));
  if (kind === 'who' || kind === 'where') {
    const names = nameRuns(source.text, lang).filter(unasked);
    if (names.length > 0) return [...new Set(names)].slice(0, 3).join(', ');
    const speaker = kind === 'who' ? speakerName(source.speaker) : null;
    return speaker && unasked(speaker) ? speaker : null;
  }
  if (kind === 'when') return dateOrTime(source.text, lang).find(unasked) ?? null;
  return quantity(source.text, lang, question);
}

/**
 * The fact a sentence states by itself: a name, date, place or number in its own words, or, for a who
 * question, its speaker when the sentence is in the first person ('I will prepare the corpus'); null when
 * the sentence holds none (its speaker alone does not answer who did something).
 */
export function ownFact(kind: FactKind, source: FactSource, question: string): string | null {
  const lang = languageOfQuestion(question);
  // A count in figures, or in words next to what the question counts ('three platforms'; not 'one semester').
  if (kind === 'howMany') return quantities(source.text, lang, question).find((q) => q.digits || q.near)?.text ?? null;
  if (kind !== 'who') return extractFact(kind, source, question);
  const asked = foldedQuestion(question);
  const names = nameRuns(source.text, lang).filter((n) => !asked.includes(fold(n)));
  if (names.length > 0) return [...new Set(names)].slice(0, 3).join(', ');
  const speaker = speakerName(source.speaker);
  if (!speaker || asked.includes(fold(speaker))) return null;
  const words = foldedWords(source.text);
  return LANGUAGE_CODES.some((c) => LANGUAGES[c].factAsk.self.some((w) => words.includes(w))) ? speaker : null;
}

/** Names a sentence holds that the question does not ('Overleaf', '[LOCATION2]'): what a what / which question may ask for. */
export function newNames(text: string, question: string): string[] {
  const asked = foldedQuestion(question);
  const { names, folded } = namesOf(text, languageOfQuestion(question));
  return names.filter((_, i) => !asked.includes(folded[i]));
}

/** The last question's language and folded text: a question's sentences are read one after another. */
let lastQuestion: { text: string; lang: LanguageData; folded: string } | null = null;
function questionOf(question: string): { lang: LanguageData; folded: string } {
  if (lastQuestion?.text !== question) lastQuestion = { text: question, lang: LANGUAGES[languageOf(question)], folded: fold(question) };
  return lastQuestion;
}
const languageOfQuestion = (question: string) => questionOf(question).lang;
const foldedQuestion = (question: string) => questionOf(question).folded;

/** A word of a name: a capital (or a bracketed tag such as '[PERSON3]'), letters, digits and joiners. */
const NAME_TOKEN = /\[?[\p{L}\p{N}][\p{L}\p{N}'’_.-]*\]?/gu;
const CAPITALISED = /^\[?[\p{Lu}]/u;
/** Words that join the parts of one name ('University of Vienna', 'Ludwig van Beethoven'). */
const NAME_JOINERS = new Set(['of', 'de', 'del', 'da', 'van', 'von', 'der', 'la', 'le', 'du']);

/**
 * Runs of capitalised words in a sentence ('Dana Whitfield', 'PERSON3', 'Vienna'): a function word of
 * the language ('I', 'The') is not a name, nor is a single ordinary word opening the sentence.
 */
export function nameRuns(text: string, lang: LanguageData): readonly string[] {
  return namesOf(text, lang).names;
}

/**
 * Sentences whose names (`nameRuns`) are kept, per language: the same passages answer many questions, and
 * a what / which question reads the names of every sentence of its passages. A few hundred bytes each.
 */
const NAMED_SENTENCES = 10_000;
const namesRead = new LRUCache<string, { names: readonly string[]; folded: readonly string[] }>({ max: NAMED_SENTENCES });

/** The names of a sentence as written and folded, read once per sentence text and language. */
function namesOf(text: string, lang: LanguageData): { names: readonly string[]; folded: readonly string[] } {
  const key = `${lang.code}\u0000${text}`;
  let read = namesRead.get(key);
  if (!read) {
    const names = readNameRuns(text, lang);
    read = { names, folded: names.map((n) => fold(n)) };
    namesRead.set(key, read);
  }
  return read;
}

function readNameRuns(text: string, lang: LanguageData): string[] {
  const stop = stopWordsOf(lang);
  const calendar = calendarWordsOf(lang);
  const tokens = [...text.matchAll(NAME_TOKEN)].map((m) => ({
    word: m[0]
      .replace(/^\[|\]$/g, '')
      .replace(/['’]s$/, '')
      .replace(/[.'’_-]+$/, ''),
    at: m.index,
    bracketed: m[0].startsWith('['),
    end: m.index + m[0].length,
  }));
  const runs: string[] = [];
  let run: typeof tokens = [];
  const flush = () => {
    while (run.length > 0 && NAME_JOINERS.has(fold(run[run.length - 1].word))) run.pop();
    const words = run;
    run = [];
    if (words.length === 0) return;
    const opensSentence = words[0].at === tokens[0].at;
    const marked = words.some((t) => t.bracketed || /\d/.test(t.word));
    if (opensSentence && words.length === 1 && !marked) return;
    // A day or a month is written with a capital but names no one ('Tuesday', 'March').
    if (words.every((t) => calendar.has(fold(t.word)))) return;
    runs.push(words.map((t) => t.word).join(' '));
  };
  for (const t of tokens) {
    // A name's words follow one another with nothing but spaces between them.
    const adjacent = run.length > 0 && /^\s+$/.test(text.slice(run[run.length - 1].end, t.at));
    const nameWord = CAPITALISED.test(t.word) && !stop.has(fold(t.word));
    if (nameWord) {
      if (!adjacent) flush();
      run.push(t);
    } else if (adjacent && NAME_JOINERS.has(fold(t.word))) run.push(t);
    else flush();
  }
  flush();
  return runs;
}

const calendarCache = new Map<string, Set<string>>();
/** The language's weekdays and months (folded): written with a capital, they name no one. */
function calendarWordsOf(lang: LanguageData): Set<string> {
  let set = calendarCache.get(lang.code);
  if (!set) {
    set = new Set([...lang.weekdays, ...Object.keys(lang.months)]);
    calendarCache.set(lang.code, set);
  }
  return set;
}

const stopWordCache = new Map<string, Set<string>>();
function stopWordsOf(lang: LanguageData): Set<string> {
  let set = stopWordCache.get(lang.code);
  if (!set) {
    set = new Set([...wordsOf(lang.stopWords), ...lang.interjections]);
    stopWordCache.set(lang.code, set);
  }
  return set;
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const dateCache = new Map<string, RegExp>();

/** The language's dates and times as one pattern: a day and month with its year, a weekday, a clock time, a year. */
function datePattern(lang: LanguageData): RegExp {
  let re = dateCache.get(lang.code);
  if (re) return re;
  const months = Object.keys(lang.months)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  const days = [...lang.weekdays, ...lang.today, ...lang.tomorrow]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  const day = String.raw`\d{1,2}(?:st|nd|rd|th|er|e|\.)?`;
  const year = String.raw`(?:19|20)\d{2}`;
  re = new RegExp(
    [
      String.raw`(?:(?:${days}),?\s+)?(?:${day}\s+)?(?:${months})\.?(?:\s+${day})?(?:,?\s+${year})?`,
      String.raw`\d{4}-\d{2}-\d{2}`,
      String.raw`\d{1,2}[/.]\d{1,2}[/.](?:\d{4}|\d{2})`,
      String.raw`\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)`,
      String.raw`\d{1,2}[:h]\d{2}`,
      String.raw`(?:${days})`,
      year,
    ]
      .map((p) => `(?<![\\p{L}\\p{N}])(?:${p})(?![\\p{L}\\p{N}])`)
      .join('|'),
    'giu',
  );
  dateCache.set(lang.code, re);
  return re;
}

/** Dates and times written in a sentence, in order. */
export function dateOrTime(text: string, lang: LanguageData): string[] {
  const stop = stopWordsOf(lang);
  // The sentence's own period is not part of the date ('due next Friday, Feb 21.'); a month that is also a
  // function word of the language, alone and in lower case, is that word ('it may change').
  return [...stripAccents(text).matchAll(datePattern(lang))]
    .map((m) => m[0].trim().replace(/[.,]$/, ''))
    .filter((d) => !(d in lang.months && stop.has(d)));
}

/** A number as written: a currency sign, digits with separators, a percent or currency after it. */
const NUMBER = /(?<![\p{L}\p{N}])[$€£¥]?\d[\d,.]*(?:\s?(?:%|€|\$|£))?(?![\p{L}\p{N}])/gu;

/**
 * The count or amount a sentence gives: a number (or a number word of the language) with the word
 * after it ('three subsets', '25 €', '12.50 euros'), the one next to the question's own words first.
 */
export function quantity(text: string, lang: LanguageData, question: string): string | null {
  return quantities(text, lang, question)[0]?.text ?? null;
}

const cardinalCache = new Map<string, RegExp>();
/** The language's numbers written as words, as one pattern. */
function cardinalPattern(lang: LanguageData): RegExp {
  let re = cardinalCache.get(lang.code);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${Object.keys(lang.cardinals).map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
    cardinalCache.set(lang.code, re);
  }
  return re;
}

/** The counts and amounts of a sentence (`quantity`), best first: `near` one next to the question's words, `digits` one in figures. */
function quantities(text: string, lang: LanguageData, question: string): { text: string; near: boolean; digits: boolean }[] {
  const asked = new Set(keywordStems(question));
  const askedNumbers = new Set(question.match(NUMBER)?.map((n) => n.trim()) ?? []);
  const stop = stopWordsOf(lang);
  const words = cardinalPattern(lang);
  return [...text.matchAll(NUMBER), ...stripAccents(text).matchAll(words)]
    .filter((m) => !askedNumbers.has(m[0].trim()) && !/^(?:19|20)\d{2}[.,]?$/.test(m[0].trim()))
    .map((m) => {
      // The word right after the number names what it counts ('12 members'); not one after a comma or a full stop ('3.14, le build').
      const after = /^\s+([\p{L}][\p{L}'’-]*)/u.exec(text.slice(m.index + m[0].replace(/[.,]+$/, '').length));
      const unit = after && !stop.has(fold(after[1])) ? after[1] : null;
      const near = unit ? keywordStems(unit).some((s) => asked.has(s)) : false;
      // A count written in words is given in figures ('three subsets' → '3 subsets').
      const word = lang.cardinals[fold(m[0])];
      const figure = word != null ? String(word) : m[0].trim().replace(/[.,]+$/, '');
      return { text: unit ? `${figure} ${unit}` : figure, at: m.index, near, digits: word == null, counts: word == null || unit != null };
    })
    .filter((q) => q.counts)
    .sort((a, b) => Number(b.near) - Number(a.near) || Number(b.digits) - Number(a.digits) || a.at - b.at);
}
