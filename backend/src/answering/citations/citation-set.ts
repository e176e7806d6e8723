import { cleanMarkup } from '../../text/sentences';
import {
  citationMarker,
  formatTime,
  lineLocator,
  locatorOf,
  MODEL_CITATION,
  MODEL_LINE_CITATION,
  MODEL_LOCATOR,
  MODEL_NOWHERE,
  MODEL_NUMBERED,
  pageLocator,
} from '../../text/citation-grammar';
import type { Source } from '../../retrieval/dto/source.response';
import type { Passage } from '../../retrieval/retrieval.types';

export type { Source };
export { formatTime, locatorOf } from '../../text/citation-grammar';

/** A passage as handed to a generator: its number in the prompt and the marker to cite it with. */
export interface CitedPassage extends Passage {
  n: number;
  marker: string;
  /**
   * Transcripts: the marker of each line (turn) of `text`: '[line 112]' untimed, the turn's start
   * '[00:50]' timed (chunks stored with their turns' times).
   */
  lineMarkers?: string[];
}

/** A turn time resolved: the passage holding the turn, the turn (line of its text) and its marker. */
interface TimeCitation {
  passage: CitedPassage;
  marker: string;
  turn: number;
  time: number;
}

/** The start time of each line (turn) of a timed transcript passage; null when it has none stored. */
function turnTimesOf(p: Passage): number[] | null {
  const times = p.turnTimes;
  if (p.kind !== 'transcript' || p.startTime == null || !times?.length) return null;
  return times.length === p.text.split('\n').length ? times : null;
}

/** A line marker resolved: the passage holding the line and the cited turn's lines. */
interface LineCitation {
  passage: CitedPassage;
  marker: string;
  line: number;
  lineEnd: number;
}

const SNIPPET_LENGTH = 300;

/** The lines of the turn of `p` holding file line `line`: [first, last], or null when `p` does not hold it. */
function turnAt(p: Passage, line: number): { index: number; line: number; lineEnd: number } | null {
  const turns = p.turnLines ?? [];
  if (p.lineStart == null || p.lineEnd == null || line < p.lineStart || line > p.lineEnd || turns.length === 0) return null;
  let index = 0;
  for (let j = 0; j < turns.length; j++) if (turns[j] <= line) index = j;
  const end = index + 1 < turns.length ? Math.max(turns[index], turns[index + 1] - 1) : p.lineEnd;
  return { index, line, lineEnd: Math.max(line, end) };
}

/** Turns of a passage shown around a cited one. */
const EXCERPT_TURNS = 5;
const EXCERPT_TURN_LENGTH = 400;

/** Labels that say what kind of session it is rather than what it is about ('Fireside Chat: …'). */
const FORMAT_LABEL = /^(fireside chat|lightning (round|talks?)|roundtable|panel|workshop|lab|keynote|concurrent session)$/i;
const FUNCTION_WORDS = new Set(
  'a an the and or of in on for from to with without after before at by vs versus into over under your our their'.split(' '),
);

/**
 * A short name of a session for citation markers: the title's lead before a colon unless that lead is
 * only a format label ('Fireside Chat'), cut at a function word after two words, at most four words;
 * never containing brackets or commas, which would make the marker ambiguous.
 */
