import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { isConnectionError, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from './connection-errors';

/**
 * Every API error leaves as JSON `{message}` with its status; never a stack trace. A lost connection
 * to the database, Redis or the object store is a 503 with Retry-After (the outage is brief), not a 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message } = toHttpError(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE && isConnectionError(exception)) {
      this.logger.warn(`a backing service is unreachable: ${(exception as Error).message}`);
    } else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !res.getHeader('Retry-After')) {
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    res.status(status).json({ message });
  }
}

export function toHttpError(exception: unknown): { status: number; message: string } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    let message: unknown = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    if (Array.isArray(message)) message = message[0];
    return { status, message: typeof message === 'string' && message ? message : exception.message };
  }
  const err = exception as { type?: string; status?: number; statusCode?: number; message?: string };
  // body-parser errors (malformed JSON, payload too large) carry their own status.
  if (err?.type === 'entity.parse.failed') return { status: 400, message: 'The request body is not valid JSON.' };
  if (err?.type === 'entity.too.large') return { status: 413, message: 'The request body is too large.' };
  if (isConnectionError(exception)) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: UNAVAILABLE_MESSAGE };
  const status = err?.status ?? err?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && err.message) {
    return { status, message: err.message };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong on our side. Please try again.' };
}
