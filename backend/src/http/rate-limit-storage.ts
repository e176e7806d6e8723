import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { AppConfig } from '../config/app-config';

/** How long a counter update may wait for Redis before this process counts in memory instead. */
const REDIS_TIMEOUT_MS = 1_000;
const WARN_EVERY_MS = 60_000;

/**
 * Rate-limit counters in Redis (@nest-lab/throttler-storage-redis), shared by every API process so
 * two processes behind one address enforce one limit and a restart forgets nothing. When Redis does
 * not answer, this process counts in its own memory until Redis is back (each process then enforces
 * the limit on its own: limits loosen, sign-ins keep working) and says so in the log.
 */
export class SharedRateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new ThrottlerStorageService();
  private lastWarning = 0;

  constructor(readonly redis: ThrottlerStorageRedisService) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.redis.increment(key, ttl, limit, blockDuration, throttlerName),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), REDIS_TIMEOUT_MS))),
      ]);
    } catch (err) {
      if (Date.now() - this.lastWarning > WARN_EVERY_MS) {
        this.lastWarning = Date.now();
        this.logger.warn(
          `Redis unavailable for rate-limit counters (${(err as Error).message}): counting in this process until it is back`,
        );
      }
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    this.redis.redis.disconnect(false);
    this.local.onApplicationShutdown();
  }
}

/**
 * Where rate-limit counters live: Redis when REDIS_URL is set (keys under `<QUEUE_PREFIX>:throttle:`),
 * else the process's memory (undefined: @nestjs/throttler's own in-memory storage).
 */
export function rateLimitStorage(config: AppConfig): ThrottlerStorage | undefined {
  if (!config.redisUrl) return undefined;
  // Loaded only when used: the embedded default does not pay for the Redis client at start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require (an import() would be an async start)
  const redisStorage = require('@nest-lab/throttler-storage-redis') as typeof import('@nest-lab/throttler-storage-redis');
  const { ThrottlerStorageRedisService: RedisStorage } = redisStorage;
  return new SharedRateLimitStorage(
    new RedisStorage(config.redisUrl, {
      keyPrefix: `${config.queuePrefix}:throttle:`,
      // Fail at once while disconnected (the counters fall back to memory) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    }),
  );
}
