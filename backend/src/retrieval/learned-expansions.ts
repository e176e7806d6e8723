import { termsOf } from '../text/keywords';
import { STOP_WORDS } from '../text/lexicon';
import type { QueryTerms } from './retrieval.types';

/** An abbreviation one embedded document defines, with how often it states it and its session. */
export interface LearnedDefinition {
  shortForm: string;
  longForm: string;
  occurrences: number;
  documentId: string;
  sessionId: string;
}

/** Where the definitions are read from (SQL: `RetrievalRepository`). */
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

/** One meaning of a short form: its long forms that spell the same words ('… taxes, depreciation, and …' and '… taxes, depreciation and …'). */
interface Meaning {
  /** Its stems (`termsOf`), joined: what the spellings share. */
  key: string;
  /** The spelling stated most, lower-case. */
  longForm: string;
  /** The documents stating it (→ their session) and how often each spelling is stated. */
  documents: Map<string, string>;
  spellings: Map<string, number>;
}

interface ShortFormEntry {
  shortForm: string;
  meanings: Meaning[];
}

/** The key of a long form's meaning: its stems, stop words aside (the long form itself when it has none). */
const meaningKey = (longForm: string) => termsOf(longForm).join(' ') || longForm;

/**
 * The meaning a short form stands for in a search limited to `sessionIds` (none: everywhere): among
 * the meanings the documents of those sessions define (all of them when they define none), the only
 * one, or the one DOMINANT_DOCUMENTS times as many of those documents define as all the others. Null
 * when ambiguous.
 */
function meaningIn(entry: ShortFormEntry, sessionIds: readonly string[]): Meaning | null {
  const inSessions = (m: Meaning) => [...m.documents.values()].filter((s) => sessionIds.includes(s)).length;
  const scoped = sessionIds.length > 0 ? entry.meanings.filter((m) => inSessions(m) > 0) : [];
  const meanings = scoped.length > 0 ? scoped : entry.meanings;
  const weight = scoped.length > 0 ? inSessions : (m: Meaning) => m.documents.size;
  const [top, ...rest] = [...meanings].sort((a, b) => weight(b) - weight(a));
  if (!top) return null;
  const others = rest.reduce((sum, m) => sum + weight(m), 0);
  return weight(top) >= DOMINANT_DOCUMENTS * others ? top : null;
}

/** The definitions arranged for lookups both ways. */
export class DefinitionIndex {
  /** By short form, lower-case. */
  private readonly byShort = new Map<string, ShortFormEntry>();
  /** By the stems of a long form (`meaningKey`): the short forms it defines. */
  private readonly byLong = new Map<string, string[]>();
  /** Most words (stems) of a long form. */
  private readonly longest: number;

  constructor(definitions: LearnedDefinition[]) {
    let longest = 0;
    for (const d of definitions) {
      const longForm = d.longForm.toLowerCase().replace(/\s+/g, ' ').trim();
      const key = meaningKey(longForm);
      const entry = this.byShort.get(d.shortForm.toLowerCase()) ?? { shortForm: d.shortForm, meanings: [] };
      this.byShort.set(d.shortForm.toLowerCase(), entry);
      let meaning = entry.meanings.find((m) => m.key === key);
      if (!meaning) entry.meanings.push((meaning = { key, longForm, documents: new Map(), spellings: new Map() }));
      meaning.documents.set(d.documentId, d.sessionId);
      meaning.spellings.set(longForm, (meaning.spellings.get(longForm) ?? 0) + d.occurrences);
      const stems = termsOf(longForm);
      if (stems.length < 2) continue;
      longest = Math.max(longest, stems.length);
      const shorts = this.byLong.get(key) ?? [];
      if (!shorts.includes(d.shortForm.toLowerCase())) shorts.push(d.shortForm.toLowerCase());
      this.byLong.set(key, shorts);
    }
    for (const entry of this.byShort.values()) {
      for (const m of entry.meanings) m.longForm = [...m.spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
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
   * (`meaningIn`).
   */
  longFormsIn(question: string, sessionIds: readonly string[]): UsedDefinition[] {
    const stems = termsOf(question);
    const out: UsedDefinition[] = [];
    for (let n = Math.min(this.longest, stems.length); n >= 2; n--) {
      for (let i = 0; i + n <= stems.length; i++) {
        const key = stems.slice(i, i + n).join(' ');
        for (const short of this.byLong.get(key) ?? []) {
          const entry = this.byShort.get(short)!;
          const meaning = meaningIn(entry, sessionIds);
          if (meaning?.key !== key || out.some((o) => o.shortForm === entry.shortForm)) continue;
          out.push({ shortForm: entry.shortForm, longForm: meaning.longForm });
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
 * either only for the meaning it has in those sessions (`meaningIn`): the one the filtered sessions'
 * documents define, or one clearly dominant; an ambiguous one is searched as written. At most
 * MAX_LEARNED_EXPANSIONS.
 */
export function learnedExpansionsOf(question: string, index: DefinitionIndex, sessionIds: readonly string[] = []): LearnedExpansions {
  if (index.size === 0) return NONE;
  const lower = ` ${question.toLowerCase().replace(/\s+/g, ' ')} `;
  const phrases: string[] = [];
  const written = index.shortFormsIn(question);
  for (const entry of written) {
    const long = meaningIn(entry, sessionIds)?.longForm;
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
 * search saw another version (`sawContentVersion`), as the word statistics are (`WordStatistics`).
 * A question costs no round trip of its own.
 */
export class LearnedDefinitions {
  private state: { version: string; stale: boolean; index: DefinitionIndex } | null = null;
  private loading: Promise<DefinitionIndex> | null = null;

  constructor(private readonly source: DefinitionSource) {}

  /** What the definitions add to `question` searched in `sessionIds` (none: everywhere; `learnedExpansionsOf`). */
  async expansionsOf(question: string, sessionIds: readonly string[] = []): Promise<LearnedExpansions> {
    return learnedExpansionsOf(question, await this.current(), sessionIds);
  }

  /** A search ran at `version` (null: it found nothing): the definitions are read again if it moved. */
  sawContentVersion(version: string | null): void {
    if (this.state && version !== null && version !== this.state.version) this.state.stale = true;
  }

  private current(): Promise<DefinitionIndex> {
    if (this.state && !this.state.stale) return Promise.resolve(this.state.index);
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<DefinitionIndex> {
    const { version, definitions } = await this.source.definitionsAtVersion();
    if (this.state?.version === version) {
      this.state.stale = false;
      return this.state.index;
    }
    this.state = { version, stale: false, index: new DefinitionIndex(definitions) };
    return this.state.index;
  }
}
