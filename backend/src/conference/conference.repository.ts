import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ConferenceSettings } from './conference-settings';

const COLUMNS = `name, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate",
  venue, time_zone AS "timeZone"`;

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
      `INSERT INTO conference_settings (id, name, start_date, end_date, venue, time_zone, updated_at)
       VALUES (1, $1, $2, $3, $4, $5, now())
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, start_date = EXCLUDED.start_date,
         end_date = EXCLUDED.end_date, venue = EXCLUDED.venue, time_zone = EXCLUDED.time_zone, updated_at = now()
       RETURNING ${COLUMNS}`,
      [s.name, s.startDate, s.endDate, s.venue, s.timeZone],
    );
    return row;
  }
}
