import { randomUUID } from 'node:crypto';
import type { S3Config } from '../config';
import { checkFileId, type FileStore } from './file-store';

/**
 * Files in an S3 bucket (AWS, or an S3-compatible server at S3_ENDPOINT), one object per file id,
 * written before the transaction that records the file and deleted again when it fails
 * (file-store.ts). The SDK is loaded only for FILE_STORE=s3. The bucket is checked at start, so a
 * wrong name, endpoint or key stops the start instead of failing the first upload: a small object
 * is written, read back and deleted — the three permissions the store needs (s3:PutObject,
 * GetObject, DeleteObject), and nothing more (HeadBucket would need s3:ListBucket).
 */
export async function s3FileStore(config: S3Config): Promise<FileStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const where = `bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
  try {
    const probe = { Bucket: config.bucket, Key: `berjangka-start-check-${randomUUID()}` };
    await client.send(new PutObjectCommand({ ...probe, Body: 'ok' }));
    const read = await client.send(new GetObjectCommand(probe));
    if ((await read.Body?.transformToString()) !== 'ok') throw new Error('the object written was not read back');
    await client.send(new DeleteObjectCommand(probe));
  } catch (error) {
    client.destroy();
    throw new Error(`FILE_STORE=s3: cannot reach the ${where} (check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials): ${describe(error)}`, { cause: error });
  }
  return {
    kind: 's3',
    async putBeforeTransaction(id, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: checkFileId(id), Body: bytes, ContentType: 'application/octet-stream' }));
    },
    async putInTransaction() {},
    async get(id) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: checkFileId(id) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw new Error(`FILE_STORE=s3: reading ${id} from the ${where} failed: ${describe(error)}`, { cause: error });
      }
    },
    async delete(id) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: checkFileId(id) }));
    },
    async close() {
      client.destroy();
    },
  };
}

function describe(error: unknown): string {
  const { name, message, $metadata } = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  return [name, $metadata?.httpStatusCode ? `HTTP ${$metadata.httpStatusCode}` : undefined, message && message !== name ? message : undefined].filter(Boolean).join(', ') || String(error);
}
