import { CITATION_MARKER_PATTERN } from '../../text/citation-grammar';
import { LANGUAGE_CODES, LANGUAGES } from '../../text/lang';
import { readerSentences } from '../../text/sentences';

const MARKER = new RegExp(CITATION_MARKER_PATTERN);
const MARKERS = new RegExp(CITATION_MARKER_PATTERN, 'g');
const LEADING_MARKERS = new RegExp(String.raw`^(?:\s*${CITATION_MARKER_PATTERN})+`);
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;
/** Words a sentence needs to state something ('Yes.', 'In short:' state nothing). */
const STATEMENT_WORDS = 4;
/** What an answer says about itself, in every language: the refusal and the "may not answer" note. */
const NOTES = LANGUAGE_CODES.flatMap((c) => [LANGUAGES[c].notCovered, LANGUAGES[c].mayNotCover]);

/** A sentence (or bullet) that states something and must carry a citation. */
function isStatement(text: string): boolean {
  const plain = text.replace(MARKERS, '').replace(BULLET, '').trim();
  if (/:\**$/.test(plain) || NOTES.some((n) => plain.includes(n))) return false;
  return (plain.match(/[\p{L}\p{N}]+/gu) ?? []).length >= STATEMENT_WORDS;
}

/** A line of an answer with its uncited statements left out (null: nothing of it is kept). */
function gatedLine(line: string): string | null {
  if (!line.trim()) return line;
  if (BULLET.test(line)) return isStatement(line) && !MARKER.test(line) ? null : line;
  // A marker standing after a sentence's end belongs to that sentence.
  const sentences: string[] = [];
  for (const part of readerSentences(line)) {
    // Markers opening a part ('5%. [p. 3] Then…') close the sentence before it.
    const lead = sentences.length > 0 ? (LEADING_MARKERS.exec(part)?.[0] ?? '') : '';
    if (lead) sentences[sentences.length - 1] += ` ${lead.trim()}`;
    if (part.slice(lead.length).trim()) sentences.push(part.slice(lead.length).trim());
  }
  const kept = sentences.filter((s) => MARKER.test(s) || !isStatement(s));
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * A model's answer (the openai provider) held back line by line and passed on with its uncited statements
 * left out: the rule its prompt states ('a statement you cannot cite is left out') kept by the app, so that
 * every claim of either provider's answer carries its citation. A bullet without a marker goes; in a
 * paragraph, each sentence without one. Kept as they are: headings (ending with ':'), sentences of fewer
 * than four words, the refusal and the "may not answer" note. Runs after `CitationFilter`, so an invented
 * marker, dropped there, cites nothing here.
 */
export class ClaimGate {
  private pending = '';
  private out = '';

  /** `active` false: every text passes as it is (an answer the app composed, citing each statement itself). */
  constructor(private readonly active = true) {}

  /** Text of the answer as it arrives: what can be passed on (whole lines). */
  push(text: string): string {
    if (!this.active) return this.emit(text);
    this.pending += text;
    const cut = this.pending.lastIndexOf('\n');
    if (cut < 0) return '';
    const lines = this.pending.slice(0, cut).split('\n');
    this.pending = this.pending.slice(cut + 1);
    return lines.map((line) => this.line(line)).join('');
  }

  /** The rest of the answer, at its end. */
  end(): string {
    if (!this.active) return '';
    const last = this.line(this.pending);
    this.pending = '';
    return last;
  }

  /** A whole line, gated; its line break goes out before the next line kept, so a line left out leaves none. */
  private line(text: string): string {
    const kept = gatedLine(text);
    if (kept === null) return '';
    const out = this.out ? `\n${kept}` : kept;
    return this.emit(out);
  }

  /** Everything passed on so far. */
  get text(): string {
    return this.out;
  }

  private emit(text: string): string {
    this.out += text;
    return text;
  }
}
