import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ContentVersionWatch } from './content-version';
import { DeferredWrites } from './deferred-writes';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { migrationContext } from './migration-context';
import { runMigrationsLocked } from './migration-lock';
import { migrations } from './migrations';
import { efSearchOf, sessionSettings, startupOptions } from './session-settings';

/** The embedded database executes one statement at a time: more connections only queue there. */
export const EMBEDDED_POOL_SIZE = 10;
/**
 * Connections of one process to a PostgreSQL server unless DB_POOL_SIZE says otherwise. A search
 * keeps a server core busy for its whole statement, so statements running at once beyond about twice
 * the server's cores only share those cores and all finish later: measured on a 2-core server with a
 * burst of 50 questions, 4 connections gave the searches a third of the time 10 did, and 20 were
 * slower still (bench/RESULTS.md). The right size is about 2 × the server's cores ÷ the processes
 * sharing it, which the application cannot know: 10 suits a 4-8 core server with one or two API
 * processes and a worker, and stays far under PostgreSQL's default `max_connections` (100).
 */
export const DEFAULT_SERVER_POOL_SIZE = 10;

export function poolSizeOf(config: Pick<AppConfig, 'databaseUrl' | 'dbPoolSize'>): number {
  return config.dbPoolSize ?? (config.databaseUrl ? DEFAULT_SERVER_POOL_SIZE : EMBEDDED_POOL_SIZE);
}
const EMBEDDED = Symbol('EMBEDDED_DATABASE');

/** Stops the embedded server after TypeORM has closed its pool. */
@Injectable()
class EmbeddedDatabaseCloser implements OnApplicationShutdown {
  constructor(
    @Inject(EMBEDDED) private readonly embedded: EmbeddedDatabase | null,
    private readonly dataSource: DataSource,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.embedded?.stop();
  }
}

/**
 * The one data source. Without DATABASE_URL an embedded PostgreSQL (PGlite + pgvector) is started
 * and reached over the wire protocol, so both modes run the same driver, SQL and migrations.
 */
@Module({
  providers: [
    {
      provide: EMBEDDED,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.databaseUrl ? null : startEmbeddedPostgres(config.pgliteDir, poolSizeOf(config) + 2, sessionSettings(efSearchOf(config))),
    },
  ],
  exports: [EMBEDDED],
})
class EmbeddedDatabaseModule {}

@Global()
@Module({
  imports: [
    EmbeddedDatabaseModule,
    TypeOrmModule.forRootAsync({
      imports: [EmbeddedDatabaseModule],
      inject: [AppConfig, EMBEDDED],
      useFactory: (config: AppConfig, embedded: EmbeddedDatabase | null) => {
        migrationContext.embeddingDim = config.embeddingDim;
        return {
          type: 'postgres' as const,
          url: config.databaseUrl ?? embedded!.url,
          entities: [],
          migrations,
          // Run by dataSourceFactory below, under an advisory lock (several processes may start at once).
          migrationsRun: false,
          synchronize: false,
          logging: ['error' as const],
          // Bounded waits: for a pooled connection, and for any one statement (settings).
          extra: {
            max: poolSizeOf(config),
            // Search settings of every session (session-settings.ts); the embedded database sets them itself.
            options: startupOptions(sessionSettings(efSearchOf(config))),
            connectionTimeoutMillis: config.dbConnectionTimeoutMs,
            statement_timeout: config.dbStatementTimeoutMs || undefined,
          },
        };
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await runMigrationsLocked(dataSource);
        } catch (err) {
          await dataSource.destroy().catch(() => undefined);
          throw err;
        }
        return dataSource;
      },
    }),
  ],
  providers: [EmbeddedDatabaseCloser, ContentVersionWatch, DeferredWrites],
  exports: [ContentVersionWatch, DeferredWrites],
})
export class DatabaseModule {}
