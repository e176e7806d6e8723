import { ConferenceResponse } from '../../conference/dto/conference.dto';
import { ImportSkippedRow } from '../../sessions/dto/session.response';

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
  /** What the body held: the export's `sessions`, a pretalx schedule or a frab schedule.xml. */
  source: 'sessions' | 'pretalx' | 'frab';
  /**
   * What a published program did to the conference settings; null when nothing was imported or the
   * body names no conference (the export's own file).
   */
  conference: ImportConferenceOutcome | null;
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
