import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { loadConfig } from '../config/app-config';
import { rateLimitStorage, SharedRateLimitStorage } from './rate-limit-storage';

describe(SharedRateLimitStorage.name, () => {
  it('is used only with REDIS_URL (memory otherwise)', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', ...env }, { dataDir: '/tmp', sessionSecret: 'x'.repeat(32) });
    expect(rateLimitStorage(config({}))).toBeUndefined();
    const sut = rateLimitStorage(config({ REDIS_URL: 'redis://127.0.0.1:9' })) as SharedRateLimitStorage;
    expect(sut).toBeInstanceOf(SharedRateLimitStorage);
    sut.onApplicationShutdown();
  });

  it('keeps counting, in memory, while Redis does not answer: the limit still holds in this process', async () => {
    const sut = new SharedRateLimitStorage(
      new ThrottlerStorageRedisService('redis://127.0.0.1:9', { enableOfflineQueue: false, maxRetriesPerRequest: 1 }),
    );
    try {
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await sut.increment('k', 60_000, 3, 60_000, 'login-email'));
      expect(hits.map((h) => h.totalHits)).toEqual([1, 2, 3, 4]);
      expect(hits.map((h) => h.isBlocked)).toEqual([false, false, false, true]);
    } finally {
      sut.onApplicationShutdown();
    }
  });
});
