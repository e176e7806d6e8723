/**
 * Reporting periods, read by their form: a year ('2019', 'FY2019', 'FY19', 'fiscal 2019', 'fiscal year
 * 2019') and a quarter of a year ('Q3 2020', '2020 Q3', 'FY2021Q1', 'third quarter of 2020'). The same
 * reading serves a question and the column headings of a table ('December 31, 2019', 'Fiscal Year
 * 2020 2019 2018', 'Q3 2020').
 */
export interface Period {
  year: number;
  /** 1-4, or null for a whole year (or a column that does not say which quarter). */
  quarter: number | null;
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };

const YEAR = String.raw`(?:19|20)\d{2}`;
/**
 * One period as written, alternatives in order of preference at one place: a quarter with its year
 * (either order), a spelled-out quarter of a year, then a year alone (with 'FY', 'fiscal', or a two-digit
 * 'FY19').
 */
const PERIOD = new RegExp(
  [
    String.raw`\bQ([1-4])(?:\s+of)?\s*(?:(?:FY|fiscal(?:\s+year)?)\s*)?'?(${YEAR})\b`,
    String.raw`\b(?:(?:FY|fiscal(?:\s+year)?)\s*)?(${YEAR})[\s/-]{0,3}Q([1-4])\b`,
    String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\s+(?:of\s+|in\s+|ended\s+)?(?:the\s+)?(?:fiscal\s+)?(?:year\s+)?(?:FY\s*)?(${YEAR})\b`,
    String.raw`\bFY\s*'?(\d{2})\b(?!\d)`,
    String.raw`(?:\bFY\s*'?|\bfiscal\s+(?:year\s+)?|\b)(${YEAR})\b(?![.,]\d)`,
  ].join('|'),
  'gi',
);

/** The periods a text names, in order, each once (`unique`; a table's column headings keep repeats). */
export function periodsIn(text: string, unique = true): Period[] {
  const out: Period[] = [];
  const add = (year: number, quarter: number | null) => {
    if (!unique || !out.some((p) => p.year === year && p.quarter === quarter)) out.push({ year, quarter });
  };
  for (const m of text.matchAll(PERIOD)) {
    if (m[1]) add(Number(m[2]), Number(m[1]));
    else if (m[3]) add(Number(m[3]), Number(m[4]));
    else if (m[5]) add(Number(m[6]), ORDINALS[m[5].toLowerCase()]);
    else if (m[7]) add(2000 + Number(m[7]), null);
    else if (m[8]) add(Number(m[8]), null);
  }
  return out;
}

/** Whether a column's period is the one asked: the same year, and the same quarter when both say one. */
export function samePeriod(asked: Period, column: Period): boolean {
  return asked.year === column.year && (asked.quarter === null || column.quarter === null || asked.quarter === column.quarter);
}

/** A period as an answer writes it: '2019', 'Q3 2020'. */
export function periodLabel(p: Period): string {
  return p.quarter ? `Q${p.quarter} ${p.year}` : String(p.year);
}
