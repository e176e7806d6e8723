import express from 'express';
import request from 'supertest';
import { loadConfig } from '../config/app-config';
import { securityHeaders } from './security-headers';

const config = (env: Record<string, string>) => loadConfig(env, { dataDir: '/nonexistent', sessionSecret: 'x'.repeat(32) });

function appWith(env: Record<string, string>) {
  const app = express();
  app.use(securityHeaders(config(env)));
  app.get('/', (_req, res) => res.send('ok'));
  return app;
}

describe(securityHeaders.name, () => {
  it('in production: HSTS for a year and upgrade-insecure-requests', async () => {
    const res = await request(appWith({ NODE_ENV: 'production' }))
      .get('/')
      .expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('elsewhere: no HSTS (plain-HTTP installs keep working), the same CSP otherwise', async () => {
    const res = await request(appWith({})).get('/').expect(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
        "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
