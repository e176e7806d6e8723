import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SessionWithContent {
  id: string;
  title: string;
  /** Embedded documents of the session with their versions: 'docId:version,…' (changes on re-ingest). */
  signature: string;
}

export interface CachedTakeaways {
  takeaways: string[];
  sources: string[];
}

@Injectable()
export class TakeawaysRepository {
  constructor(private readonly db: DataSource) {}

  /** Sessions (all, or the given ones) having at least one embedded document, in programme order. */
  async sessionsWithContent(sessionIds: string[] | null): Promise<SessionWithContent[]> {
    return this.db.query(
      `SELECT s.id, s.title, string_agg(d.id::text || ':' || d.version, ',' ORDER BY d.id) AS signature
         FROM sessions s
         JOIN documents d ON d.session_id = s.id AND d.status = 'embedded'
        WHERE ($1::uuid[] IS NULL OR s.id = ANY($1::uuid[]))
        GROUP BY s.id
        ORDER BY min(s.day) NULLS LAST, min(s.date) NULLS LAST, s.title`,
      [sessionIds],
    );
  }

  async findCached(key: string): Promise<CachedTakeaways | undefined> {
    const rows: CachedTakeaways[] = await this.db.query(`SELECT takeaways, sources FROM takeaway_cache WHERE cache_key = $1`, [key]);
    return rows[0];
  }

  async store(key: string, sessionIds: string[], model: string, value: CachedTakeaways): Promise<void> {
    await this.db.query(
      `INSERT INTO takeaway_cache (cache_key, session_ids, takeaways, sources, model)
       VALUES ($1, $2::uuid[], $3::jsonb, $4::jsonb, $5)
       ON CONFLICT (cache_key) DO UPDATE
         SET takeaways = EXCLUDED.takeaways, sources = EXCLUDED.sources, created_at = now()`,
      [key, sessionIds, JSON.stringify(value.takeaways), JSON.stringify(value.sources), model],
    );
  }
}
