import os from 'node:os';
import { ConfigError, loadConfig } from './app-config';
import { poolSizeOf } from '../database/database.module';
import { efSearchOf, LOCAL_EF_SEARCH, MODEL_EF_SEARCH, sessionSettings } from '../database/session-settings';

const base = { NODE_ENV: 'test' };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { dataDir: os.tmpdir(), sessionSecret: 'x'.repeat(32) });

describe('loadConfig: object storage and scale-out settings', () => {
  it('keeps uploads on the local disk when S3_BUCKET is unset (the embedded default)', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load({ S3_BUCKET: '', S3_ENDPOINT: '' }).s3).toBeUndefined();
  });

  it('reads the S3 settings, path style by default when an endpoint is given', () => {
    expect(load({ S3_BUCKET: 'uploads-1', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).s3).toEqual(
      {
        bucket: 'uploads-1',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
    );
    expect(load({ S3_BUCKET: 'uploads-1', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'uploads-1',
      endpoint: undefined,
      region: 'eu-west-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [{ S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET must be a valid bucket name'],
    [{ S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'k' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT must use one of: http, https'],
    [{ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ INGEST_IN_API: 'false' }, 'INGEST_IN_API=false needs REDIS_URL'],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('INGEST_IN_API is true by default and may be false with Redis', () => {
    expect(load({}).ingestInApi).toBe(true);
    expect(load({ INGEST_IN_API: 'false', REDIS_URL: 'redis://127.0.0.1:6379' }).ingestInApi).toBe(false);
  });
});

describe('loadConfig: database pool size (DB_POOL_SIZE)', () => {
  it('sizes the pool from the setting, else 10 connections for the embedded database and for a server', () => {
    expect(poolSizeOf(load({}))).toBe(10);
    expect(poolSizeOf(load({ DATABASE_URL: 'postgres://db/conference' }))).toBe(10);
    expect(poolSizeOf(load({ DATABASE_URL: 'postgres://db/conference', DB_POOL_SIZE: '4' }))).toBe(4);
    expect(poolSizeOf(load({ DB_POOL_SIZE: '16' }))).toBe(16);
  });

  it('refuses a pool size that is not a whole number from 1 to 500', () => {
    for (const bad of ['0', '-2', '2.5', 'ten', '501']) {
      expect(() => load({ DB_POOL_SIZE: bad })).toThrow(
        new ConfigError(`DB_POOL_SIZE must be a whole number between 1 and 500 (got "${bad}").`),
      );
    }
  });
});

describe('loadConfig: HNSW candidate list size (HNSW_EF_SEARCH)', () => {
  it('walks 40 candidates for the local embeddings and 200 for a model, unless the setting says otherwise', () => {
    expect(efSearchOf(load({}))).toBe(LOCAL_EF_SEARCH);
    expect(LOCAL_EF_SEARCH).toBe(40);
    expect(efSearchOf(load({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test' }))).toBe(MODEL_EF_SEARCH);
    expect(MODEL_EF_SEARCH).toBe(200);
    expect(efSearchOf(load({ HNSW_EF_SEARCH: '100' }))).toBe(100);
    expect(sessionSettings(efSearchOf(load({ HNSW_EF_SEARCH: '100' })))['hnsw.ef_search']).toBe('100');
  });

  it('refuses a size that is not a whole number from 1 to 1000', () => {
    for (const bad of ['0', '1001', 'many']) {
      expect(() => load({ HNSW_EF_SEARCH: bad })).toThrow(
        new ConfigError(`HNSW_EF_SEARCH must be a whole number between 1 and 1000 (got "${bad}").`),
      );
    }
  });
});
