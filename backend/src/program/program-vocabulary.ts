/**
 * The general vocabulary the program assistant understands, gathered from the language data files
 * (text/lang/{en,fr,de,es,it,pt,nl}.ts): days, months, parts of the day, clock words, question words and the
 * nouns people use for a conference session, in every language at once (a question may mix them:
 * 'Quels talks parlent de Django ?'). Everything else it matches (titles, speakers, rooms, formats,
 * tags, descriptions) comes from the sessions table itself.
 */
import { type Language, LANGUAGE_CODES, LANGUAGES } from '../text/lang';
import { STOP_WORDS_OF } from '../text/tokens';

export type { Language } from '../text/lang';

const all = <T>(pick: (l: (typeof LANGUAGES)[Language]) => T[]): T[] => [...new Set(LANGUAGE_CODES.flatMap((c) => pick(LANGUAGES[c])))];
const merged = <T>(pick: (l: (typeof LANGUAGES)[Language]) => Record<string, T>): Record<string, T> =>
  Object.assign({}, ...LANGUAGE_CODES.map((c) => pick(LANGUAGES[c])));

/** Weekday names by JavaScript day number (0 = Sunday), per language. */
export const WEEKDAYS = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, LANGUAGES[c].weekdays])) as Record<Language, string[]>;
export const MONTH_WORDS: Record<string, number> = merged((l) => l.months);
/** How a date is written in answers: 'Tuesday, Sept 9' / 'mardi 9 septembre'. */
export const MONTH_LABELS = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, LANGUAGES[c].monthLabels])) as Record<Language, string[]>;
export const WEEKDAY_LABELS = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, LANGUAGES[c].weekdayLabels])) as Record<Language, string[]>;
export const ORDINALS: Record<string, number> = merged((l) => l.ordinals);
export const DAY_WORDS = all((l) => l.dayWords);
/** Parts of the day (phrases), as [from, to) minutes after midnight. */
export const PARTS_OF_DAY: Record<string, [number, number]> = merged((l) => l.partsOfDay);
export const HOUR_WORDS = all((l) => l.hourWords);
export const HOUR_BEFORE = all((l) => l.hourBefore ?? []);
/** The phrases and words of asking how long ('how long', 'combien de temps', 'dure', 'dauert'). */
export const DURATION_WORDS = all((l) => [...l.ask.duration, ...(l.durationWords ?? [])]);
export const AFTERNOON_HOURS = all((l) => l.afternoonHours);
export const NOON_WORDS = all((l) => l.noon);
export const TODAY_WORDS = all((l) => l.today);
export const TOMORROW_WORDS = all((l) => l.tomorrow);
export const NOW_WORDS = all((l) => l.now);
export const NEXT_WORDS = all((l) => l.next);
export const AFTER_WORDS = all((l) => l.after);
/** Words asking for a session's start (an exact start time rather than what is running then). */
export const START_WORDS = all((l) => l.start);
/** The nouns for a session of any format: they make a question a program question, never a topic. */
export const SESSION_NOUNS = all((l) => l.sessionNouns);
export const SPEAKER_NOUNS = all((l) => l.speakerNouns);
export const ROOM_NOUNS = all((l) => l.roomNouns);

/** Words naming a session format, by the format they mean (used only for formats the program has). */
export const FORMAT_WORDS: Record<string, string[]> = {};
for (const c of LANGUAGE_CODES)
  for (const [format, words] of Object.entries(LANGUAGES[c].formatWords))
    FORMAT_WORDS[format] = [...(FORMAT_WORDS[format] ?? []), ...words];

/** Concepts every program has (lunch, break, opening, closing): each word → the concept's words in every language. */
export const CONCEPT_WORDS = new Map<string, string[]>();
{
  const byConcept = new Map<string, string[]>();
  for (const c of LANGUAGE_CODES)
    for (const [concept, words] of Object.entries(LANGUAGES[c].concepts))
      byConcept.set(concept, [...(byConcept.get(concept) ?? []), ...words]);
  for (const words of byConcept.values()) for (const w of words) CONCEPT_WORDS.set(w, words);
}
/** The concepts that name a meal, a break or registration rather than a talk. */
const SERVICE_CONCEPTS = ['lunch', 'break', 'registration', 'breakfast', 'dinner', 'snack'];
/** Their words in every language (folded). */
export const SERVICE_WORDS = all((l) => SERVICE_CONCEPTS.flatMap((c) => l.concepts[c] ?? []));
/** The words for lunch in every language: 'after lunch' in a program without one means the afternoon. */
export const LUNCH_WORDS = all((l) => l.concepts.lunch ?? []);
/** Format words that also name a session's place in the program, or a concept (kept as topic words too). */
export const FORMAT_WORDS_ALSO_TOPIC = new Set([...CONCEPT_WORDS.keys()]);

type AskKey = keyof (typeof LANGUAGES)['en']['ask'];
/** Question words by what they ask. Phrases are matched on the folded question. */
export const ASK = Object.fromEntries((Object.keys(LANGUAGES.en.ask) as AskKey[]).map((k) => [k, all((l) => l.ask[k])])) as Record<
  AskKey,
  string[]
>;

/** Question words that ask only when they open a clause ('When is…', '…, and where is it?'), not as a conjunction. */
export const CLAUSE_ASK = {
  when: all((l) => l.clauseAsk.when),
  where: all((l) => l.clauseAsk.where),
  who: all((l) => l.clauseAsk.who),
};

/**
 * Verbs that ask what was said in a session (its documents), not where or when it is: 'what did the
 * keynote speaker say about …'. A question with one of these goes to the documents; with program
 * words as well, both answer.
 */
export const CONTENT_VERBS = all((l) => l.contentVerbs);

/** Stop words per language (function words and the verbs of asking): the tokeniser's (text/tokens.ts). */
export { STOP_WORDS_OF };
/** Stop words of any language: a word here that the program does not hold is never a topic. */
export const STOP_WORDS = new Set(LANGUAGE_CODES.flatMap((c) => [...STOP_WORDS_OF[c]]));