export function shortSessionName(title: string): string {
  const clean = title
    .replace(/[[\](),;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const [lead, ...rest] = clean.split(':').map((s) => s.trim());
  let base = lead;
  if (rest.length > 0 && FORMAT_LABEL.test(lead) && rest.join(' ').trim()) base = rest.join(' ').trim();
  const words = base.split(' ').filter(Boolean);
  while (words.length > 1 && FUNCTION_WORDS.has(words[0].toLowerCase())) words.shift();
  if (words.length <= 4) return words.join(' ') || clean;
  const out: string[] = [];
  for (const w of words) {
    const content = out.filter((x) => !FUNCTION_WORDS.has(x.toLowerCase())).length;
    if (out.length >= 4 || (content >= 2 && FUNCTION_WORDS.has(w.toLowerCase()))) break;
    out.push(w);
  }
  while (out.length > 1 && FUNCTION_WORDS.has(out[out.length - 1].toLowerCase())) out.pop();
  return out.join(' ');
}

function snippetOf(text: string): string {
  const t = cleanMarkup(text).replace(/\s+/g, ' ').trim();
  if (t.length <= SNIPPET_LENGTH) return t;
  const cut = t.lastIndexOf(' ', SNIPPET_LENGTH);
  return `${t.slice(0, cut > SNIPPET_LENGTH / 2 ? cut : SNIPPET_LENGTH)}…`;
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The citations of one answer. Markers are '[p. N]' / '[mm:ss]'; when the passages come from more
 * than one document every marker starts with its session's short name ('[Lender Panel, p. 3]').
 * Passages sharing a marker (two chunks of one page) become one source.
 */
export class CitationSet {
  readonly passages: CitedPassage[];
  private readonly byMarker = new Map<string, CitedPassage>();
  private readonly byLocator = new Map<string, CitedPassage[]>();
  private readonly used: string[] = [];
  private readonly lineCitations = new Map<string, LineCitation>();
  /** Each turn marker of a timed transcript passage: the first passage and turn written with it. */
  private readonly byTurnMarker = new Map<string, { passage: CitedPassage; turn: number }>();
  private readonly timeCitations = new Map<string, TimeCitation>();
  /** The session's name written before the locator; null when the passages are of one document. */
  private readonly nameOf = new Map<string, string | null>();

  constructor(passages: Passage[]) {
    const sessions = new Map<string, string>();
    for (const p of passages) if (!sessions.has(p.sessionId)) sessions.set(p.sessionId, p.sessionTitle);
    const prefixed = new Set(passages.map((p) => p.documentId)).size > 1;
    const names = new Map<string, string>();
    if (prefixed && sessions.size > 0) {
      const short = [...sessions].map(([id, title]) => [id, shortSessionName(title)] as const);
      for (const [id, name] of short) {
        const clash = short.filter(([, n]) => normalise(n) === normalise(name)).length > 1;
        names.set(
          id,
          clash
            ? sessions
                .get(id)!
                .replace(/[[\](),;]/g, ' ')
                .replace(/\s+/g, ' ')
                .trim()
            : name,
        );
      }
    }
    for (const p of passages) this.nameOf.set(p.sessionId, prefixed ? names.get(p.sessionId)! : null);
    this.passages = passages.map((p, i) => {
      const name = this.nameOf.get(p.sessionId)!;
      const marker = citationMarker(name, locatorOf(p));
      const timed = p.kind === 'pdf' || p.startTime != null || p.page != null;
      const times = turnTimesOf(p);
      const lineMarkers = times
        ? times.map((time) => citationMarker(name, formatTime(time)))
        : !timed && p.turnLines?.length
          ? p.turnLines.map((line) => citationMarker(name, lineLocator(line)))
          : undefined;
      return { ...p, n: i + 1, marker, ...(lineMarkers ? { lineMarkers } : {}) };
    });
    for (const p of this.passages) {
      const key = normalise(p.marker);
      if (!this.byMarker.has(key)) this.byMarker.set(key, p);
      const loc = normalise(locatorOf(p));
      const same = this.byLocator.get(loc) ?? [];
      if (!same.some((x) => x.marker === p.marker)) same.push(p);
      this.byLocator.set(loc, same);
      if (turnTimesOf(p)) {
        p.lineMarkers!.forEach((marker, turn) => {
          if (!this.byTurnMarker.has(normalise(marker))) this.byTurnMarker.set(normalise(marker), { passage: p, turn });
        });
      }
    }
  }

  /**
   * The canonical text for a bracket group found in an answer (`inner` without the brackets):
   * a known marker (or an unambiguous unprefixed one, or a passage number) becomes its marker and
   * counts as used; an invented citation becomes '' (dropped); any other bracket text stays as is.
   */
  resolve(inner: string): string {
    const text = inner.trim();
    const line = MODEL_LINE_CITATION.exec(text);
    if (line) return this.resolveLine(Number(line[2]), line[1] ?? null);
    if (MODEL_NOWHERE.test(text)) return ''; // a marker that points nowhere
    const known = this.byMarker.get(normalise(`[${text}]`));
    if (known) return this.use(known);
    const turn = this.byTurnMarker.get(normalise(`[${text}]`));
    if (turn) return this.citeTime(turn.passage, turn.turn);
    if (MODEL_NUMBERED.test(text)) {
      const markers = text
        .split(/[,;]/)
        .map((part) => Number(part.replace(/\D/g, '')))
        .map((n) => this.passages[n - 1])
        .filter((p): p is CitedPassage => !!p)
        .map((p) => this.use(p));
      return [...new Set(markers)].join(' ');
    }
    const parts = text.split(/\s*;\s*/);
    if (parts.length > 1 && parts.every((part) => MODEL_CITATION.test(part))) {
      return [...new Set(parts.map((part) => this.resolve(part)).filter(Boolean))].join(' ');
    }
    const shape = MODEL_CITATION.exec(text);
    if (!shape) return `[${inner}]`;
    const locator = MODEL_LOCATOR.exec(shape[1] != null ? text.slice(shape[1].length + 1).trim() : text);
    if (locator) {
      const loc = locator[1] ? pageLocator(Number(locator[1])) : locator[2];
      const candidates = this.byLocator.get(normalise(loc)) ?? [];
      if (candidates.length === 1) return this.use(candidates[0]);
    }
    return '';
  }

  /**
   * The marker of passage `n` (1-based, as numbered for the generator), counted as used: a citation a
   * generator attaches as data instead of writing it in text. `turn`: in a transcript, the cited
   * turn (index into the passage's `lineMarkers`); the passage's first turn otherwise.
   */
  cite(n: number, turn?: number): string {
    const p = this.passages[n - 1];
    if (!p) throw new Error(`No passage ${n} to cite.`);
    if (turnTimesOf(p)) return this.citeTime(p, turn != null && turn < p.lineMarkers!.length ? turn : 0);
    const line = turn != null && p.lineMarkers ? p.turnLines?.[turn] : undefined;
    return line != null ? this.citeLine(p, line) : this.use(p);
  }

  /**
   * '[line N]' (or '[Session, line N]'): the passage holding file line N of the named (or the only
   * matching) session's transcript; the marker names the line, the source carries the cited turn.
   */
  private resolveLine(line: number, name: string | null): string {
    const key = normalise(name ?? '');
    const holders = this.passages.filter((p) => {
      if (!p.lineMarkers || turnTimesOf(p) || !turnAt(p, line)) return false;
      if (name === null) return true;
      return normalise(this.nameOf.get(p.sessionId) ?? '') === key || normalise(p.sessionTitle) === key;
    });
    const documents = new Set(holders.map((p) => p.documentId));
    if (holders.length === 0 || documents.size > 1) return '';
    return this.citeLine(holders[0], line);
  }

  private citeLine(passage: CitedPassage, line: number): string {
    const turn = turnAt(passage, line)!;
    const marker = citationMarker(this.nameOf.get(passage.sessionId) ?? null, lineLocator(line));
    const canonical = normalise(marker);
    if (!this.lineCitations.has(canonical)) this.lineCitations.set(canonical, { passage, marker, line, lineEnd: turn.lineEnd });
    if (!this.used.includes(marker)) this.used.push(marker);
    return marker;
  }

  /** A timed transcript's turn: its start time is the marker; the source carries the turn. */
  private citeTime(passage: CitedPassage, turn: number): string {
    const marker = passage.lineMarkers![turn];
    const canonical = normalise(marker);
    if (!this.timeCitations.has(canonical)) {
      this.timeCitations.set(canonical, { passage, marker, turn, time: turnTimesOf(passage)![turn] });
    }
    const cited = this.timeCitations.get(canonical)!.marker;
    if (!this.used.includes(cited)) this.used.push(cited);
    return cited;
  }

  /** Whether `marker` is the canonical marker of one of the passages (or of a turn of one). */
  isCitation(marker: string): boolean {
    const key = normalise(marker);
    return (
      this.byMarker.get(key)?.marker === marker ||
      this.lineCitations.get(key)?.marker === marker ||
      this.byTurnMarker.get(key)?.passage.lineMarkers?.[this.byTurnMarker.get(key)!.turn] === marker
    );
  }

  /** The sources of the markers resolved so far, in order of first citation. */
  sources(): Source[] {
    return this.used.map((marker) => {
      const cited = this.lineCitations.get(normalise(marker));
      if (cited) return lineSource(cited);
      const timed = this.timeCitations.get(normalise(marker));
      if (timed) return timeSource(timed);
      const p = this.byMarker.get(normalise(marker))!;
      return {
        documentId: p.documentId,
        sessionId: p.sessionId,
        sessionTitle: p.sessionTitle,
        kind: p.kind,
        ...(p.kind === 'pdf' && p.page != null ? { page: p.page } : {}),
        ...(p.startTime != null ? { startTime: p.startTime } : {}),
        marker: p.marker,
        snippet: snippetOf(p.text),
        score: Number(p.score.toFixed(6)),
      };
    });
  }

  private use(p: CitedPassage): string {
    if (turnTimesOf(p)) return this.citeTime(p, 0);
    if (p.lineMarkers && p.lineStart != null) return this.citeLine(p, p.lineStart);
    const canonical = this.byMarker.get(normalise(p.marker))!;
    if (!this.used.includes(canonical.marker)) this.used.push(canonical.marker);
    return canonical.marker;
  }
}

/** The source of a line citation: the cited turn's lines and the turns around it. */
function lineSource(c: LineCitation): Source {
  const p = c.passage;
  const turns = p.text.split('\n');
  const at = turnAt(p, c.line)!.index;
  const from = Math.max(0, Math.min(at - 2, turns.length - EXCERPT_TURNS));
  const excerpt = turns.slice(from, from + EXCERPT_TURNS).map((text, j) => {
    const index = from + j;
    const clean = cleanMarkup(text).replace(/\s+/g, ' ').trim();
    return {
      line: p.turnLines![index],
      text: clean.length > EXCERPT_TURN_LENGTH ? `${clean.slice(0, EXCERPT_TURN_LENGTH)}…` : clean,
      cited: index === at,
    };
  });
  return {
    documentId: p.documentId,
    sessionId: p.sessionId,
    sessionTitle: p.sessionTitle,
    kind: p.kind,
    line: c.line,
    lineEnd: c.lineEnd,
    marker: c.marker,
    snippet: snippetOf(turns[at] ?? p.text),
    excerpt,
    score: Number(p.score.toFixed(6)),
  };
}

/** The source of a turn time citation: the turn's time and its text as the snippet. */
function timeSource(c: TimeCitation): Source {
  const p = c.passage;
  return {
    documentId: p.documentId,
    sessionId: p.sessionId,
    sessionTitle: p.sessionTitle,
    kind: p.kind,
    startTime: c.time,
    marker: c.marker,
    snippet: snippetOf(p.text.split('\n')[c.turn] ?? p.text),
    score: Number(p.score.toFixed(6)),
  };
}

/** Longest bracket group considered a citation; a longer '[' run is plain text. */
const MAX_GROUP = 120;

/** A citation an answer made, as data: its marker and the answer's sentence it closes. */
export interface Citation {
  marker: string;
  /** The answer's text from the previous sentence end up to the marker (other citations left out). */
  claim: string;
}

/** Where a citation sits in the text written: [start, end) of its marker. */
interface CitationSpan {
  marker: string;
  start: number;
  end: number;
}

/** The markers of a resolved bracket group, as `resolve` joins them ('[p. 3] [p. 4]'). */
const markersOf = (replacement: string): string[] => replacement.split(/(?<=\]) (?=\[)/);

/**
 * The answer's sentence a citation closes: the text before it, back to the previous sentence end
 * (earlier citations count as a space).
 */
function claimBefore(text: string, spans: CitationSpan[], at: number): string {
  let before = '';
  let from = 0;
  for (const span of spans) {
    if (span.start >= at) break;
    before += `${text.slice(from, span.start)} `;
    from = span.end;
  }
  before += text.slice(from, at);
  const ends = [...before.matchAll(/[.!?\n](?=\s)/g)].map((e) => e.index ?? 0);
  const start = ends.filter((i) => i < before.trimEnd().length - 1).pop();
  return before.slice(start === undefined ? 0 : start + 1).trim();
}

/**
 * Applies a CitationSet to generated text as it streams: a bracket group is held back until it is
 * closed (or proves too long to be a citation), then replaced by its canonical marker or dropped,
 * with the whitespace before it. `push` returns the text safe to send now; `end` the rest. A
 * generator's composed text (`pass`) and its citations attached as data (`cite`) are written through
 * it too, so every citation of the answer is recorded where it was made (`citations`), never read
 * back from the text.
 */
export class CitationFilter {
  private pending = '';
  private out = '';
  private readonly spans: CitationSpan[] = [];

  /** `citations.isCitation`: a bracket group `resolve` left as it was is a citation when it names a source. */
  constructor(private readonly citations: Pick<CitationSet, 'resolve'> & Partial<Pick<CitationSet, 'isCitation'>>) {}

  push(delta: string): string {
    this.pending += delta;
    return this.drain(false);
  }

  end(): string {
    return this.drain(true);
  }

  /** Text a generator composed (it cites only as data): written as it is, after any text held back. */
  pass(text: string): string {
    const before = this.drain(true);
    this.out += text;
    return before + text;
  }

  /** A citation attached as data: its canonical marker (`CitationSet.cite`), written and recorded. */
  cite(marker: string): string {
    const before = this.drain(true);
    this.spans.push({ marker, start: this.out.length, end: this.out.length + marker.length });
    this.out += marker;
    return before + marker;
  }

  /** Everything emitted so far. */
  get text(): string {
    return this.out;
  }

  /** The citations made so far, in the order they were made, each with the sentence it closes. */
  cited(): Citation[] {
    return this.spans.map((span) => ({ marker: span.marker, claim: claimBefore(this.out, this.spans, span.start) }));
  }

  private drain(final: boolean): string {
    let emitted = '';
    for (;;) {
      const open = this.pending.indexOf('[');
      if (open < 0) break;
      const close = this.pending.indexOf(']', open + 1);
      const nextOpen = this.pending.indexOf('[', open + 1);
      const newline = this.pending.indexOf('\n', open + 1);
      const end = close >= 0 ? close : this.pending.length;
      const interruptedByOpen = nextOpen >= 0 && nextOpen < end;
      const interruptedByLine = newline >= 0 && newline < end;
      const tooLong = end - open > MAX_GROUP;
      if (close >= 0 && !interruptedByOpen && !interruptedByLine && !tooLong) {
        const inner = this.pending.slice(open + 1, close);
        let before = this.pending.slice(0, open);
        const replacement = this.citations.resolve(inner);
        if (replacement === '') {
          before = before.replace(/[ \t]+$/, '');
        } else if (replacement !== `[${inner}]`) {
          // A citation glued to the previous word reads better with a space.
          const last = (this.out + emitted + before).slice(-1);
          if (last && !/[\s([]/.test(last)) before += ' ';
        }
        if (replacement !== '' && (replacement !== `[${inner}]` || this.citations.isCitation?.(replacement))) {
          let at = this.out.length + emitted.length + before.length;
          for (const marker of markersOf(replacement)) {
            this.spans.push({ marker, start: at, end: at + marker.length });
            at += marker.length + 1;
          }
        }
        emitted += before + replacement;
        this.pending = this.pending.slice(close + 1);
        continue;
      }
      if (!interruptedByOpen && !interruptedByLine && !tooLong && !final) break; // wait for the ']'
      // This '[' cannot open a citation: pass the text through up to where scanning resumes.
      const cut = interruptedByOpen && (!interruptedByLine || nextOpen < newline) ? nextOpen : interruptedByLine ? newline + 1 : open + 1;
      emitted += this.pending.slice(0, cut);
      this.pending = this.pending.slice(cut);
    }
    if (final) {
      emitted += this.pending;
      this.pending = '';
    } else {
      // Hold back an unclosed group and the spaces before it (or trailing spaces: a citation may follow).
      const open = this.pending.indexOf('[');
      const head = (open >= 0 ? this.pending.slice(0, open) : this.pending).replace(/[ \t]+$/, '');
      emitted += head;
      this.pending = this.pending.slice(head.length);
    }
    this.out += emitted;
    return emitted;
  }
}

/** Applies the citation post-processing to a whole text at once (same rules as streaming). */
export function resolveCitations(text: string, citations: Pick<CitationSet, 'resolve'>): string {
  const filter = new CitationFilter(citations);
  return filter.push(text) + filter.end();
}
