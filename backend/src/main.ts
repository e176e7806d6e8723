import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { ConfigError, loadConfig } from './config/app-config';

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Invalid setting: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  await app.listen(config.port);
  new Logger('Main').log(
    `Conference Assistant listening on ${config.appUrl} (port ${config.port}, ${config.databaseUrl ? 'PostgreSQL server' : 'embedded database'}, ready in ${Date.now() - started} ms)`,
  );
}

void main();
