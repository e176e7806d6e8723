import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';

/**
 * Where rate-limit counters live: in Redis when REDIS_URL is set, so every API process counts
 * against one limit and a restart forgets nothing (keys under `<QUEUE_PREFIX>:throttle:`); in the
 * process's memory otherwise (undefined: @nestjs/throttler's own in-memory storage).
 */
export function rateLimitStorage(config: AppConfig): ThrottlerStorage | undefined {
  if (!config.redisUrl) return undefined;
  return new ThrottlerStorageRedisService(config.redisUrl, {
    keyPrefix: `${config.queuePrefix}:throttle:`,
    // A request fails fast (the guard answers an error) instead of waiting for a lost Redis.
    maxRetriesPerRequest: 2,
    lazyConnect: false,
  });
}
