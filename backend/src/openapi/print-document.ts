import 'reflect-metadata';
import os from 'node:os';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { openApiDocument } from './api-docs';

/**
 * Prints the OpenAPI document on stdout (`npm run openapi` writes it to docs/openapi.json).
 * Nest's preview mode reads the modules and controllers without running any provider: no database,
 * no Redis, no port.
 */
async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir: os.tmpdir() });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false, abortOnError: false });
  const document = await openApiDocument(app);
  process.stdout.write(JSON.stringify(document, null, 2) + '\n', () => process.exit(0));
}

void main();
