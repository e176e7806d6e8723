import { canonicalTimeZone } from '../../conference/conference-settings';
import { isObj, NO_INFO, type Obj, type ParsedProgram, ProgramFormatError, type ProgramInfo, type ProgramSource } from './common';
import { parseFrabXml } from './frab-xml';
import { parseIcs } from './ical';
import {
  fromFrabJson,
  fromPretalxListing,
  fromPretalxTalks,
  fromPretalxWidget,
  isPretalxTalkList,
  isPretalxWidget,
  PRETALX_SHAPE_MESSAGE,
} from './pretalx';
import { placeProgram, type ProgramSummary } from './rows';
import {
  fromSessionizeAllData,
  fromSessionizeGrid,
  fromSessionizeGroups,
  isSessionizeAllData,
  isSessionizeGrid,
  isSessionizeGroups,
} from './sessionize';
import { parseCsv, parseXlsx } from './tabular';

/**
 * Published conference programs, told apart by shape (`detect`) and read (`readProgram`) into rows of
 * the session import, each carrying the source's own id ('pretalx:VT7MDZ', 'frab:<guid>',
 * 'sessionize:581840', 'ical:<UID>', 'csv:<id>') so that importing the program again updates them.
 */

export { MAPPED_FIELDS, ProgramFormatError } from './common';
export type { ColumnMapping, MappedField, ParsedProgram, ProgramInfo, ProgramSource, TableInfo } from './common';
export type { DayCount, ProgramSummary } from './rows';
export { XML_MESSAGES as PROGRAM_XML_MESSAGES } from './frab-xml';

/** What the importer reads, named in the answer to a body of any other shape. */
export const PROGRAM_FORMATS_READ =
  "the export's sessions JSON, pretalx (schedule.json, talk listing, API talks, schedule widget), frab/Pentabarf schedule.xml, " +
  'Sessionize (All data, schedule grid, sessions list), iCalendar (.ics), CSV and XLSX with a column mapping';

export const PROGRAM_MESSAGES = {
  pretalxShape: PRETALX_SHAPE_MESSAGE,
  textField: (field: string) => `"${field}" must be the file's content as text${field === 'xlsx' ? ' (base64)' : ''}.`,
} as const;

/** The body keys that carry a file as text, and the reader of each. */
const WRAPPED = ['csv', 'xlsx', 'ics', 'xml'] as const;
type Wrapped = (typeof WRAPPED)[number];

/** Which format a body holds, by its shape; undefined when none. */
export function detect(body: unknown): ProgramSource | undefined {
  if (Array.isArray(body)) {
    if (isSessionizeGrid(body) || isSessionizeGroups(body)) return 'sessionize';
    return isPretalxTalkList(body) ? 'pretalx' : undefined;
  }
  if (!isObj(body)) return undefined;
  const wrapped = WRAPPED.find((k) => body[k] !== undefined);
  if (wrapped) return wrapped === 'xml' ? 'frab' : wrapped === 'ics' ? 'ical' : wrapped;
  if (Array.isArray(body.sessions)) return isSessionizeAllData(body) ? 'sessionize' : 'sessions';
  if (isObj(body.schedule) || isPretalxWidget(body)) return 'pretalx';
  const list = [body.results, body.talks, body.submissions].find(Array.isArray);
  return list && (list.length === 0 || isPretalxTalkList(list)) ? 'pretalx' : undefined;
}

function readWrapped(key: Wrapped, body: Obj): ParsedProgram | Promise<ParsedProgram> {
  const value = body[key];
  if (typeof value !== 'string') throw new ProgramFormatError(PROGRAM_MESSAGES.textField(key));
  if (key === 'xml') return parseFrabXml(value);
  if (key === 'ics') return parseIcs(value);
  return key === 'csv' ? parseCsv(value, body.mapping) : parseXlsx(value, body.mapping);
}

function readPretalx(body: Obj): ParsedProgram {
  if (isPretalxWidget(body)) return fromPretalxWidget(body);
  if (isObj(body.schedule)) {
    const s = body.schedule;
    if (isObj(s.conference)) return fromFrabJson(s.conference);
    const keys = Object.keys(s);
    if (keys.length > 0 && keys.every((k) => /^\d{4}-\d{2}-\d{2}$/.test(k))) return fromPretalxListing(s, body);
    throw new ProgramFormatError(PRETALX_SHAPE_MESSAGE);
  }
  const list = [body.results, body.talks, body.submissions].find(Array.isArray) ?? [];
  return fromPretalxTalks(list, body);
}

/**
 * The program in an import body, by its shape: the export's `{sessions}`, a raw published JSON program
 * (pretalx, Sessionize), or a file wrapped as text (`{xml}`, `{ics}`, `{csv, mapping?}`, `{xlsx, mapping?}`).
 * Undefined when none matches; ProgramFormatError when the shape is known but the file cannot be read.
 */
export async function readProgram(body: unknown): Promise<ParsedProgram | undefined> {
  const source = detect(body);
  if (!source) return undefined;
  if (Array.isArray(body)) {
    if (source === 'pretalx') return fromPretalxTalks(body, {});
    return isSessionizeGroups(body) ? fromSessionizeGroups(body) : fromSessionizeGrid(body);
  }
  const obj = body as Obj;
  const wrapped = WRAPPED.find((k) => obj[k] !== undefined);
  if (wrapped) return readWrapped(wrapped, obj);
  if (source === 'sessions') return { source, rows: obj.sessions as Record<string, unknown>[], talks: [], info: NO_INFO, dayDates: [] };
  return source === 'sessionize' ? fromSessionizeAllData(obj) : readPretalx(obj);
}

export interface ImportPlanRows {
  rows: Record<string, unknown>[];
  /** The program's conference info, its dates taken from its sessions when it names none. */
  info: ProgramInfo;
  /** The zone local times were read in: the program's own when it names a valid one, else the conference's. */
  timeZone: string;
  summary: ProgramSummary;
}

/** The export's own rows, summarized as they are. */
function exportSummary(rows: Record<string, unknown>[]): ProgramSummary {
  const days = new Map<number, number>();
  for (const r of rows) if (typeof r?.day === 'number') days.set(r.day, (days.get(r.day) ?? 0) + 1);
  const rooms = [...new Set(rows.map((r) => r?.location).filter((l): l is string => typeof l === 'string' && !!l))];
  return {
    days: [...days.entries()].sort((a, b) => a[0] - b[0]).map(([day, sessions]) => ({ date: '', day, sessions })),
    rooms,
    noTime: rows.filter((r) => !r?.startTime && !r?.date).length,
    noRoom: rows.filter((r) => !r?.location).length,
    serviceSessions: [],
  };
}

/** The program as import rows, its local times read in its own zone or else `conferenceZone`. */
export function importRows(program: ParsedProgram, conferenceZone: string): ImportPlanRows {
  if (program.rows) return { rows: program.rows, info: NO_INFO, timeZone: conferenceZone, summary: exportSummary(program.rows) };
  const timeZone = canonicalTimeZone(program.info.timeZone) ?? conferenceZone;
  const placed = placeProgram(program, timeZone);
  const days = placed.summary.days.map((d) => d.date);
  const info = program.info.startDate
    ? program.info
    : { ...program.info, startDate: days[0] ?? null, endDate: days[days.length - 1] ?? null };
  return { rows: placed.rows, info, timeZone, summary: placed.summary };
}
