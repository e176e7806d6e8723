import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// s3rver 3.7 ships no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  on(event: 'event', listener: (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void): void;
}

/** A real S3-API server (s3rver) on loopback with one bucket, its data in a temporary directory. */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at it (S3_BUCKET, S3_ENDPOINT, …). */
  env: Record<string, string>;
  client: S3Client;
  /** Object events seen, e.g. 'ObjectCreated:Put', 'ObjectCreated:CompleteMultipartUpload', 'ObjectRemoved:Delete'. */
  events: { name: string; key: string }[];
  /** Keys of the objects in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
  /** Starts it again on the same port and directory (after `stop`). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/** The app's settings that store its files in `bucket` of the server at `endpoint`. */
function s3Settings(bucket: string, endpoint: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export async function startS3Server(bucket = 'conference-uploads', port = 0): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ca-s3rver-'));
  const events: { name: string; key: string }[] = [];
  let instance: S3rverInstance;
  let boundPort = port;
  const start = async () => {
    instance = new S3rver({
      address: '127.0.0.1',
      port: boundPort,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
      vhostBuckets: false,
    });
    instance.on('event', (e) => {
      for (const r of e.Records) events.push({ name: r.eventName, key: decodeURIComponent(r.s3.object.key) });
    });
    const address = await instance.run();
    boundPort = address.port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${boundPort}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  let running = true;
  return {
    endpoint,
    bucket,
    env: s3Settings(bucket, endpoint),
    client,
    events,
    async keys() {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async stop() {
      if (running) await instance.close();
      running = false;
    },
    async restart() {
      if (!running) await start();
      running = true;
    },
    async close() {
      client.destroy();
      if (running) await instance.close();
      running = false;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
