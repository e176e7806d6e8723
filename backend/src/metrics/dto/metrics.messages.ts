/** The errors of GET /api/metrics. */
export const METRICS_MESSAGES = {
  off: 'Metrics are off: set METRICS_TOKEN to turn them on.',
  unauthorized: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).',
} as const;
