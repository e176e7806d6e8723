import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  type ColumnMapping,
  isObj,
  isServiceSession,
  MAPPED_FIELDS,
  type MappedField,
  type ParsedProgram,
  ProgramFormatError,
  programInfo,
  type Talk,
  wallText,
} from './common';
import { proposeMapping } from './column-mapping';

/**
 * CSV (Papa Parse) and XLSX (ExcelJS, first worksheet) programs: a header row, then one session a row,
 * read through a column mapping (field → header) given by the client or proposed from the headers.
 * Dates are 'YYYY-MM-DD', 'DD/MM/YYYY' or 'DD.MM.YYYY' (month first, 'MM/DD/YYYY', when one of the program's
 * slashed dates can only be read so) or Excel serial days; times '14:05', '2:05 PM' or '14h05'; a start or end
 * cell may hold the whole date and time. Times are wall times in the program's zone.
 */

export const MAX_TABLE_CHARS = 20_000_000;
/** Rows read from a sheet at most; the import itself takes fewer (MAX_IMPORT_ROWS), and says so. */
export const MAX_TABLE_ROWS = 100_000;

export const TABLE_MESSAGES = {
  csvInvalid: 'The CSV file could not be read: it needs a header row and at least one row of sessions.',
  xlsxInvalid: 'The XLSX file could not be read: send the workbook as base64, with a header row in its first sheet.',
  tooLarge: `A CSV or XLSX program can be at most ${MAX_TABLE_CHARS.toLocaleString('en-US')} characters.`,
  mappingShape: `The column mapping must be an object from field (${MAPPED_FIELDS.join(', ')}) to a column name.`,
} as const;

const noTitle = (columns: string[]) =>
  `The column mapping must name the column that holds the session title. The file's columns are: ${columns.join(', ')}.`;
const unknownColumn = (column: string, columns: string[]) =>
  `The column mapping names "${column}", which is not a column of the file. Its columns are: ${columns.join(', ')}.`;

/** The client's mapping checked against the columns, or the one the headers suggest. */
function mappingFor(columns: string[], given: unknown): { mapping: ColumnMapping; proposed: boolean } {
  if (given === undefined || given === null) return { mapping: proposeMapping(columns), proposed: true };
  if (!isObj(given)) throw new ProgramFormatError(TABLE_MESSAGES.mappingShape);
  const mapping: ColumnMapping = {};
  for (const [field, column] of Object.entries(given)) {
    if (!(MAPPED_FIELDS as readonly string[]).includes(field)) throw new ProgramFormatError(TABLE_MESSAGES.mappingShape);
    if (column === null || column === '') continue;
    if (typeof column !== 'string') throw new ProgramFormatError(TABLE_MESSAGES.mappingShape);
    if (!columns.includes(column)) throw new ProgramFormatError(unknownColumn(column, columns));
    mapping[field as MappedField] = column;
  }
  return { mapping, proposed: false };
}

const SLASHED = /^(\d{1,2})([/.])(\d{1,2})[/.](\d{4})/;
/** Excel's serial day numbers (days since 1899-12-30) between 1954 and 2119: a date cell a sheet or its CSV kept as a number. */
const SERIAL = /^(\d{5})(?:\.(\d+))?$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * Whether the program writes its slashed dates month first ('9/15/2025'): one of them has a second
 * number above 12 and none a first one. Day first otherwise ('15/09/2025', '08.09.2025', '8/9/2025').
 */
function monthFirstIn(values: string[]): boolean {
  let monthFirst = false;
  for (const v of values) {
    const m = SLASHED.exec(v.trim());
    if (!m || m[2] === '.') continue;
    if (Number(m[1]) > 12) return false;
    if (Number(m[3]) > 12) monthFirst = true;
  }
  return monthFirst;
}

/** 'YYYY-MM-DD' from an ISO date, a slashed or dotted date (day first unless `monthFirst`) or an Excel serial day; undefined otherwise. */
function dateOf(value: string, monthFirst = false): string | undefined {
  const serial = SERIAL.exec(value.trim());
  if (serial && Number(serial[1]) >= 20000 && Number(serial[1]) < 80000) {
    return new Date(EXCEL_EPOCH + Number(serial[1]) * 86_400_000).toISOString().slice(0, 10);
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value);
  const dmy = SLASHED.exec(value);
  const first = monthFirst && dmy?.[2] === '/';
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[4], first ? dmy[1] : dmy[3], first ? dmy[3] : dmy[1]] : ['', '', ''];
  if (!y || Number(m) < 1 || Number(m) > 12 || Number(d) < 1 || Number(d) > 31) return undefined;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** Minutes of the day from '14:05', '2:05 PM', '14h05', a day fraction (0.5 = noon) or a date and time. */
