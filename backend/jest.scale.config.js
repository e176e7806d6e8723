/**
 * `npm run test:scale`: the scale-out suite (several API and worker processes on one database,
 * Redis and an S3 server). It needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
 * @type {import('jest').Config}
 */
module.exports = {
  ...require('./jest.config.js'),
  testMatch: ['<rootDir>/test/**/*.scale-spec.ts'],
  testTimeout: 180000,
};
