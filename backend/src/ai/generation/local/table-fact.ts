import type { GenerationPassage } from '../generation.types';
import { keywordStems, termsOf } from '../../../text/keywords';
import { type Period, periodLabel, periodsIn } from '../../../text/periods';
import { type CellRow, cellAt, LINE_ITEM_MATCH, labelMatch, type PassageTable, readTables } from '../../../text/table-cells';

/**
 * The figure a question names by line item and period ('What was the total revenue in FY2019?'), read
 * from the cell where the table row and the period's column meet, with the table's unit and the period:
 * 'Total revenue: $1,241,437 thousand (2019)'. A superlative over a section ('the largest liability in
 * 2022') gives the section's largest (or smallest) row in that period's column. The passage it comes
 * from is the one to cite.
 */
export interface TableFact {
  text: string;
  passage: GenerationPassage;
}

/**
 * Superlatives asking for a table's extreme row, with the words after them up to a preposition or the end:
 * the section asked ('largest liability', 'lowest net revenue').
 */
const LARGEST =
  /\b(?:largest|biggest|highest|greatest)((?:\s+(?!(?:in|on|of|for|at|during|as|by|from|among|across|to)\b)[\p{L}-]+){1,3})/iu;
const SMALLEST = /\b(?:smallest|lowest)((?:\s+(?!(?:in|on|of|for|at|during|as|by|from|among|across|to)\b)[\p{L}-]+){1,3})/iu;
/** A row that sums the rows above it ('Total liabilities', 'Total current assets'). */
const TOTAL_ROW = /^total\b/i;
/** A later passage's row must match this much better than an earlier passage's to be preferred. */
const RANK_STEP = 0.05;

/** The table fact of the best passages for a question naming a line item and periods; null when no row fits. */
export function tableFact(question: string, passages: GenerationPassage[]): TableFact | null {
  const periods = periodsIn(question);
  const asked = new Set(keywordStems(question));
  const tables = passages.filter((p) => p.kind === 'pdf').map((p) => ({ passage: p, table: readTables(p.text) }));
  // A superlative asks for one row among many: no single line item's figure answers it.
  if (LARGEST.test(question) || SMALLEST.test(question)) return superlativeFact(question, tables, periods[0] ?? null);
  if (periods.length === 0) return null;
  let best: { row: CellRow; score: number; passage: GenerationPassage; unit: string | null } | null = null;
  tables.forEach(({ passage, table }, rank) => {
    for (const row of table.rows) {
      const match = labelMatch(row.label, asked);
      if (match < LINE_ITEM_MATCH || !periods.some((p) => cellAt(row, p) !== null)) continue;
      const score = match - RANK_STEP * rank;
      if (!best || score > best.score) best = { row, score, passage, unit: table.unit };
    }
  });
  if (!best) return null;
  const found: { row: CellRow; passage: GenerationPassage; unit: string | null } = best;
  return { text: factText(found.row, periods, found.unit), passage: found.passage };
}

/**
 * 'The largest liability in 2022': the largest (or smallest) row, in that period's column, of the sections
 * the words after the superlative name ('liability' → 'Liabilities', 'Current liabilities'), over the
 * passages' tables.
 */
function superlativeFact(
  question: string,
  tables: { passage: GenerationPassage; table: PassageTable }[],
  period: Period | null,
): TableFact | null {
  const largest = LARGEST.exec(question);
  const superlative = largest ?? SMALLEST.exec(question);
  if (!superlative) return null;
  const section = keywordStems(superlative[1]);
  if (section.length === 0) return null;
  const sign = largest ? 1 : -1;
  let best: { fact: TableFact; value: number } | null = null;
  for (const { passage, table } of tables) {
    const found = extremeRow(table, section, period, sign);
    if (!found) continue;
    const value = cellValue(cellAt(found.row, found.period));
    if (!best || sign * value > sign * best.value)
      best = { fact: { text: factText(found.row, [found.period], table.unit), passage }, value };
  }
  return best?.fact ?? null;
}

/** The value of a cell as a number ('(4,380)' → -4380), NaN for none. */
function cellValue(cell: string | null): number {
  if (!cell) return NaN;
  const negative = cell.startsWith('(') || cell.startsWith('-');
  const value = Number(cell.replace(/[(),%-]/g, ''));
  return negative ? -value : value;
}

/**
 * The rows of the sections a superlative names ('liability' → the rows under 'Liabilities' and 'Current
 * liabilities', their totals left out) and the largest (`sign` 1) or smallest (-1) of them in the period's
 * column (the first column when the question names none).
 */
function extremeRow(table: PassageTable, section: string[], period: Period | null, sign: number): { row: CellRow; period: Period } | null {
  const named = table.rows.filter((r) => {
    if (TOTAL_ROW.test(r.label)) return false;
    const stems = new Set(termsOf(r.section));
    return section.every((s) => stems.has(s));
  });
  if (named.length === 0) return null;
  const column = period ?? named[0].columns[0];
  if (!column) return null;
  let best: CellRow | null = null;
  for (const row of named) {
    const v = cellValue(cellAt(row, column));
    if (Number.isFinite(v) && (!best || sign * v > sign * cellValue(cellAt(best, column)))) best = row;
  }
  return best ? { row: best, period: column } : null;
}

/** 'Total revenue: $1,241,437 thousand (2019)'; several periods: 'Effective tax rate: 21.6% (2022), 24.6% (2021)'. */
function factText(row: CellRow, periods: Period[], unit: string | null): string {
  const values = periods.flatMap((p) => {
    const cell = cellAt(row, p);
    return cell ? [`${valueText(row, cell, unit)} (${periodLabel(p)})`] : [];
  });
  return `${row.label}: ${values.join(', ')}`;
}

/** A cell with its currency and unit: '(4,380)' in thousands of dollars → '-$4,380 thousand'; a percentage or a per-share figure as written. */
function valueText(row: CellRow, cell: string, unit: string | null): string {
  const negative = cell.startsWith('(') || cell.startsWith('-');
  const digits = cell.replace(/[()-]/g, '');
  if (digits.endsWith('%')) return `${negative ? '-' : ''}${digits}`;
  const perUnit = /\bper\b/i.test(row.label);
  const scale = unit && !perUnit ? ` ${unit}` : '';
  return `${negative ? '-' : ''}${row.currency}${digits}${scale}`;
}
