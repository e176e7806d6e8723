import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MaskingLogger } from './logging/masking-logger';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { WorkerModule } from './worker.module';

/** Why this configuration cannot run a separate worker, or null when it can. */
export function workerRefusal(config: AppConfig): string | null {
  const missing = [!config.databaseUrl && 'DATABASE_URL', !config.redisUrl && 'REDIS_URL'].filter(Boolean);
  if (!missing.length) return null;
  return (
    `The ingestion worker needs ${missing.join(' and ')}: it shares the PostgreSQL database (DATABASE_URL) and ` +
    'the Redis queue (REDIS_URL) with the API server. Without them, start only the API server (npm start): ' +
    'it processes uploaded documents itself.'
  );
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Invalid setting: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const refusal = workerRefusal(config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new MaskingLogger(['log', 'warn', 'error']),
  });
  app.enableShutdownHooks();
  new Logger('Worker').log(`Ingestion worker ready (concurrency ${config.ingestConcurrency}, queue prefix "${config.queuePrefix}")`);
}

if (require.main === module) void main();
