/** One figure of a table row: '2,071', '(460.8)', '$55,893', '21.6%', '(2)%', '€12.50'. */
const FIGURE = /^[-–—(]?[$€£¥]?\d[\d,.]*\)?%?,?$/;
/** Tokens between a row's figures: a currency sign, '%', a dash or '#' for an empty cell. */
const CELL_FILLER = /^(?:[$€£¥%#]|[-–—])$/;

/** A dash standing for an empty cell. */
const EMPTY_CELL = /^[-–—]$/;

/**
 * A table row read by its layout: a label starting with a letter, then two or more cells, at least one
 * a figure, a dash an empty one ('Total revenue 5,854,430 4,795,511', 'Net income $ 1,168 $ 629', 'Gain
 * on sale — (373,445) —'); null for any other line. Read token by token from the end of the line
 * (linear time, whatever the line).
 */
export function tableRow(line: string): { label: string; figures: string[] } | null {
  const tokens = line.trim().split(/\s+/);
  const figures: string[] = [];
  let empty = 0;
  let i = tokens.length - 1;
  for (; i >= 0; i--) {
    if (FIGURE.test(tokens[i])) figures.unshift(tokens[i]);
    else if (EMPTY_CELL.test(tokens[i])) empty++;
    else if (!CELL_FILLER.test(tokens[i])) break;
  }
  const label = tokens.slice(0, i + 1).join(' ');
  if (figures.length === 0 || figures.length + empty < 2 || !/^\p{L}/u.test(label)) return null;
  return { label, figures };
}
