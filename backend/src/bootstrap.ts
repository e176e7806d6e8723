import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import cookieParser from 'cookie-parser';
import express from 'express';
import { AppModule } from './app.module';
import { checkAccess } from './auth/access.guard';
import { AuthService } from './auth/auth.service';
import { sessionTokenOf } from './auth/session-cookie';
import { securityHeaders } from './http/security-headers';
import { CleanTextPipe } from './http/clean-text.pipe';
import { MaskingLogger } from './logging/masking-logger';
import { HttpExceptionFilter, toHttpError } from './http/http-exception.filter';
import { validationExceptionFactory } from './http/validation';
import { AppConfig } from './config/app-config';
import { serveApiDocs } from './openapi/api-docs';
import { staticWeb } from './web/static-web';

/**
 * How long an idle keep-alive connection stays open. A reverse proxy reuses its idle connections to the API
 * processes (docker/Caddyfile keeps them 60 s; load balancers 60 s and more): Node's default of 5 s closes them
 * first, and a request the proxy writes into a connection the app has just closed fails with a reset (a 502 for
 * the attendee), which the conference-day benchmark met under load. Longer than the proxy's, so the proxy closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/** Largest JSON body anywhere but the session import. */
export const JSON_BODY_LIMIT = '100kb';
export const IMPORT_SESSIONS_PATH = '/api/superadmin/import-sessions';
/** Largest JSON body of the session import (a whole conference), read only for a super admin. */
export const IMPORT_BODY_LIMIT = '20mb';

/** Whether a request path is the session import's, however it is spelt (case, repeated or trailing slashes). */
export function isImportPath(path: string): boolean {
  return (
    path
      .toLowerCase()
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/$/, '$1') === IMPORT_SESSIONS_PATH
  );
}

/** Raw program files the import takes as they are (flags in the query string: ?dryRun=true&mode=upsert). */
const RAW_IMPORT_TYPES: Record<string, 'xml' | 'ics' | 'csv' | 'xlsx'> = {
  'text/xml': 'xml',
  'application/xml': 'xml',
  'text/calendar': 'ics',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** A raw file body as the JSON wrapper the import reads (`{xml}`, `{ics}`, `{csv}`, `{xlsx: base64}`); its flags stay in the query string. */
export function wrapRawImport(req: express.Request): void {
  const body: unknown = req.body;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const key = RAW_IMPORT_TYPES[type];
  if (!key) return;
  req.body = { [key]: Buffer.isBuffer(body) ? body.toString('base64') : body };
}

/** The import's body parsers in turn: JSON, then raw text files, then an XLSX workbook. */
function importParsers(): express.RequestHandler {
  const textTypes = Object.keys(RAW_IMPORT_TYPES).filter((t) => RAW_IMPORT_TYPES[t] !== 'xlsx');
  const parsers = [
    express.json({ limit: IMPORT_BODY_LIMIT }),
    express.text({ type: textTypes, limit: IMPORT_BODY_LIMIT }),
    express.raw({ type: Object.keys(RAW_IMPORT_TYPES).filter((t) => RAW_IMPORT_TYPES[t] === 'xlsx'), limit: IMPORT_BODY_LIMIT }),
  ];
  return (req, res, next) => {
    const run = (i: number): void => {
      if (i === parsers.length) {
        wrapRawImport(req);
        return next();
      }
      parsers[i](req, res, (err?: unknown) => (err ? next(err) : run(i + 1)));
    };
    run(0);
  };
}

/**
 * The session import's large body is read only once the cookie shows a super admin session: anyone
 * else is answered 401/403 `{message}` (as the guard would) before a byte of the body is parsed, so an
 * anonymous 20 MB body costs no parsing and no memory.
 */
function importBodyGate(auth: AuthService): express.RequestHandler {
  const large = importParsers();
  return (req, res, next) => {
    if (!isImportPath(req.path)) return next();
    auth.resolve(sessionTokenOf(req.cookies)).then(
      (user) => {
        try {
          checkAccess({ isPublic: false, requestPath: IMPORT_SESSIONS_PATH, user: user ?? undefined });
        } catch (err) {
          const { status, message } = toHttpError(err);
          // The unread body is discarded by Node as it arrives, never buffered or parsed.
          res.status(status).json({ message });
          return;
        }
        large(req, res, next);
      },
      (err: unknown) => next(err),
    );
  };
}

/** Builds the HTTP application (used by `main.ts` and by the end-to-end tests). */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new MaskingLogger(config.nodeEnv === 'test' ? ['error'] : ['log', 'warn', 'error']),
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  app.use(cookieParser());
  // JSON bodies: 100 KB, except the super admin's session import (a whole conference as JSON), read
  // only after the session cookie showed a super admin. The first parser that reads a body marks it
  // read, so the import route never meets the small limit.
  app.use(importBodyGate(app.get(AuthService)));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  // Body-parser failures (malformed JSON, too large) answer as every other API error does.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const { status, message } = toHttpError(err);
    res.status(status).json({ message });
  });
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
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The headers of a request on a kept connection may start only after the idle time: give them longer.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  // Once a shutdown has begun (the server no longer listens), a connection is closed as soon as its response is
  // done: a kept-alive one would otherwise hold the exit for KEEP_ALIVE_TIMEOUT_MS, past the grace period.
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (!server.listening) setImmediate(() => server.closeIdleConnections());
    });
  });
  return app;
}
