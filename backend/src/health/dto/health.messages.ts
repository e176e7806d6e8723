/** 503 messages of GET /api/ready (docs/DEPLOY.md). */
export const HEALTH_MESSAGES = {
  draining: 'Shutting down: no new requests.',
  database: 'The database is unreachable.',
  redis: 'Redis is unreachable.',
} as const;
