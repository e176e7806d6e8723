/**
 * Accent folding, the one of the language layer: every comparison of words in the backend (search
 * terms, answers, highlights, the program's 'Kalvans' for 'Kalvāns', a question's language, file
 * names and header names) folds with these.
 */

/**
 * The text without diacritics, case kept: compatibility decomposition (NFKD: a PDF's 'ﬁ' ligature
 * becomes 'fi', 'é' becomes 'e' and its accent), combining marks removed.
 */
export function stripAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Lower case without diacritics (`stripAccents`), typographic quotes made plain, ligatures spelt out. */
export function fold(text: string): string {
  return stripAccents(text.toLowerCase())
    .replace(/[’‘`´]/g, "'")
    .replace(/[œ]/g, 'oe')
    .replace(/[æ]/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o');
}
