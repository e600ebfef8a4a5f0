import type { Context } from 'hono';
import { ServiceError } from '../errors';
import type { Upload } from '../files/uploads';

export interface RequestFields {
  fields: Record<string, unknown>;
  files: Record<string, Upload[]>;
}

const MALFORMED = 'Format data yang dikirim tidak valid.';

/**
 * The request's fields and files, whether it came as JSON, multipart or a urlencoded form.
 * Empty text fields count as not sent, the way the SPA sends only filled fields.
 */
export async function readFields(c: Context): Promise<RequestFields> {
  const contentType = c.req.header('content-type') ?? '';
  if (contentType.includes('multipart/form-data') || contentType.includes('application/x-www-form-urlencoded')) {
    let body: Record<string, string | File | Array<string | File>>;
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      throw new ServiceError('invalid', MALFORMED);
    }
    const fields: Record<string, unknown> = {};
    const files: Record<string, Upload[]> = {};
    for (const [name, value] of Object.entries(body)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'string') {
          if (item.trim() !== '' && fields[name] === undefined) fields[name] = item;
        } else if (item.size > 0 || item.name) {
          (files[name] ??= []).push({ name: item.name || null, bytes: new Uint8Array(await item.arrayBuffer()) });
        }
      }
    }
    return { fields, files };
  }
  const text = await c.req.text();
  if (text.trim() === '') return { fields: {}, files: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return { fields: parsed as Record<string, unknown>, files: {} };
  } catch {
    throw new ServiceError('invalid', MALFORMED);
  }
}
