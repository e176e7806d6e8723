/**
 * Text helpers of the program assistant: tokens (folded by the language layer's `fold`), a light plural-insensitive stem, and clock arithmetic on the program's '9:30 AM' times.
 */

import { wallClockParts } from '../time/wall-clock';
import { fold } from '../text/lang/fold';

export { clockLabel, clockMinutes } from '../time/program-clock';
export { fold };

/** Folded word tokens (letters and digits), in order; apostrophes split ('Stinner's' → stinner, s). */
export function tokens(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A plural- and elision-insensitive key: 'workshops' → 'workshop', 'dependencies' → 'dependenc'. */
export function stem(word: string): string {
  if (/\d/.test(word) || word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 5) return word.slice(0, -3) + 'y';
  if (word.endsWith('es') && word.length > 5 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  let w = word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 5 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** True when `needle` (tokens) occurs contiguously in `hay` (tokens). */
export function containsSequence(hay: string[], needle: string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Wall-clock date (YYYY-MM-DD), weekday (0 = Sunday) and minutes of `instant` in `timeZone`. */
export function wallClock(
  instant: Date,
  timeZone: string,
): { dateKey: string; weekday: number; minutes: number; month: number; day: number } {
  const p = wallClockParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    dateKey: `${p.year}-${two(p.month)}-${two(p.day)}`,
    weekday: p.weekday,
    minutes: p.hour * 60 + p.minute,
    month: p.month,
    day: p.day,
  };
}
