import { termsOf } from '../text/keywords';
import { STOP_WORDS } from '../text/lexicon';
import type { QueryTerms } from './retrieval.types';
import { VersionedCache } from './versioned-cache';

/** An abbreviation the embedded documents define, with how often they state it. */
export interface LearnedDefinition {
  shortForm: string;
  longForm: string;
  occurrences: number;
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

const NONE: LearnedExpansions = { phrases: [], shortForms: [] };
const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}&/.-]*[\p{L}\p{N}])?/gu;

interface ShortFormEntry {
  shortForm: string;
  /** Its long forms, lower-case, most stated first. */
  longForms: string[];
}

/** The definitions arranged for lookups both ways. */
export class DefinitionIndex {
  /** By short form, lower-case. */
  private readonly byShort = new Map<string, ShortFormEntry>();
  /** By the stems of a long form (`termsOf`, joined): its definitions, most stated first. */
  private readonly byLong = new Map<string, UsedDefinition[]>();
  /** Most words (stems) of a long form. */
  private readonly longest: number;

  constructor(definitions: LearnedDefinition[]) {
    const sorted = [...definitions].sort((a, b) => b.occurrences - a.occurrences || a.shortForm.localeCompare(b.shortForm));
    let longest = 0;
    for (const d of sorted) {
      const longForm = d.longForm.toLowerCase().replace(/\s+/g, ' ').trim();
      const key = d.shortForm.toLowerCase();
      const entry = this.byShort.get(key) ?? { shortForm: d.shortForm, longForms: [] };
      if (!entry.longForms.includes(longForm)) entry.longForms.push(longForm);
      this.byShort.set(key, entry);
      const stems = termsOf(longForm);
      if (stems.length < 2) continue;
      longest = Math.max(longest, stems.length);
      const shorts = this.byLong.get(stems.join(' ')) ?? [];
      if (!shorts.some((u) => u.shortForm === d.shortForm)) shorts.push({ shortForm: d.shortForm, longForm });
      this.byLong.set(stems.join(' '), shorts);
    }
    this.longest = longest;
  }

  get size(): number {
    return this.byShort.size;
  }

  /**
   * The short forms written in `question` ('FMV', 'FMVs'; typed in lower case too unless it is then a
   * stop word or shorter than three letters: 'it' is not 'IT') with their long forms.
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

  /** The definitions whose long form `question` spells out (its stems in a row, stop words aside), longest first. */
  longFormsIn(question: string): UsedDefinition[] {
    const stems = termsOf(question);
    const out: UsedDefinition[] = [];
    for (let n = Math.min(this.longest, stems.length); n >= 2; n--) {
      for (let i = 0; i + n <= stems.length; i++) {
        for (const u of this.byLong.get(stems.slice(i, i + n).join(' ')) ?? []) {
          if (!out.some((o) => o.shortForm === u.shortForm)) out.push(u);
        }
      }
    }
    return out;
  }
}

/**
 * What the learned abbreviations add to `question`: a short form it writes brings its long form as a
 * phrase ('FMV' → 'fair market value'), a long form it spells out brings its short form to search.
 * A short form the materials define in two ways brings both long forms: the question's other words
 * then choose between the passages, as they already must between the passages holding the short form
 * itself. At most MAX_LEARNED_EXPANSIONS.
 */
export function learnedExpansionsOf(question: string, index: DefinitionIndex): LearnedExpansions {
  if (index.size === 0) return NONE;
  const lower = ` ${question.toLowerCase().replace(/\s+/g, ' ')} `;
  const phrases: string[] = [];
  const written = index.shortFormsIn(question);
  for (const entry of written) for (const long of entry.longForms) if (!lower.includes(long)) phrases.push(long);
  const writtenForms = new Set(written.map((e) => e.shortForm));
  const shortForms = index.longFormsIn(question).filter((u) => !writtenForms.has(u.shortForm));
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

  async expansionsOf(question: string): Promise<LearnedExpansions> {
    return learnedExpansionsOf(question, await this.index.get());
  }

  /** A search ran at `version` (null: it found nothing): the definitions are read again if it moved. */
  sawContentVersion(version: string | null): void {
    this.index.sawContentVersion(version);
  }
}
