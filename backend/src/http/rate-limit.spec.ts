import { loadConfig } from '../config/app-config';
import { emailOf, RATE_LIMIT_MESSAGE, rateLimitOptions } from './rate-limit';

// A fixed secret keeps loadConfig from writing one into a data directory.
const config = (env: Record<string, string> = {}) => loadConfig(env, { dataDir: '/nonexistent', sessionSecret: 'x'.repeat(32) });

describe(rateLimitOptions.name, () => {
  it('limits logins to 10 a minute per email and client address, 30 per email, 300 per IP by default', () => {
    const c = config();
    expect(c.loginLimitPerEmail).toBe(10);
    expect(c.loginLimitPerIp).toBe(300);
    const sut = rateLimitOptions(c) as { throttlers: { name: string; limit: number; ttl: number }[]; errorMessage: string };
    const byName = Object.fromEntries(sut.throttlers.map((t) => [t.name, t]));
    expect(byName['login-email-ip']).toMatchObject({ limit: 10, ttl: 60_000 });
    expect(byName['login-email']).toMatchObject({ limit: 30, ttl: 60_000 });
    expect(byName['login-ip']).toMatchObject({ limit: 300, ttl: 60_000 });
    expect(sut.errorMessage).toBe(RATE_LIMIT_MESSAGE);
  });

  it('takes the limits from LOGIN_LIMIT_PER_EMAIL and LOGIN_LIMIT_PER_IP', () => {
    const sut = rateLimitOptions(config({ LOGIN_LIMIT_PER_EMAIL: '3', LOGIN_LIMIT_PER_IP: '50' })) as {
      throttlers: { name: string; limit: number }[];
    };
    expect(sut.throttlers.find((t) => t.name === 'login-email-ip')?.limit).toBe(3);
    expect(sut.throttlers.find((t) => t.name === 'login-ip')?.limit).toBe(50);
  });

  it('has per-user and generous per-IP limits for chat, takeaways and search, and mail quotas', () => {
    const sut = rateLimitOptions(config()) as { throttlers: { name: string; limit: number; ttl: number }[] };
    const byName = Object.fromEntries(sut.throttlers.map((t) => [t.name, { limit: t.limit, ttl: t.ttl }]));
    expect(byName).toMatchObject({
      'chat-user': { limit: 30, ttl: 60_000 },
      'chat-ip': { limit: 600, ttl: 60_000 },
      'takeaways-user': { limit: 10, ttl: 60_000 },
      'takeaways-ip': { limit: 300, ttl: 60_000 },
      'search-user': { limit: 60, ttl: 60_000 },
      'search-ip': { limit: 1200, ttl: 60_000 },
      'email-user': { limit: 10, ttl: 60_000 },
      'email-user-day': { limit: 50, ttl: 24 * 3600_000 },
      'email-ip': { limit: 60, ttl: 60_000 },
      'email-global': { limit: 500, ttl: 3600_000 },
    });
  });

  it('refuses a limit that is not a positive whole number, naming the setting', () => {
    expect(() => config({ LOGIN_LIMIT_PER_EMAIL: '0' })).toThrow(/LOGIN_LIMIT_PER_EMAIL/);
    expect(() => config({ LOGIN_LIMIT_PER_IP: 'lots' })).toThrow(/LOGIN_LIMIT_PER_IP/);
  });
});

describe(emailOf.name, () => {
  it('counts one address however it is typed, and nothing for a body without one', () => {
    expect(emailOf({ body: { email: ' Ann@Example.COM ' } })).toBe('ann@example.com');
    expect(emailOf({ body: { email: 42 } })).toBe('');
    expect(emailOf({ body: undefined })).toBe('');
  });
});
