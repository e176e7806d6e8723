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

  it('is ready when the database answers (no Redis in the embedded default)', async () => {
    await request(t.url).get('/api/ready').expect(200, { status: 'ready', database: 'ok', redis: 'not used' });
  });

  it('reports not ready (503 {message}) from the moment a shutdown begins, while still answering', async () => {
    t.app.get(HealthService).beforeApplicationShutdown();
    await request(t.url).get('/api/ready').expect(503, { message: HEALTH_MESSAGES.draining });
    await request(t.url).get('/api/health').expect(200);
  });
});
