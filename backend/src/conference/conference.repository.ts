import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ConferenceSettings } from './conference-settings';

const COLUMNS = `name, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate",
  venue, time_zone AS "timeZone", short_name AS "shortName", languages, suggested_questions AS "suggestedQuestions"`;

@Injectable()
export class ConferenceRepository {
  constructor(private readonly db: DataSource) {}

  /** The one settings row (created by its migration). */
  async get(): Promise<ConferenceSettings | undefined> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM conference_settings WHERE id = 1`);
    return row;
  }

  async save(s: ConferenceSettings): Promise<ConferenceSettings> {
    const [row] = await this.db.query(
      `INSERT INTO conference_settings (id, name, start_date, end_date, venue, time_zone, short_name, languages,
         suggested_questions, updated_at)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, now())
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, start_date = EXCLUDED.start_date,
         end_date = EXCLUDED.end_date, venue = EXCLUDED.venue, time_zone = EXCLUDED.time_zone,
         short_name = EXCLUDED.short_name, languages = EXCLUDED.languages,
         suggested_questions = EXCLUDED.suggested_questions, updated_at = now()
       RETURNING ${COLUMNS}`,
      [s.name, s.startDate, s.endDate, s.venue, s.timeZone, s.shortName, s.languages, s.suggestedQuestions],
    );
    return row;
  }

  /**
   * Writes `next` only while the row still holds `expected` (so an admin's edit made meanwhile is never
   * overwritten); the row written, or undefined when it had changed.
   */
  async saveIfUnchanged(expected: ConferenceSettings, next: ConferenceSettings): Promise<ConferenceSettings | undefined> {
    const [row] = await this.db.query(
      // A SELECT around the UPDATE, so both drivers give the rows themselves (not [rows, count]).
      `WITH written AS (
         UPDATE conference_settings SET name = $1, start_date = $2, end_date = $3, venue = $4, time_zone = $5,
           short_name = $11, languages = $12, suggested_questions = $13, updated_at = now()
         WHERE id = 1 AND name = $6 AND start_date = $7 AND end_date = $8 AND venue = $9 AND time_zone = $10
           AND short_name = $14 AND languages = $15 AND suggested_questions = $16
         RETURNING *)
       SELECT ${COLUMNS} FROM written`,
      [
        next.name,
        next.startDate,
        next.endDate,
        next.venue,
        next.timeZone,
        expected.name,
        expected.startDate,
        expected.endDate,
        expected.venue,
        expected.timeZone,
        next.shortName,
        next.languages,
        next.suggestedQuestions,
        expected.shortName,
        expected.languages,
        expected.suggestedQuestions,
      ],
    );
    return row;
  }
}
