import { termsOf } from './keywords';
import { type Period, periodsIn, samePeriod } from './periods';

/**
 * The cells of the tables in a passage of extracted PDF text, read by layout: column headings are the
 * lines naming periods ('Year Ended December 31,' / '2020 2019 2018', 'December 31, 2022 2021', the
 * context line a split page's later chunks start with), a row is a label followed by its cells (figures,
 * or a dash for an empty cell), a section is headed by a line without figures ('Current liabilities:',
 * 'Liabilities'), and the unit is the table's note ('(In thousands)', '(Millions, except per share data)').
 */

/** One row of a table: its label, its cells (null for an empty one) and the column periods above it. */
export interface CellRow {
  label: string;
  /** The section label above the row ('' when none). */
  section: string;
  cells: (string | null)[];
  columns: Period[];
  /** Index of the passage line the row is on. */
  line: number;
  /** The currency sign written on the row or on another row of its table ('' when none). */
  currency: string;
}

export interface PassageTable {
  rows: CellRow[];
  /** 'thousand', 'million' or 'billion' from the table's note; null when the passage names none. */
  unit: string | null;
  /** The periods of the passage's column headings. */
  columns: Period[];
}

/** One cell: '2,071', '(460.8)', '21.6%', '(2)%', '0.55'. */
const CELL = /^\(?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?%?$/;
const EMPTY_CELL = /^[-–—]$/;
const CURRENCY = /^[$€£¥]$/;
/** The unit note of a table: '(In thousands)', '(in millions, except per share data)', '$ in millions', '(Millions)'. */
export const UNIT_NOTE = /(?:\(\s*|\b(?:in|\$\s*in|dollars\s+in|amounts\s+in)\s+)(thousands|millions|billions)\b/i;
/** Lines longer than this are prose, never headings. */
const HEADING_MAX = 200;

/** A line read as a table row: label and cells from the end, or null (fewer than two cells, or no figure). */
function readRow(line: string): { label: string; cells: (string | null)[]; currency: string } | null {
  const tokens = line.trim().split(/\s+/);
  const cells: (string | null)[] = [];
  let currency = '';
  // A '%' written apart ('21.6 %') belongs to the figure before it, read next.
  let percent = false;
  let i = tokens.length - 1;
  for (; i >= 0; i--) {
    const t = tokens[i];
    if (CELL.test(t)) cells.unshift(percent && !t.endsWith('%') ? `${t}%` : t);
    else if (EMPTY_CELL.test(t)) cells.unshift(null);
    else if (t === '%') percent = true;
    else if (CURRENCY.test(t)) currency = t;
    else if (/^[$€£¥]\d/.test(t) && CELL.test(t.slice(1))) {
      currency = t[0];
      cells.unshift(t.slice(1));
    } else break;
    if (t !== '%') percent = false;
  }
  const label = tokens
    .slice(0, i + 1)
    .join(' ')
    .replace(/[\s:]+$/, '');
  if (cells.length < 2 || !cells.some((c) => c !== null) || !/^\p{L}/u.test(label)) return null;
  return { label, cells, currency };
}

/** A heading line ends with its last column's period ('… 2020 2019 2018', '… 2022 vs. 2021', 'Q3 2020', 'FY23'). */
const ENDS_WITH_PERIOD = /(?:\b(?:19|20)\d{2}|\bFY\s*'?\d{2}|\bQ[1-4])\)?$/i;
/** A short line of a heading that runs over lines ('2016 November 27,'). */
const HEADING_PART_MAX = 40;

/**
 * The periods a heading line names, when it reads as one: it ends with a period, or it is short, or it
 * is the context line a split page's later chunks start with ('Title | Year Ended December 31, 2020 2019').
 */
function headingPeriods(line: string, first: boolean): Period[] {
  if (line.length > HEADING_MAX || /[a-z]\.$/.test(line)) return [];
  if (!(ENDS_WITH_PERIOD.test(line) || line.length <= HEADING_PART_MAX || (first && line.includes(' | ')))) return [];
  return periodsIn(line.replace(/ \| /g, ' '), false);
}

/** The tables of a passage: rows with their sections and column periods, and the unit note. */
export function readTables(text: string): PassageTable {
  const rows: CellRow[] = [];
  const all: Period[] = [];
  let columns: Period[] = [];
  let headingRun = false;
  let section = '';
  let currency = '';
  text.split('\n').forEach((raw, line) => {
    const t = raw.trim();
    if (!t) return;
    const row = readRow(t);
    const periods = headingPeriods(t, line === 0);
    const yearsOnly = row !== null && periods.length >= row.cells.length && row.cells.every((c) => c && /^(?:19|20)\d{2}$/.test(c));
    if (periods.length > 0 && (!row || yearsOnly)) {
      // A heading may run over lines ('December 2,' / '2016 November 27,' / '2015'): its periods add up.
      columns = headingRun ? [...columns, ...periods] : periods;
      all.push(...periods);
      headingRun = true;
      return;
    }
    if (!row) {
      if (t.length <= 80 && !/[a-z]\.$/.test(t)) section = t.replace(/:$/, '');
      headingRun = headingRun && t.length <= 40;
      return;
    }
    headingRun = false;
    if (row.currency) currency = row.currency;
    rows.push({ label: row.label, section, cells: row.cells, columns, line, currency: row.currency });
  });
  for (const r of rows) r.currency ||= currency;
  const unit = UNIT_NOTE.exec(text)?.[1].toLowerCase().replace(/s$/, '') ?? null;
  return { rows, unit, columns: all };
}

/** The cell of a row in the column of a period; null when the columns do not line up with the cells or none is that period. */
export function cellAt(row: CellRow, period: Period): string | null {
  if (row.columns.length === 0 || row.cells.length < row.columns.length) return null;
  const at = row.columns.findIndex((c) => samePeriod(period, c));
  return at >= 0 ? row.cells[at] : null;
}

/**
 * How well a row's label names the question's line item, 0..1: the weighted share of the label's words
 * the question holds, halved when only one word matches ('Total', 'Net' alone name no line item).
 * `weight` gives a stem's weight (its rarity; 1 by default).
 */
export function labelMatch(label: string, asked: ReadonlySet<string>, weight: (stem: string) => number = () => 1): number {
  const stems = [...new Set(termsOf(label))];
  if (stems.length === 0) return 0;
  let all = 0;
  let hit = 0;
  let count = 0;
  for (const s of stems) {
    const w = weight(s);
    all += w;
    if (asked.has(s)) {
      hit += w;
      count++;
    }
  }
  if (count === 0 || all <= 0) return 0;
  return (hit / all) * (count >= 2 || stems.length === 1 ? 1 : 0.5);
}

/** A row counts as the question's line item from this label match. */
export const LINE_ITEM_MATCH = 0.5;

/**
 * How well a passage's tables answer a question naming a line item and periods, 0..1: 1 for a row
 * naming the line item with a cell in an asked period's column, the label match alone for a row with
 * no such cell, a quarter for column headings of an asked period without such a row; 0 when the
 * question names no period.
 */
export function tableCellEvidence(
  table: PassageTable,
  asked: ReadonlySet<string>,
  periods: Period[],
  weight?: (stem: string) => number,
): number {
  if (periods.length === 0 || table.rows.length === 0) return 0;
  let best = table.columns.some((c) => periods.some((p) => samePeriod(p, c))) ? 0.25 : 0;
  for (const row of table.rows) {
    const match = labelMatch(row.label, asked, weight);
    if (match < LINE_ITEM_MATCH) continue;
    const cell = periods.some((p) => cellAt(row, p) !== null);
    best = Math.max(best, cell ? 0.5 + 0.5 * match : 0.5 * match);
  }
  return best;
}
