import type { DataSource, EntityManager } from 'typeorm';

/**
 * The counter every change of sessions or of documents' listed fields bumps (migration
 * 1735000016500-content-version), committed with the change: anything read after the same value is
 * current. The session list and shared search results are kept per value.
 */
export async function readContentVersion(db: DataSource | EntityManager): Promise<string> {
  const [{ version }]: { version: string }[] = await db.query(`SELECT version::text AS version FROM content_version WHERE id = 1`);
  return version;
}
