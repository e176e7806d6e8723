import { termsOf } from '../text/tokens';
import { STOP_WORDS } from '../text/lexicon';
import type { QueryTerms } from './retrieval.types';
import { VersionedCache } from './versioned-cache';

/** An abbreviation one embedded document defines, with how often it states it and its session. */
export interface LearnedDefinition {
  shortForm: string;
  longForm: string;
  occurrences: number;
  documentId: string;
  sessionId: string;
}

/** Where the definitions are read from (the `LEARNED_DEFINITIONS` port: SQL in ingestion's `TermDefinitionsRepository`). */
export interface DefinitionSource {
  definitionsAtVersion(): Promise<{ version: string; definitions: LearnedDefinition[] }>;
}

/** A definition a question uses one way or the other. */
export interface UsedDefinition {
  shortForm: string;
  longForm: string;
}

/**
 * What the materials' own abbreviations add to a question: the long forms of the short forms it
 * writes, as phrases; the definitions whose long form it spells out, their short forms to search.
 */
export interface LearnedExpansions {
  phrases: string[];
  shortForms: UsedDefinition[];
}

/**
 * Expansions one question gets from the learned abbreviations at most: a question naming several
 * abbreviations keeps its own words the main evidence.
 */
export const MAX_LEARNED_EXPANSIONS = 3;

/**
 * A short form the materials define in several ways stands for one of its long forms only when at
 * least this many times as many documents define it that way as define it all the other ways together
 * (three documents of four). Documents, not occurrences: a filing repeating its definition in every
 * footnote is one voice. Below that the short form is ambiguous and brings no long form, nor does a
 * long form bring it: another meaning's passages would come in with it.
 */
export const DOMINANT_DOCUMENTS = 3;

const NONE: LearnedExpansions = { phrases: [], shortForms: [] };
const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}&/.-]*[\p{L}\p{N}])?/gu;

/** One document's statement of a definition: the long form as it spells it (lower-case), how often. */
interface Statement {
  documentId: string;
  sessionId: string;
  spelling: string;
  occurrences: number;
}

/** One meaning of a short form: its long forms that spell the same words ('… taxes, depreciation, and …' and '… tax, depreciation and …'). */
interface Meaning {
  /** Its stems (`termsOf`), joined: what the spellings share. */
  key: string;
  statements: Statement[];
}

interface ShortFormEntry {
  shortForm: string;
  meanings: Meaning[];
}

/** What a short form stands for in a search: its meaning, spelled as the documents searched spell it most. */
interface Reading {
  key: string;
  longForm: string;
}

/** The key of a long form's meaning: its stems, stop words aside (the long form itself when it has none). */
const meaningKey = (longForm: string) => termsOf(longForm).join(' ') || longForm;

const documentsOf = (statements: Statement[]) => new Set(statements.map((s) => s.documentId)).size;

/** The spelling `statements` state most (then the one more documents use, then the shortest). */
function spellingOf(statements: Statement[]): string {
  const count = new Map<string, { n: number; documents: number }>();
  for (const s of statements) {
    const c = count.get(s.spelling) ?? { n: 0, documents: 0 };
    count.set(s.spelling, { n: c.n + s.occurrences, documents: c.documents + 1 });
  }
  return [...count].sort(([a, x], [b, y]) => y.n - x.n || y.documents - x.documents || a.length - b.length || a.localeCompare(b))[0][0];
}

/**
 * What a short form stands for in a search limited to `sessionIds` (none: everywhere): among the
 * meanings the documents of those sessions define (all of them when they define none), the only one,
 * or the one DOMINANT_DOCUMENTS times as many of those documents define as all the others, spelled as
 * those documents spell it most. Null when ambiguous.
 */
function readingIn(entry: ShortFormEntry, sessionIds: readonly string[]): Reading | null {
  const scoped = entry.meanings
    .map((m) => ({ key: m.key, statements: m.statements.filter((s) => sessionIds.includes(s.sessionId)) }))
    .filter((m) => m.statements.length > 0);
  const meanings = scoped.length > 0 ? scoped : entry.meanings;
  const [top, ...rest] = [...meanings].sort((a, b) => documentsOf(b.statements) - documentsOf(a.statements));
  if (!top) return null;
  const others = rest.reduce((sum, m) => sum + documentsOf(m.statements), 0);
  return documentsOf(top.statements) >= DOMINANT_DOCUMENTS * others ? { key: top.key, longForm: spellingOf(top.statements) } : null;
}

/** The definitions arranged for lookups both ways. */
export class DefinitionIndex {
  /** By short form, lower-case. */
  private readonly byShort = new Map<string, ShortFormEntry>();
  /** By the stems of a long form (`meaningKey`): the short forms it defines, lower-case. */
  private readonly byLong = new Map<string, string[]>();
  /** Most words (stems) of a long form. */
  private readonly longest: number;

  constructor(definitions: LearnedDefinition[]) {
    let longest = 0;
    for (const { shortForm, longForm, occurrences, documentId, sessionId } of definitions) {
      const spelling = longForm.toLowerCase().replace(/\s+/g, ' ').trim();
      const key = meaningKey(spelling);
      const short = shortForm.toLowerCase();
      const entry = this.byShort.get(short) ?? { shortForm, meanings: [] };
      this.byShort.set(short, entry);
      let meaning = entry.meanings.find((m) => m.key === key);
      if (!meaning) entry.meanings.push((meaning = { key, statements: [] }));
      meaning.statements.push({ documentId, sessionId, spelling, occurrences });
      const stems = termsOf(spelling);
      if (stems.length < 2) continue;
      longest = Math.max(longest, stems.length);
      const shorts = this.byLong.get(key) ?? [];
      if (!shorts.includes(short)) shorts.push(short);
      this.byLong.set(key, shorts);
    }
    this.longest = longest;
  }

