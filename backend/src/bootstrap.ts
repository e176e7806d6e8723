import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express from 'express';
import { AppModule } from './app.module';
import { HttpExceptionFilter, toHttpError } from './common/http-exception.filter';
import { validationExceptionFactory } from './common/validation';
import { AppConfig } from './config/app-config';
import { staticWeb } from './web/static-web';

/** Builds the HTTP application (used by `main.ts` and by the end-to-end tests). */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: config.nodeEnv === 'test' ? ['error'] : ['log', 'warn', 'error'],
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(express.json({ limit: '20mb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  // Body-parser failures (malformed JSON, too large) answer as every other API error does.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const { status, message } = toHttpError(err);
    res.status(status).json({ message });
  });
  app.use(cookieParser());
  app.use(staticWeb(config.webRoot));
  app.useGlobalPipes(
    new ValidationPipe({
      transform: true,
      whitelist: true,
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
