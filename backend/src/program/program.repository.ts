import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { readContentVersion } from '../database/content-version';
import type { ProgramRecord } from './program-index';

/** The program's SQL: every session's entry, read with the content version it is current at. */
@Injectable()
export class ProgramRepository {
  constructor(private readonly db: DataSource) {}

  /** Every session's program fields and the content version they were read at, in one snapshot. */
  async entriesAtVersion(): Promise<{ version: string; records: ProgramRecord[] }> {
    return this.db.transaction('REPEATABLE READ', async (m) => {
      const version = await readContentVersion(m);
      const records: ProgramRecord[] = await m.query(
        `SELECT s.id, s.title, s.description, s.speakers, s.tags, s.format, s.date, s.day,
                s.start_time AS "startTime", s.end_time AS "endTime", s.location
           FROM sessions s`,
      );
      return { version, records };
    });
  }
}
