import { LRUCache } from 'lru-cache';
import type { Citation, Source } from './citation-set';
import { fold } from '../../text/lang/fold';
import type { TextSpan } from '../../text/highlight';
import { sentenceSpans } from '../../text/sentences';

/** Text shown around the cited sentence, before and after it. */
export const CONTEXT_BEFORE = 240;
export const CONTEXT_AFTER = 320;

const WORD = /[\p{L}\p{N}]{4,}/gu;
const normalise = (m: string) => m.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The sentences of a passage as [start, end) offsets, a line break ending one unless the next line
 * continues it (opens in lower case or with a figure after a line without a sentence end): a slide's
 * bullets and a table's rows end where their line does, without a period.
 */
function unitSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let from = 0;
  const flush = (to: number) => {
    for (const s of sentenceSpans(text.slice(from, to))) spans.push({ start: from + s.start, end: from + s.end });
    from = to;
  };
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
    const continues =
      /^\s*[a-z0-9(,;$%]/.test(text.slice(nl + 1, nl + 3)) && !/[.!?]["”’)]?\s*$/.test(text.slice(Math.max(from, nl - 4), nl));
    if (!continues) flush(nl + 1);
  }
  flush(text.length);
  return spans;
}

/** Passages whose sentences and their words (`sentencesOf`) are kept: the same passages are cited by many answers. */
const READ_PASSAGES = 2000;
const readPassages = new LRUCache<string, { start: number; end: number; words: string[] }[]>({ max: READ_PASSAGES });

/** The passage's sentences (`unitSpans`) with their folded words of four letters or more, read once per text. */
function sentencesOf(text: string): { start: number; end: number; words: string[] }[] {
  let read = readPassages.get(text);
  if (!read) {
    read = unitSpans(text).map(({ start, end }) => ({ start, end, words: fold(text.slice(start, end)).match(WORD) ?? [] }));
    readPassages.set(text, read);
  }
  return read;
}

/** The [start, end) of the passage's sentence sharing most words with `claim`; null when none shares one. */
function bestSentence(text: string, claim: string): [number, number] | null {
  const wanted = new Set(fold(claim).match(WORD) ?? []);
  if (wanted.size === 0) return null;
  let best: [number, number] | null = null;
  let bestScore = 0;
  for (const { start, end, words } of sentencesOf(text)) {
    const score = words.filter((w) => wanted.has(w)).length;
    if (score > bestScore) {
      bestScore = score;
      best = [start, end];
    }
  }
  return best;
}

/** `text` from `start` to `end`, widened by the context and cut at word boundaries, '…' where cut. */
function windowAround(text: string, start: number, end: number): string {
  let from = Math.max(0, start - CONTEXT_BEFORE);
  let to = Math.min(text.length, end + CONTEXT_AFTER);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space >= 0 && space < start ? space + 1 : start;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    to = space > end ? space : end;
  }
  return `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? '…' : ''}`;
}

/**
 * Page and time citations show the sentence the answer cites, with context around it: a source's
 * snippet (the first 300 characters of its passage) is replaced by a window of the passage around
 * the passage sentence that best matches the answer's sentences its marker closes (`citations`, as
 * the answer made them). Sources whose passage has no such sentence, line citations (they carry their
 * turns) and program entries keep their snippet.
 */
export function focusSnippets(sources: Source[], citations: Citation[], passages: { marker: string; text: string }[]): Source[] {
  return sources.map((source) => {
    if (source.kind === 'session' || source.excerpt) return source;
    const texts = passages.filter((p) => normalise(p.marker) === normalise(source.marker)).map((p) => p.text);
    const claim = citations
      .filter((c) => normalise(c.marker) === normalise(source.marker))
      .map((c) => c.claim)
      .join(' ');
    for (const text of texts) {
      const at = bestSentence(text, claim);
      if (at) return { ...source, snippet: windowAround(text, at[0], at[1]) };
    }
    return source;
  });
}
