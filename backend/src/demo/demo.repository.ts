import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** What the app_meta row `demo_seed` holds. */
export type DemoSeedState =
  | { state: 'skipped'; reason: string; at: string }
  | { state: 'sessions-seeded'; sessions: Record<string, string>; at: string }
  | { state: 'seeded'; sessions: Record<string, string>; at: string; documentsAt: string };

const KEY = 'demo_seed';

@Injectable()
export class DemoRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Writes the marker if there is none yet and says whether this call wrote it. Concurrent starts
   * wait on the primary key, so exactly one of them seeds.
   */
  async claim(m: EntityManager, value: DemoSeedState): Promise<boolean> {
    const rows = await m.query(`INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`, [
      KEY,
      JSON.stringify(value),
    ]);
    return rows.length > 0;
  }

  async read(): Promise<DemoSeedState | undefined> {
    const [row] = await this.db.query(`SELECT value FROM app_meta WHERE key = $1`, [KEY]);
    return row?.value;
  }

  async write(value: DemoSeedState, m?: EntityManager): Promise<void> {
    await (m ?? this.db).query(
      `INSERT INTO app_meta (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [KEY, JSON.stringify(value)],
    );
  }
}
