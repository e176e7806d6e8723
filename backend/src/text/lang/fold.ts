/**
 * Accent folding, the one of the language layer: the program matches 'Kalvans' to 'Kalvāns' and a question's
 * language is read with it.
 */

/** Lower case without diacritics (NFD, combining marks removed), typographic quotes made plain. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[œ]/g, 'oe')
    .replace(/[æ]/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o');
}
