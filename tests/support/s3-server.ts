import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../../server/platform/config';

/** s3rver keeps each object as `<key>._S3rver_object` in a folder per bucket. */
const OBJECT_SUFFIX = '._S3rver_object';

/** s3rver's fixed access key (it checks signatures with it). */
const KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** FILE_STORE=s3 settings for one of the buckets, as a server's config.fileStore. */
  config(bucket: string): { kind: 's3'; s3: S3Config };
  /** The same settings as environment variables (for a server in a child process). */
  env(bucket: string): Record<string, string>;
  /** The keys in a bucket (read from s3rver's directory: its bucket-level requests trip the SDK's signatures). */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver, files under a temp directory), on a free
 * loopback port, with these buckets: what the FILE_STORE=s3 tests talk to, no network needed.
 */
export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'berjangka-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: (bucket) => ({ kind: 's3', s3: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEY } }),
    env: (bucket) => ({
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEY.secretAccessKey,
    }),
    async keys(bucket) {
      const folder = join(directory, bucket);
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .filter((name) => name.endsWith(OBJECT_SUFFIX))
        .map((name) => name.slice(0, -OBJECT_SUFFIX.length))
        .sort();
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
