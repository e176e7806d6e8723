import { ConferenceResponse } from '../../conference/dto/conference.dto';
import { ImportSkippedRow } from '../../sessions/dto/session.response';
import { ColumnMappingDto } from './import-sessions.dto';

/** What an import body held. */
export type ImportSourceName = 'sessions' | 'pretalx' | 'frab' | 'sessionize' | 'ical' | 'csv' | 'xlsx';

/** GET /api/superadmin/analytics: one line per user, most recent login first. */
export class UserAnalytics {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  totalLogins: number;
  totalChatPrompts: number;
  lastLogin: string | null;
  createdAt: string;
}

/** POST /api/superadmin/import-sessions */
export class ImportResponse {
  /** 'Successfully imported 3 of 4 sessions: 1 created, 2 updated. Skipped 1: #2 (invalid date).' */
  message: string;
  /** created + updated */
  imported: number;
  created: number;
  updated: number;
  /** Rows not imported, with their reason. */
  skipped: ImportSkippedRow[];
  mode: 'create-new' | 'upsert';
  /**
   * What the body held: the export's `sessions`, a pretalx program, a frab/Pentabarf schedule.xml, a
   * Sessionize export, an iCalendar feed, a CSV or an XLSX sheet.
   */
  source: ImportSourceName;
  /**
   * What a published program did to the conference settings; null when nothing was imported or the
   * body names no conference (the export's own file).
   */
  conference: ImportConferenceOutcome | null;
  /** Only on a dry run (`dryRun: true`): nothing was written. */
  dryRun?: boolean;
  /** Only on a dry run: what the import would do. */
  preview?: ImportPreview;
}

/** A program day in a dry run: its date ('' for the export's rows, which carry day numbers only). */
export class ImportPreviewDay {
  date: string;
  /** The day number (Day 1 = the program's first day). */
  day: number;
  sessions: number;
}

/** The conference as the program names it (only what it names). */
export class ImportProposedConference {
  name?: string;
  startDate?: string;
  endDate?: string;
  timeZone?: string;
}

/** CSV/XLSX in a dry run: the header's columns and the mapping used. */
export class ImportTablePreview {
  columns: string[];
  mapping: ColumnMappingDto;
  /** True when no mapping was given and this one was proposed from the header names. */
  proposed: boolean;
}

/** A few sessions as they would be stored, for the preview. */
export class ImportPreviewSession {
  title: string;
  day: number | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  speakers: string[];
}

/** A dry run of POST /api/superadmin/import-sessions: what the import would do, nothing written. */
export class ImportPreview {
  /** Sessions the program holds (rows read). */
  sessions: number;
  /** Would be created / updated (by id or the source's own id). */
  toCreate: number;
  toUpdate: number;
  days: ImportPreviewDay[];
  rooms: string[];
  /** Sessions without a start time / without a room. */
  noTime: number;
  noRoom: number;
  /** Titles of the breaks, meals and registration recognised as service sessions (imported too). */
  serviceSessions: string[];
  /** The zone local times were read in, and whether the program named it or the conference settings gave it. */
  timeZone: string;
  timeZoneFrom: 'program' | 'conference';
  /** The conference's name, dates and zone as the program names them; null when it names none. */
  proposedConference: ImportProposedConference | null;
  /** Which of them differ from the current settings. */
  differingFields: ('name' | 'dates' | 'timeZone')[];
  /** CSV/XLSX only. */
  table: ImportTablePreview | null;
  /** The first sessions as they would be stored. */
  examples: ImportPreviewSession[];
}

/** The conference settings beside an imported program (POST /api/superadmin/import-sessions). */
export class ImportConferenceOutcome {
  /**
   * 'applied': the settings were still the spec's conference and now hold the program's name, dates
   * and time zone; 'differs': an admin had set them, so they were left as they are; 'same'.
   */
  outcome: 'applied' | 'differs' | 'same';
  /** What was changed ('applied') or differs ('differs'). */
  fields: ('name' | 'dates' | 'timeZone')[];
  /** The settings after the import. */
  settings: ConferenceResponse;
}
