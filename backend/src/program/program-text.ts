/**
 * Text helpers of the program assistant: the language layer's tokens, fold and stemmer (text/tokens.ts,
 * text/lang), and clock arithmetic on the program's '9:30 AM' times.
 */

import { wallClockParts } from 'conference-rules';
import { fold } from '../text/lang/fold';
import { stem, stemsOf } from '../text/lang/stem';
import { tokens } from '../text/tokens';

export { clockLabel, clockMinutes } from 'conference-rules';
export { fold, stem, stemsOf, tokens };

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
