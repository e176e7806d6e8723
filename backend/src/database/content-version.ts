import { performance } from 'node:perf_hooks';
import { Injectable } from '@nestjs/common';
import { type AfterQueryEvent, DataSource, type EntityManager, type EntitySubscriberInterface } from 'typeorm';
import { CoalescedRead } from '../common/coalesced-read';
import { AppConfig } from '../config/app-config';

/**
 * The counter every change of sessions or of documents' listed fields bumps (migration
 * 1735000016500-content-version), committed with the change: anything read after the same value is
 * current. The session list and shared search results are kept per value.
 */
export async function readContentVersion(db: DataSource | EntityManager): Promise<string> {
  const [{ version }]: { version: string }[] = await db.query(`SELECT version::text AS version FROM content_version WHERE id = 1`);
  return version;
}

/** Statements that change no row by themselves. */
const READS_ONLY = /^\s*(SELECT|SHOW|SET|RESET|BEGIN|START\s+TRANSACTION|SAVEPOINT|RELEASE|ROLLBACK)\b/i;
/** The end of a transaction: its writes become visible to every other reader. */
const COMMIT = /^\s*COMMIT\b/i;
const ROLLBACK = /^\s*ROLLBACK\s*$/i;

/**
 * How long the embedded database's version, once read, is trusted while this process writes nothing
 * (a safety net only: every change of the embedded database passes through this process).
 */
export const EMBEDDED_VERSION_RECHECK_MS = 1000;

/**
 * The content version as a read made now would see it, for the caches kept per version (the session
 * list, the program).
 *
 * On a PostgreSQL server other processes (API processes, ingestion workers) change sessions and
 * documents, so every caller reads it (callers arriving together share one read, `CoalescedRead`).
 * The embedded database belongs to this process (its port is this process's own), so every change
 * passes through this data source: a value read stays current until this process runs a statement
 * that may write, which forgets it when the statement (or its COMMIT) has run. A read that overlapped
 * such a statement is used by its caller but not kept. Same answers as a read per request, without the
 * round trip to the database's thread on every GET /api/sessions.
 */
@Injectable()
export class ContentVersionWatch implements EntitySubscriberInterface {
  private readonly read: CoalescedRead<string>;
  /** Only the embedded database's changes all pass through this process. */
  private readonly writesOnlyHere: boolean;
  private known: { value: string; at: number } | null = null;
  /** Counts this process's statements that may have written (a read begun before one is not kept). */
  private writes = 0;
  private readonly statements = new WriteStatements();

  constructor(dataSource: DataSource, config: AppConfig) {
    this.read = new CoalescedRead(() => readContentVersion(dataSource));
    this.writesOnlyHere = !config.databaseUrl;
    if (this.writesOnlyHere) dataSource.subscribers.push(this);
  }

  /** The current content version. */
  async current(): Promise<string> {
    if (!this.writesOnlyHere) return this.read.get();
    const asked = performance.now();
    if (this.known && asked - this.known.at < EMBEDDED_VERSION_RECHECK_MS) return this.known.value;
    const writes = this.writes;
    const value = await this.read.get();
    if (writes === this.writes) this.known = { value, at: asked };
    return value;
  }

  /** TypeORM calls this after every statement of this data source, whether it succeeded or not. */
  afterQuery(event: AfterQueryEvent<unknown>): void {
    if (!this.statements.mayHaveChanged(event.query, event.queryRunner)) return;
    this.writes++;
    this.known = null;
  }
}

/**
 * Tells which statements may have changed what other connections read: any statement that may write
 * outside a transaction; in a transaction, its COMMIT once it ran one (the change is visible from then
 * on; the statement itself is counted too, which costs only a read). A transaction that only read (the
 * list's own snapshot) changes nothing, nor does a rolled-back one.
 */
export class WriteStatements {
  /** Connections whose open transaction ran a statement that may write. */
  private readonly dirty = new WeakSet<object>();

  mayHaveChanged(statement: string, connection: { isTransactionActive: boolean }): boolean {
    if (COMMIT.test(statement)) return this.dirty.delete(connection);
    if (READS_ONLY.test(statement)) {
      if (ROLLBACK.test(statement)) this.dirty.delete(connection);
      return false;
    }
    if (connection.isTransactionActive) this.dirty.add(connection);
    return true;
  }
}
