import { BeforeApplicationShutdown, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import { SharedRateLimitStorage } from '../http/rate-limit-storage';
import { DataSource } from 'typeorm';
import { HEALTH_MESSAGES } from './dto/health.messages';
import type { ReadyResponse } from './dto/health.response';

const CHECK_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness for process managers and load balancers (docs/DEPLOY.md). Ready means:
 * not shutting down, the database answers, and Redis answers when REDIS_URL is set. From the
 * moment a shutdown begins (SIGTERM) the process reports not ready, so the proxy stops sending it
 * new requests while it finishes the streams it is serving.
 */
@Injectable()
export class HealthService implements BeforeApplicationShutdown {
  private draining = false;

  constructor(
    private readonly db: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {}

  beforeApplicationShutdown(): void {
    this.draining = true;
  }

  async ready(): Promise<ReadyResponse> {
    if (this.draining) throw new ServiceUnavailableException(HEALTH_MESSAGES.draining);
    try {
      await withTimeout(this.db.query('SELECT 1'));
    } catch {
      throw new ServiceUnavailableException(HEALTH_MESSAGES.database);
    }
    const storage = this.moduleRef.get(ThrottlerStorage, { strict: false });
    if (!(storage instanceof SharedRateLimitStorage)) return { status: 'ready', database: 'ok', redis: 'not used' };
    try {
      await withTimeout(storage.redis.redis.ping());
    } catch {
      throw new ServiceUnavailableException(HEALTH_MESSAGES.redis);
    }
    return { status: 'ready', database: 'ok', redis: 'ok' };
  }
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
