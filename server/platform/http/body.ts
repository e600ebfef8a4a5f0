import type { Context } from 'hono';
import { ServiceError } from '../errors';
import type { Upload } from '../files/uploads';

interface RequestFields {
  fields: Record<string, unknown>;
  files: Record<string, Upload[]>;
}

const MALFORMED = 'Format data yang dikirim tidak valid.';
const NUL_CHARACTER = 'Data yang dikirim berisi karakter NUL, yang tidak dapat disimpan.';

/** True when a text anywhere in the value (keys included) holds a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}

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
    if (holdsNul(fields)) throw new ServiceError('invalid', NUL_CHARACTER);
    return { fields, files };
  }
  const text = await c.req.text();
  if (text.trim() === '') return { fields: {}, files: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    if (holdsNul(parsed)) throw new ServiceError('invalid', NUL_CHARACTER);
    return { fields: parsed as Record<string, unknown>, files: {} };
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError('invalid', MALFORMED);
  }
}
