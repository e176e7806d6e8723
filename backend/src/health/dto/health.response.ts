/** GET /api/health (liveness) */
export class LiveResponse {
  status: 'ok';
}

/** GET /api/ready (readiness) */
export class ReadyResponse {
  status: 'ready';
  database: 'ok';
  redis: 'ok' | 'not used';
}
