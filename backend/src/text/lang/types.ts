/**
 * The shape of one language's data file (`en.ts`, `fr.ts`, `de.ts`, `es.ts`): the general words a
 * conference assistant reads in a question (days, months, clock words, question words, stop words) and
 * the fixed phrases it answers with. Words are written folded (lower case, accents removed, see
 * `fold` in text/lang/fold.ts); phrases keep their spaces and are matched on whole words.
 * Nothing of one conference belongs here: its titles, speakers and rooms come from its own program.
 */

export type Language = 'en' | 'fr' | 'de' | 'es' | 'it' | 'pt' | 'nl';

/** The answer's fixed phrases; `{name}` is filled in by `fill` (program-answer.ts). */
export interface ProgramPhrases {
  /** 'Tuesday, Sept 9': {weekday} {month} {day}. */
  date: string;
  /** A conference day without a date: {n}. */
  dayNumber: string;
  /** Before a room whose name is one word ('room B422'). */
  room: string;
  timeNotPublished: string;
  /** Before the speakers: 'with'. */
  with: string;
  about: string;
  /** {asked} is not in the program (the English one keeps the refusal first, see en.ts). */
  notInProgram: string;
  sessionNotInProgram: string;
  /** {room}: a room the program does not have. */
  noSessionIn: string;
  nothingAtThatTime: string;
  /** {asked}: each of its words is in the program, no session holds them together; the closest sessions follow. */
  partialMatch: string;
  /** {n} sessions / {n} session. */
  listLead: string;
  listLeadOne: string;
  more: string;
  noMatch: string;
  planLead: string;
  planLeadOne: string;
  /** {title} {when} {marker} */
  nothingFollows: string;
  rightAfter: string;
  /** 'After lunch' in another room: {title} {when} {room}. */
  afterIn: string;
  /** {name} {title} {when} {marker} */
  speakerNext: string;
  speakerNoLater: string;
  /** {last} */
  conferenceOver: string;
  /** {clock} */
  onNow: string;
  nothingMore: string;
  nothingMoreInRoom: string;
  nextLead: string;
  /** The line under an answer asked with no session chosen: the sessions its citations come from ({titles}). */
  drewOn: string;
}

export interface LanguageData {
  code: Language;
  /** What the answerer says when the materials do not cover a question asked in this language (English: the spec's text). */
  notCovered: string;
  /** What the answerer says first when it is unsure its passages answer the question (it answers with the closest ones). */
  mayNotCover: string;
  /** Weekday names by JavaScript day number (0 = Sunday), folded, then as written in answers. */
  weekdays: string[];
  weekdayLabels: string[];
  /** Month names and usual abbreviations → month number (1-12). */
  months: Record<string, number>;
  monthLabels: string[];
  /** Answers give clock times as '2:00 PM' (true) or '14:00'. */
  twelveHourClock: boolean;
  ordinals: Record<string, number>;
  /** Numbers written as words ('three' → 3): a count in an answer's short fact is given in figures. */
  cardinals: Record<string, number>;
  /** Words for 'day' in 'day 2' / 'second day'. */
  dayWords: string[];
  /** Parts of the day (phrases) → [from, to) minutes after midnight. */
  partsOfDay: Record<string, [number, number]>;
  /** Words written after an hour ('15 h', '15 Uhr'); phrases after an hour meaning afternoon ('3 de la tarde'). */
  hourWords: string[];
  /** Words of a question asking how long a session lasts ('last', 'dure', 'dauert'): never its topic once it asks so. */
  durationWords?: string[];
  /** Words written before an hour given alone ('alle 15', 'às 15', 'om 15'): the hour is a clock time. */
  hourBefore?: string[];
  afternoonHours: string[];
  noon: string[];
  today: string[];
  tomorrow: string[];
  now: string[];
  next: string[];
  after: string[];
  start: string[];
  sessionNouns: string[];
  /** Nouns for a speaker and the verbs of speaking at a conference ('speaks', 'parle', 'spricht', 'habla'). */
  speakerNouns: string[];
  roomNouns: string[];
  /** Words naming a session format, by the format they mean. */
  formatWords: Record<string, string[]>;
  /**
   * Words for a session every program has under one name or another (lunch, break, opening, closing):
   * a question naming one in any language finds the session titled with the same concept in another.
   * The meals, breaks and registration (SERVICE_CONCEPTS) are not talks: 'the first talk' passes them over.
   */
  concepts: Record<string, string[]>;
  ask: {
    when: string[];
    where: string[];
    who: string[];
    about: string[];
    duration: string[];
    /** 'What's on …': asks the program whatever follows. */
    on: string[];
    list: string[];
    plan: string[];
    self: string[];
    /** The earliest / the latest of the sessions asked about ('What is the first session?'), one word each. */
    first: string[];
    last: string[];
    /** Asks when something ends ('When does the conference end?'), one word each. */
    end: string[];
  };
  /**
   * Question words asking for a short fact, by the fact's kind: a person (a name, a speaker), a time
   * (a date, a clock time, a day), a place, a count or amount. Folded; phrases match on whole words.
   * `attendees`: words of a who question asking who took part (a meeting's participants). `self`: the
   * first person's subject pronouns: a transcript sentence holding one ('I will prepare it') gives its
   * speaker as the answer to a who question. `what`: words asking what or which thing ('What is the
   * editor used?', 'Quel outil ?'): the answer is new material, words the question does not hold.
   * `open`: the other words opening a question that asks for more than yes or no ('how', 'why').
   */
  factAsk: {
    who: string[];
    when: string[];
    where: string[];
    howMany: string[];
    what: string[];
    open: string[];
    attendees: string[];
    self: string[];
  };
  /** Question words that ask only when they open a clause. */
  clauseAsk: { when: string[]; where: string[]; who: string[] };
  /** Verbs asking what was said in a session (its documents). */
  contentVerbs: string[];
  /**
   * What a follow-up points back to: the session ('it', 'that talk'), the place ('there'), a person
   * ('her next talk'). `notPlace`: phrases where the place word is not one ('is there').
   */
  references: { session: string[]; place: string[]; notPlace: string[]; time: string[]; person: string[] };
  /** Function words and the verbs of asking ('passe', 'parle', 'habla', 'spricht'): never a topic. */
  stopWords: string;
  /** Words said between others in speech ('yeah', 'ouais', 'genau', 'vale'): written with a capital, never a name. */
  interjections: string[];
  /** Words frequent in this language's questions and rare in the others' (detection). */
  markers: string;
  /**
   * Words this language writes elided before an apostrophe ('l', 'd', 'qu' of "l'entreprise", "d'accord",
   * "qu'il"; 'dell', 'all' of "dell'anno"): the search reads the word after the apostrophe.
   */
  elisions?: string;
  /** Letters this language writes and few others do (detection: a letter several languages list counts for each in part). */
  letters: string;
  phrases: ProgramPhrases;
}

/** A list written as 'a|b|c' (phrases keep their spaces). */
export const list = (words: string): string[] => words.split('|');

/** Number words written in order from one ('one two three …' → { one: 1, two: 2, three: 3 }). */
export const cardinalsOf = (words: string): Record<string, number> => Object.fromEntries(words.split(' ').map((w, i) => [w, i + 1]));
