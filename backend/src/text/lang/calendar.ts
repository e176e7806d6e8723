import { fold } from './fold';

/**
 * A language's weekday and month names as `Intl.DateTimeFormat` writes them (the ICU data Node ships),
 * not typed by hand: the labels as written in answers, and the folded words a question is read with.
 * A name of two words ('segunda-feira') is read as its words ('segunda feira').
 */

const format = (code: string, options: Intl.DateTimeFormatOptions, date: Date) =>
  new Intl.DateTimeFormat(code, { ...options, timeZone: 'UTC' }).format(date).replace(/\.$/, '');

/** Weekday names by JavaScript day number (0 = Sunday), as written ('domenica', 'segunda-feira'). */
export function weekdayLabelsOf(code: string): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format(code, { weekday: 'long' }, new Date(Date.UTC(2023, 0, 1 + i))));
}

/** Month names, January first, as written ('gennaio', 'março'). */
export function monthLabelsOf(code: string): string[] {
  return Array.from({ length: 12 }, (_, i) => format(code, { month: 'long' }, new Date(Date.UTC(2023, i, 1))));
}

/** A label as the words a question is read with: folded, its hyphens spaces ('terça-feira' → 'terca feira'). */
export const foldedLabel = (label: string): string => fold(label).replace(/-/g, ' ');

/**
 * Month names and their abbreviations → month number (1-12), folded. An abbreviation of three letters
 * or fewer is left out ('set', 'mar', 'dec' are words of other languages); `Intl`'s own longer ones are kept.
 */
export function monthWordsOf(code: string): Record<string, number> {
  const out: Record<string, number> = {};
  monthLabelsOf(code).forEach((label, i) => {
    out[foldedLabel(label)] = i + 1;
    const short = foldedLabel(format(code, { month: 'short' }, new Date(Date.UTC(2023, i, 1))));
    if (short.length > 3 && !(short in out)) out[short] = i + 1;
  });
  return out;
}
