import { STOP_WORDS } from './lexicon';

/** A short form and the long form a text defines it with ('FMV' ← 'fair market value'). */
export interface TermDefinition {
  shortForm: string;
  longForm: string;
}

/**
 * A short form as this product takes it: one token of 2-10 characters starting with a letter or
 * digit, holding a letter and at least two capitals ('FMV', 'SaaS', 'M&A', 'EBITDA'). Stricter than
 * Schwartz & Hearst's (who allow two words and any case): '(the Company)', '(Inc)' or '(see p. 3)' are
 * not abbreviations a reader would search by.
 */
const SHORT_FORM = /^[\p{L}\p{N}][\p{L}\p{N}&/.-]{1,9}$/u;

function isShortForm(candidate: string): boolean {
  return SHORT_FORM.test(candidate) && /\p{L}/u.test(candidate) && (candidate.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
}

const isAlnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Schwartz & Hearst's (2003) best long form: the short form's letters and digits matched right to
 * left against `candidate`, each in order, the first one at the start of a word; the long form then
 * starts at that word. Null when they do not all match, or (a check of our own) when the long form
 * has more words other than stop words than the short form has letters, so one of them gives none
 * ('United States of America Acme Finance' is not 'USA').
 */
export function bestLongForm(shortForm: string, candidate: string): string | null {
  const s = shortForm.toLowerCase();
  const l = candidate.toLowerCase();
  let li = l.length - 1;
  for (let si = s.length - 1; si >= 0; si--) {
    if (!isAlnum(s[si])) continue;
    while (li >= 0 && (l[li] !== s[si] || (si === 0 && isAlnum(l[li - 1])))) li--;
    if (li < 0) return null;
    li--;
  }
  const longForm = candidate.slice(candidate.lastIndexOf(' ', li) + 1);
  const contentWords = longForm.split(/[\s-]+/).filter((w) => !STOP_WORDS.has(w.toLowerCase().replace(/\W+$/, '')));
  return contentWords.length <= [...s].filter(isAlnum).length ? longForm : null;
}

/** The words a long form may have at most: min(|short| + 5, 2·|short|) (Schwartz & Hearst). */
const maxWords = (shortForm: string) => Math.min(shortForm.length + 5, shortForm.length * 2);

/** The definition `longWindow (short)` or `short (longWindow)` states, checked; null if none. */
function definitionOf(shortForm: string, longWindow: string): TermDefinition | null {
  if (!isShortForm(shortForm)) return null;
  const window = longWindow.trim().split(/\s+/).slice(-maxWords(shortForm)).join(' ');
  const longForm = bestLongForm(shortForm, window)?.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!longForm) return null;
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  if (letters(longForm) === letters(shortForm)) return null;
  const words = longForm.split(' ');
  if (words.length < 2 || longForm.length <= shortForm.length) return null;
  // A clause cut short ('of the Currency (OCC)', 'Interest Period or (II)') is no long form.
  if (STOP_WORDS.has(words[0].toLowerCase()) || STOP_WORDS.has(words[words.length - 1].toLowerCase())) return null;
  if (words.some((w) => w.toLowerCase() === shortForm.toLowerCase())) return null;
  return { shortForm, longForm };
}

/** A sentence or clause break: the long form never reaches past one. */
const BREAK = /[.!?;:]\s|[()[\]{}]/g;

/**
 * The abbreviations `text` defines, in order: a long form followed by its short form in parentheses
 * ('fair market value (FMV)') or a short form followed by its long form ('FMV (fair market value)'),
 * after Schwartz & Hearst (2003), "A simple algorithm for identifying abbreviation definitions in
 * biomedical text". Learned from the uploaded materials: no list of abbreviations is kept.
 */
export function findDefinitions(text: string): TermDefinition[] {
  const out: TermDefinition[] = [];
  const flat = text.replace(/\s+/g, ' ');
  for (const m of flat.matchAll(/\(([^()]{1,200})\)/g)) {
    const inside = m[1].split(/[;,]/)[0].trim();
    const before = flat.slice(Math.max(0, m.index - 300), m.index);
    const clause = before.slice(Math.max(0, ...[...before.matchAll(BREAK)].map((b) => b.index + b[0].length)));
    const inner = inside.split(' ');
    const found =
      inner.length === 1
        ? definitionOf(inside, clause)
        : definitionOf(/([\p{L}\p{N}&/.-]+)\s*$/u.exec(clause)?.[1] ?? '', inside.replace(/[.]$/, ''));
    if (found) out.push(found);
  }
  return out;
}

/** A definition and how many times a document states it. */
export interface CountedDefinition extends TermDefinition {
  occurrences: number;
}

/**
 * The definitions a document's texts state, one per short form and long form (the long form's case
 * and spacing as first written; 'Fair Market Value' and 'fair market value' are one), with their count.
 */
export function countDefinitions(texts: string[]): CountedDefinition[] {
  const tally = new DefinitionTally();
  for (const text of texts) tally.add(text);
  return tally.definitions();
}

/** `countDefinitions` text by text, as a document's texts come (in order). */
export class DefinitionTally {
  private readonly byKey = new Map<string, CountedDefinition>();

  add(text: string): void {
    for (const d of findDefinitions(text)) this.count(d, 1);
  }

  /** Counts those of `later` as if its texts came after the ones added here. */
  addTally(later: DefinitionTally): void {
    for (const d of later.byKey.values()) this.count(d, d.occurrences);
  }

  /** The definitions of the texts so far, in the order `countDefinitions` gives them. */
  definitions(): CountedDefinition[] {
    return [...this.byKey.values()].map((d) => ({ ...d }));
  }

  private count(d: TermDefinition, occurrences: number): void {
    const key = `${d.shortForm}\u0000${d.longForm.toLowerCase()}`;
    const seen = this.byKey.get(key);
    if (seen) seen.occurrences += occurrences;
    else this.byKey.set(key, { shortForm: d.shortForm, longForm: d.longForm, occurrences });
  }
}
