import { fold } from './lang/fold';
import { termKey } from './term-key';
import { WORD } from './keywords';

/** A span of a text to highlight: [start, end) in JavaScript string offsets (UTF-16 code units). */
export interface TextSpan {
  start: number;
  end: number;
}

/** The words of `text` whose stem is one of `stems` (e.g. a search's words), as spans of `text`. */
export function highlightSpans(text: string, stems: ReadonlySet<string>): TextSpan[] {
  const matches = (word: string) => {
    const stem = termKey(word);
    return stems.has(stem) || stems.has(word);
  };
  const spans: TextSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    const lower = fold(m[0]).replace(/['’]s$/, '');
    if (matches(lower) || lower.split(/[-.'’]/).some((part) => part && matches(part))) {
      spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return spans;
}
