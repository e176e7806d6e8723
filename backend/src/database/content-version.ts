import { performance } from 'node:perf_hooks';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { type AfterQueryEvent, DataSource, type EntityManager, type EntitySubscriberInterface } from 'typeorm';
import { CoalescedRead } from './coalesced-read';
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
/** A statement of common table expressions that holds no data-modifying one: a read. */
const WITH_STATEMENT = /^\s*WITH\b/i;
const DATA_MODIFYING = /\b(?:INSERT|UPDATE|DELETE|MERGE)\b/i;
/**
 * The tables whose changes bump the content version (the triggers of migration 1735000016500; a
 * session's deletion reaches its documents by cascade, from a statement that names `sessions`). A
 * statement naming none of them (a chat message, a usage or activity row) leaves the version as it was.
 */
const VERSIONED_TABLES = /\b(?:sessions|documents|content_version)\b/i;

/**
 * How long a version, once read, is trusted while this process writes nothing and no notification
 * arrives (a safety net only: every change reaches this process as its own statement or, on a server,
 * as a notification).
 */
export const VERSION_RECHECK_MS = 1000;

/**
 * The channel `bump_content_version()` notifies on with every bump (migration
 * 1735000027000-content-version-notify), delivered to listeners when the change commits.
 */
export const CONTENT_VERSION_CHANNEL = 'content_version';

/** Pause before the listener connects again after losing its connection. */
const LISTEN_RETRY_MS = 1000;

/**
 * The content version as a read made now would see it, for the caches kept per version (the session
 * list, the program, repeated searches).
 *
 * A value read stays current until a change commits. This process's own changes pass through its data
 * source: a statement that may write (or its COMMIT) forgets the value when it has run. The embedded
 * database belongs to this process (its port is this process's own), so nothing else changes it. On a
 * PostgreSQL server other processes (API processes, ingestion workers) change sessions and documents
 * too: one connection of this process listens on `CONTENT_VERSION_CHANNEL`, and every notification
 * forgets the value, so another process's change shows as soon as its notification arrives
 * (milliseconds after its commit). While that connection is not listening (starting, lost, reconnecting)
 * every caller reads the version (callers arriving together share one read, `CoalescedRead`), as
 * before. A read that overlapped a change is used by its caller but not kept; any value is read again
 * after `VERSION_RECHECK_MS` anyway.
 */
@Injectable()
export class ContentVersionWatch implements EntitySubscriberInterface, OnModuleDestroy {
  private readonly read: CoalescedRead<string>;
  /** On a PostgreSQL server: other processes' changes, as notifications. */
  private readonly listener: VersionListener | null;
  private known: { value: string; at: number } | null = null;
  /** Counts the changes seen (statements that may have written, notifications): a read begun before one is not kept. */
  private changes = 0;
  private readonly statements = new WriteStatements();

  constructor(dataSource: DataSource, config: AppConfig) {
    this.read = new CoalescedRead(() => readContentVersion(dataSource));
    dataSource.subscribers.push(this);
    this.listener = config.databaseUrl ? new VersionListener(config.databaseUrl, () => this.forget()) : null;
  }

  /** The current content version. */
  async current(): Promise<string> {
    if (!this.followsChanges) return this.read.get();
    const asked = performance.now();
    if (this.known && asked - this.known.at < VERSION_RECHECK_MS) return this.known.value;
    const changes = this.changes;
    const value = await this.read.get();
    if (changes === this.changes) this.known = { value, at: asked };
    return value;
  }

  /**
   * Whether every change reaches this process now: always on the embedded database (nothing else
   * writes to it); on a server while its listener listens (it starts listening when first asked).
   */
  get followsChanges(): boolean {
    return !this.listener || this.listener.listening();
  }

  /** TypeORM calls this after every statement of this data source, whether it succeeded or not. */
  afterQuery(event: AfterQueryEvent<unknown>): void {
    if (this.statements.mayHaveChanged(event.query, event.queryRunner)) this.forget();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.stop();
  }

  private forget(): void {
    this.changes++;
    this.known = null;
  }
}

/**
 * A connection of its own (outside the pool) that LISTENs on `CONTENT_VERSION_CHANNEL`, started at
 * the first `listening()` call and connected again after a loss. `onChange` runs for every
 * notification, and when the connection is lost or listens again (notifications may have been missed).
 */
export class VersionListener {
  private readonly logger = new Logger('ContentVersionWatch');
  private client: Client | null = null;
  private ready = false;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly onChange: () => void,
  ) {}

  /** Whether notifications arrive now; starts listening when it does not yet. */
  listening(): boolean {
    if (!this.client && !this.retry && !this.stopped) void this.connect();
    return this.ready;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.ready = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    this.client = client;
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.ready = false;
      this.onChange();
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      if (err)
        this.logger.warn(`content version notifications lost (${err.message}); reading the version per request until listening again`);
      this.retry = setTimeout(() => {
        this.retry = undefined;
        if (!this.stopped && !this.client) void this.connect();
      }, LISTEN_RETRY_MS);
      this.retry.unref();
    };
    client.on('notification', () => this.onChange());
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_VERSION_CHANNEL}`);
      if (this.client !== client) return;
      this.onChange();
      this.ready = true;
    } catch (err) {
      lost(err as Error);
    }
  }
}

/**
 * Tells which statements may have changed the content version as other connections read it: a
 * statement that may write and names a table whose changes bump it (`VERSIONED_TABLES`), outside a
 * transaction; in a transaction, its COMMIT once it ran one (the change is visible from then on; the
 * statement itself is counted too, which costs only a read). A transaction that only read (the list's
 * own snapshot, a search) or wrote other tables changes nothing, nor does a rolled-back one.
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
    if (WITH_STATEMENT.test(statement) && !DATA_MODIFYING.test(statement)) return false;
    if (!VERSIONED_TABLES.test(statement)) return false;
    if (connection.isTransactionActive) this.dirty.add(connection);
    return true;
  }
}
