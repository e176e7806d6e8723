import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { migrationContext } from './migration-context';
import { runMigrationsLocked } from './migration-lock';
import { migrations } from './migrations';
import { startupOptions } from './session-settings';

const POOL_SIZE = 10;
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
      useFactory: (config: AppConfig) => (config.databaseUrl ? null : startEmbeddedPostgres(config.pgliteDir, POOL_SIZE + 2)),
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
            max: POOL_SIZE,
            // Search settings of every session (session-settings.ts); the embedded database sets them itself.
            options: startupOptions(),
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
  providers: [EmbeddedDatabaseCloser],
})
export class DatabaseModule {}