  get size(): number {
    return this.byShort.size;
  }

  /**
   * The short forms written in `question` ('FMV', 'FMVs'; typed in lower case too unless it is then a
   * stop word or shorter than three letters: 'it' is not 'IT').
   */
  shortFormsIn(question: string): ShortFormEntry[] {
    const out: ShortFormEntry[] = [];
    for (const [token] of question.matchAll(TOKEN)) {
      for (const form of [token, token.replace(/'?s$/, '')]) {
        const entry = this.byShort.get(form.toLowerCase());
        if (!entry || out.includes(entry)) continue;
        const lower = form.toLowerCase();
        if (form !== entry.shortForm && form !== form.toUpperCase() && (lower.length < 3 || STOP_WORDS.has(lower))) continue;
        out.push(entry);
        break;
      }
    }
    return out;
  }

  /**
   * The definitions whose long form `question` spells out (its stems in a row, stop words aside),
   * longest first, each only when that long form is what its short form stands for in `sessionIds`
   * (`readingIn`).
   */
  longFormsIn(question: string, sessionIds: readonly string[]): UsedDefinition[] {
    const stems = termsOf(question);
    const out: UsedDefinition[] = [];
    for (let n = Math.min(this.longest, stems.length); n >= 2; n--) {
      for (let i = 0; i + n <= stems.length; i++) {
        const key = stems.slice(i, i + n).join(' ');
        for (const short of this.byLong.get(key) ?? []) {
          const entry = this.byShort.get(short)!;
          const reading = readingIn(entry, sessionIds);
          if (reading?.key !== key || out.some((o) => o.shortForm === entry.shortForm)) continue;
          out.push({ shortForm: entry.shortForm, longForm: reading.longForm });
        }
      }
    }
    return out;
  }
}

/**
 * What the learned abbreviations add to `question` searched in `sessionIds` (none: everywhere): a
 * short form it writes brings its long form as a phrase ('FMV' → 'fair market value'), a long form it
 * spells out brings its short form to search. A short form the materials define in several ways does
 * either only for the meaning it has in those sessions (`readingIn`): the one the filtered sessions'
 * documents define, or one clearly dominant; an ambiguous one is searched as written. At most
 * MAX_LEARNED_EXPANSIONS.
 */
export function learnedExpansionsOf(question: string, index: DefinitionIndex, sessionIds: readonly string[] = []): LearnedExpansions {
  if (index.size === 0) return NONE;
  const lower = ` ${question.toLowerCase().replace(/\s+/g, ' ')} `;
  const phrases: string[] = [];
  const written = index.shortFormsIn(question);
  for (const entry of written) {
    const long = readingIn(entry, sessionIds)?.longForm;
    if (long && !lower.includes(long)) phrases.push(long);
  }
  const writtenForms = new Set(written.map((e) => e.shortForm));
  const shortForms = index.longFormsIn(question, sessionIds).filter((u) => !writtenForms.has(u.shortForm));
  const kept = phrases.slice(0, MAX_LEARNED_EXPANSIONS);
  return { phrases: kept, shortForms: shortForms.slice(0, MAX_LEARNED_EXPANSIONS - kept.length) };
}

/** A word searched for a long form the question spells out (a short form's), and that long form's words. */
export interface Synonym {
  word: string;
  standsFor: string[];
}

/**
 * The question's word statistics with each synonym weighed as the long form it stands for: the sum of
 * the IDF of that long form's words (at least its own), so a passage writing 'FMV' counts in the text
 * rank and the rerank as one writing 'fair market value' does.
 */
export function weighSynonyms(terms: QueryTerms, synonyms: Synonym[]): QueryTerms {
  if (synonyms.length === 0) return terms;
  const idf = new Map(terms.own.map((t) => [t.word, t.idf]));
  const own = terms.own.map((t) => {
    const synonym = synonyms.find((s) => s.word === t.word);
    if (!synonym) return t;
    return {
      ...t,
      idf: Math.max(
        t.idf,
        synonym.standsFor.reduce((sum, w) => sum + (idf.get(w) ?? 0), 0),
      ),
    };
  });
  return { ...terms, own };
}

/**
 * The abbreviations the embedded documents define, read once per content version: read again once a
 * search saw another version (`sawContentVersion`; `VersionedCache`), as the word statistics are
 * (`WordStatistics`). A question costs no round trip of its own.
 */
export class LearnedDefinitions {
  private readonly index: VersionedCache<{ version: string; definitions: LearnedDefinition[] }, DefinitionIndex>;

  constructor(source: DefinitionSource) {
    this.index = new VersionedCache(
      () => source.definitionsAtVersion(),
      ({ definitions }) => new DefinitionIndex(definitions),
    );
  }

  /** What the definitions add to `question` searched in `sessionIds` (none: everywhere; `learnedExpansionsOf`). */
  async expansionsOf(question: string, sessionIds: readonly string[] = []): Promise<LearnedExpansions> {
    return learnedExpansionsOf(question, await this.index.get(), sessionIds);
  }

  /** A search ran at `version` (null: it found nothing): the definitions are read again if it moved. */
  sawContentVersion(version: string | null): void {
    this.index.sawContentVersion(version);
  }
}
