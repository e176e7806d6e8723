import { termKey } from './term-key';
import { WORD } from './keywords';

/**
 * `text` with each word whose stem is one of `stems` wrapped in `**…**`, e.g. for search snippets.
 */
export function highlight(text: string, stems: ReadonlySet<string>): string {
  const matches = (word: string) => {
    const stem = termKey(word);
    return stems.has(stem) || stems.has(word);
  };
  return text.replace(WORD, (w) => {
    const lower = w
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]s$/, '');
    return matches(lower) || lower.split(/[-.'’]/).some((part) => part && matches(part)) ? `**${w}**` : w;
  });
}
