import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express from 'express';
import { AppModule } from './app.module';
import { securityHeaders } from './common/security-headers';
import { CleanTextPipe } from './common/clean-text.pipe';
import { MaskingLogger } from './common/masking-logger';
import { HttpExceptionFilter, toHttpError } from './common/http-exception.filter';
import { validationExceptionFactory } from './common/validation';
import { AppConfig } from './config/app-config';
import { serveApiDocs } from './openapi/api-docs';
import { staticWeb } from './web/static-web';

/** Largest JSON body anywhere but the session import. */
export const JSON_BODY_LIMIT = '100kb';
export const IMPORT_SESSIONS_PATH = '/api/superadmin/import-sessions';

/** Builds the HTTP application (used by `main.ts` and by the end-to-end tests). */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new MaskingLogger(config.nodeEnv === 'test' ? ['error'] : ['log', 'warn', 'error']),
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  // JSON bodies: 100 KB, except the super admin's session import (a whole conference as JSON).
  // The first parser that reads a body marks it read, so the import route never meets the small limit.
  app.use(IMPORT_SESSIONS_PATH, express.json({ limit: '20mb' }));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  // Body-parser failures (malformed JSON, too large) answer as every other API error does.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const { status, message } = toHttpError(err);
    res.status(status).json({ message });
  });
  app.use(cookieParser());
  app.use(staticWeb(config.webRoot));
  app.useGlobalPipes(
    new CleanTextPipe(),
    new ValidationPipe({
      transform: true,
      whitelist: true,
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  await serveApiDocs(app);
  app.enableShutdownHooks();
  return app;
}
