import type { Citation, CitationSet, Source } from './citation-set';
import { MODEL_SESSION, sessionMarker, sessionMarkerTitle } from '../../text/citation-grammar';
import { entryFacts } from '../../program/program-answer';
import type { ProgramEntry } from '../../program/program-index';
import { fold } from '../../text/lang/fold';
import type { Language } from '../../program/program-vocabulary';

const key = (title: string) =>
  fold(title)
    .replace(/…$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Keys of each entry with the title they were made from (an index's entries are built once per content version). */
const entryKeys = new WeakMap<ProgramEntry, { title: string; keys: string[] }>();

/** The keys a marker may name an entry by: its title, and the title as its marker writes it (cut at 100 characters). */
export function keysOf(e: ProgramEntry): string[] {
  const cached = entryKeys.get(e);
  if (cached?.title === e.title) return cached.keys;
  const keys = [key(e.title), key(sessionMarkerTitle(sessionMarker(e.title))!)];
  entryKeys.set(e, { title: e.title, keys });
  return keys;
}

/** Entry by key of a list of entries, with the entries and titles it was made from. */
const keyMaps = new WeakMap<readonly ProgramEntry[], { entries: ProgramEntry[]; titles: string[]; byKey: Map<string, ProgramEntry> }>();

/**
 * Entry by key for a list of entries (the first entry holding a key wins), made once per list: every
 * question's citations reuse the map of the program index it read instead of folding every title
 * again. A list changed in place, or an entry retitled, is mapped afresh.
 */
export function entriesByKey(entries: readonly ProgramEntry[]): ReadonlyMap<string, ProgramEntry> {
  const cached = keyMaps.get(entries);
  if (
    cached &&
    cached.entries.length === entries.length &&
    cached.entries.every((e, i) => e === entries[i] && e.title === cached.titles[i])
  )
    return cached.byKey;
  const byKey = new Map<string, ProgramEntry>();
  for (const e of entries) for (const k of keysOf(e)) if (!byKey.has(k)) byKey.set(k, e);
  keyMaps.set(entries, { entries: [...entries], titles: entries.map((e) => e.title), byKey });
  return byKey;
}

/**
 * The citations of an answer that may cite program entries ('[Session: Title]') as well as document
 * passages: a session marker naming a session of the program becomes its canonical marker, one naming
 * none is dropped (an invented session), and every other bracket group goes to the documents' set.
 */
export class ProgramCitations {
  private readonly byKey: ReadonlyMap<string, ProgramEntry>;
  private readonly used: ProgramEntry[] = [];

  /**
   * `answered`: the entries the answer was composed from (or given to a model), in order. A marker
   * names its session by title only, so when two sessions share a title ('Networking Break' each
   * day) the one the answer holds is the one it cites.
   */
  constructor(
    private readonly documents: CitationSet,
    entries: ProgramEntry[],
    private readonly language: Language = 'en',
    private readonly answered: () => ProgramEntry[] = () => [],
  ) {
    this.byKey = entriesByKey(entries);
  }

  resolve(inner: string): string {
    const m = MODEL_SESSION.exec(inner);
    if (!m) return this.documents.resolve(inner);
    const wanted = key(m[1]);
    const entry = this.answered().find((e) => keysOf(e).includes(wanted)) ?? this.byKey.get(wanted);
    if (!entry) return '';
    if (!this.used.includes(entry)) this.used.push(entry);
    return sessionMarker(entry.title);
  }

  /** Whether `marker` is a canonical citation: a passage's, or a session's cited so far. */
  isCitation(marker: string): boolean {
    return this.documents.isCitation(marker) || this.used.some((e) => sessionMarker(e.title) === marker);
  }

  /** A document passage cited as data (`CitationSet.cite`): the program's entries are only cited in text. */
  cite(n: number, turn?: number): string {
    return this.documents.cite(n, turn);
  }

  /** Sessions cited so far, in order. */
  get sessions(): ProgramEntry[] {
    return [...this.used];
  }

  /**
   * The sources of an answer's citations (`CitationFilter.cited`, in the order made): documents' and
   * sessions', one per marker, in order of first citation.
   */
  sources(made: readonly Pick<Citation, 'marker'>[]): Source[] {
    const sessions: Source[] = this.used.map((e) => ({
      documentId: '',
      sessionId: e.id,
      sessionTitle: e.title,
      kind: 'session',
      marker: sessionMarker(e.title),
      snippet: entryFacts(e, this.language),
      score: 1,
    }));
    const all = [...this.documents.sources(), ...sessions];
    // A documents' answer replaced by the program's (it refused) made citations the answer no longer holds: not in `made`.
    return [...new Set(made.map((c) => c.marker))].flatMap((marker) => all.find((s) => s.marker === marker) ?? []);
  }
}
