import { Logger } from '@nestjs/common';
import { DataSource, MigrationExecutor } from 'typeorm';

/** The advisory lock key of schema migrations ('conference-assistant migrations', as a 63-bit number). */
export const MIGRATION_LOCK_KEY = '7305521198320119101';

/**
 * Runs the pending migrations under a PostgreSQL advisory lock, so any number of processes can
 * start at once against one database (empty or not): the first migrates, the others wait for it,
 * then find nothing left to do. Everything happens in ONE transaction on one connection that first
 * takes `pg_advisory_xact_lock`: the lock is released by the commit (or the rollback, or the
 * connection dying with its process), and the list of executed migrations is read after the lock
 * is held. On the embedded database the same transaction also holds the server's turn, which
 * serialises the processes it serves the same way.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const logger = new Logger('Migrations');
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const waited = Date.now();
    await runner.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const waitedMs = Date.now() - waited;
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'none'; // the surrounding transaction holds them all
    const done = await executor.executePendingMigrations();
    await runner.commitTransaction();
    if (done.length) {
      logger.log(`ran ${done.length} migration(s) under the advisory lock (waited ${waitedMs} ms for it)`);
    }
    return done.map((m) => m.name);
  } catch (err) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw err;
  } finally {
    await runner.release();
  }
}