function minutesOf(value: string): number | undefined {
  const v = value.trim();
  const clock = /(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap])?\.?(?:m\.?)?$/i.exec(v) ?? /^(\d{1,2})\s?h\s?(\d{2})?$/i.exec(v);
  if (clock) {
    const [h, m] = [Number(clock[1]), Number(clock[2] ?? 0)];
    const ap = clock[3]?.toLowerCase();
    if (m > 59 || (ap ? h < 1 || h > 12 : h > 23)) return undefined;
    return ((ap ? h % 12 : h) + (ap === 'p' ? 12 : 0)) * 60 + m;
  }
  const n = Number(v);
  if (SERIAL.test(v) && n >= 20000) return Math.round((n % 1) * 1440) || undefined;
  return v && Number.isFinite(n) && n >= 0 && n < 1 ? Math.round(n * 1440) : undefined;
}

/** A start or end text: the cell's own date and time, else the row's date with the cell's time. */
function when(cell: string, rowDate: string | undefined, monthFirst: boolean): string | null {
  const minutes = cell ? minutesOf(cell) : undefined;
  const date = dateOf(cell, monthFirst) ?? rowDate;
  return minutes === undefined || !date ? null : wallText(date, minutes);
}

function splitList(value: string): string[] {
  const parts = /[;\n|]/.test(value) ? value.split(/[;\n|]/) : value.split(',');
  return [...new Set(parts.map((p) => p.trim()).filter((p) => p && p.length <= 200))];
}

function rowTalk(cells: Record<string, string>, mapping: ColumnMapping, monthFirst: boolean): Talk {
  const get = (f: MappedField) => (mapping[f] ? (cells[mapping[f]] ?? '').trim() : '');
  const date = dateOf(get('date'), monthFirst);
  const dated = date && (get('date').length > 10 || SERIAL.test(get('date'))) ? when(get('date'), date, monthFirst) : null;
  const start = when(get('start'), date, monthFirst) ?? dated;
  const tags = splitList(get('tags'));
  const id = get('id');
  return {
    externalId: id ? `csv:${id}`.slice(0, 200) : null,
    title: get('title'),
    speakers: splitList(get('speakers')),
    type: tags.join(' '),
    tags,
    start,
    end: when(get('end'), start?.slice(0, 10) ?? date, monthFirst),
    programDay: start ? null : (date ?? null),
    room: get('room') || null,
    description: get('description').slice(0, 10_000),
    service: isServiceSession(false, tags.join(' '), get('title')),
  };
}

/** A grid of text (header row first) read through the mapping. */
function fromGrid(grid: string[][], given: unknown, source: 'csv' | 'xlsx', invalid: string): ParsedProgram {
  const [header, ...body] = grid;
  const columns = (header ?? []).map((h) => h.trim());
  if (!columns.some(Boolean) || !body.length) throw new ProgramFormatError(invalid);
  const { mapping, proposed } = mappingFor(columns, given);
  if (!mapping.title) throw new ProgramFormatError(noTitle(columns.filter(Boolean)));
  const rows = body
    .filter((cells) => cells.some((c) => c.trim()))
    .map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ''])));
  const dateColumns = [mapping.date, mapping.start, mapping.end].filter((c): c is string => !!c);
  const monthFirst = monthFirstIn(rows.flatMap((r) => dateColumns.map((c) => r[c] ?? '')));
  const talks = rows.map((cells) => rowTalk(cells, mapping, monthFirst));
  const table = { columns: columns.filter(Boolean), mapping, proposed };
  return { source, talks, info: programInfo(null, null, null, null, []), dayDates: [], table };
}

/** A CSV program (comma, semicolon or tab separated: Papa Parse guesses). */
export function parseCsv(csv: string, mapping: unknown): ParsedProgram {
  if (csv.length > MAX_TABLE_CHARS) throw new ProgramFormatError(TABLE_MESSAGES.tooLarge);
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', preview: MAX_TABLE_ROWS + 1 });
  return fromGrid(parsed.data, mapping, 'csv', TABLE_MESSAGES.csvInvalid);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: dates as 'YYYY-MM-DD', times as 'HH:MM', both as 'YYYY-MM-DD HH:MM' (ExcelJS keeps wall times in UTC). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    if (value.getUTCFullYear() < 1901) return time;
    return time === '00:00' ? date : `${date} ${time}`;
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/** An XLSX program, sent as base64: its first worksheet. */
export async function parseXlsx(base64: string, mapping: unknown): Promise<ParsedProgram> {
  if (base64.length > MAX_TABLE_CHARS) throw new ProgramFormatError(TABLE_MESSAGES.tooLarge);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ExcelJS.Buffer);
  } catch {
    throw new ProgramFormatError(TABLE_MESSAGES.xlsxInvalid);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ProgramFormatError(TABLE_MESSAGES.xlsxInvalid);
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (grid.length > MAX_TABLE_ROWS) return;
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    grid.push(Array.from(values, (v) => cellText(v as ExcelJS.CellValue)));
  });
  return fromGrid(grid, mapping, 'xlsx', TABLE_MESSAGES.xlsxInvalid);
}
