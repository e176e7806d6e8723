import request from 'supertest';
import { HEALTH_MESSAGES } from '../src/health/dto/health.messages';
import { HealthService } from '../src/health/health.service';
import { startTestApp, TestApp } from './utils/test-app';

describe('GET /api/health and /api/ready (liveness and readiness)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness without a session', async () => {
    await request(t.url).get('/api/health').expect(200, { status: 'ok' });
  });

  // The server job (npm run test:server) gives every test app Redis; the embedded default has none.
  const redis = process.env.SERVER_TEST_REDIS_URL ? 'ok' : 'not used';
  it(`is ready when the database answers (Redis: ${redis})`, async () => {
    await request(t.url).get('/api/ready').expect(200, { status: 'ready', database: 'ok', redis });
  });

  it('reports not ready (503 {message}) from the moment a shutdown begins, while still answering', async () => {
    t.app.get(HealthService).beforeApplicationShutdown();
    await request(t.url).get('/api/ready').expect(503, { message: HEALTH_MESSAGES.draining });
    await request(t.url).get('/api/health').expect(200);
  });
});
