import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { claimIdempotencyKey, finishIdempotencyKey, releaseIdempotencyKey, retakeIdempotencyKey } from './idempotency-repository';
import type { Database } from '../db/schema';
import type { Clock } from '../clock';
import { errorResponse } from './envelope';
import type { AppEnv } from './session';

/**
 * `Idempotency-Key` on state-changing calls (API.md): the same key with the same request answers
 * the first result again (status and body, header `Idempotent-Replayed: true`); the same key with
 * another request answers 422. Keys belong to the signed-in user.
 *
 * How a crash cannot post twice: the key is recorded 'in-flight' (unique per user and key) BEFORE
 * the change runs, and its answer is stored right after. A retry while the first is still running
 * answers 409; after a crash between the change's commit and the answer's store, the key stays
 * in flight — once it is older than STALE_AFTER_MS a retry takes it over and runs again, and the
 * change it would repeat is refused by its own guard (the deposit's state and version, the
 * installment's status), so the retry answers that refusal instead of posting a second time.
 * A 5xx answer is not kept, so the client may retry the same key.
 *
 * The request is identified by method, path and body bytes; a multipart body's random boundary is
 * replaced first, so a client that rebuilds the same form for a retry matches.
 */

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const STALE_AFTER_MS = 2 * 60_000;

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key tidak valid: 1–255 karakter tanpa spasi.';
export const IDEMPOTENCY_KEY_REUSED = 'Idempotency-Key ini sudah dipakai untuk permintaan lain. Gunakan kunci baru untuk permintaan baru.';
export const IDEMPOTENCY_IN_FLIGHT = 'Permintaan dengan Idempotency-Key ini masih diproses. Coba lagi sebentar lagi.';

function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

async function requestHash(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<string> {
  const contentType = c.req.header('content-type') ?? '';
  const bytes = Buffer.from(await c.req.arrayBuffer());
  const boundary = contentType.includes('multipart/form-data') ? boundaryOf(contentType) : null;
  const body = boundary ? Buffer.from(bytes.toString('latin1').split(boundary).join('BOUNDARY'), 'latin1') : bytes;
  return createHash('sha256').update(`${c.req.method} ${c.req.path}\n`).update(body).digest('hex');
}

export function idempotency(deps: { db: Kysely<Database>; clock: Clock }): MiddlewareHandler<AppEnv> {
  const { db, clock } = deps;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_SHAPE.test(key)) return errorResponse(c, 400, IDEMPOTENCY_KEY_INVALID);
    const claims = c.get('claims');
    const hash = await requestHash(c);
    const now = clock.now();
    const claim = await claimIdempotencyKey(db, { userId: claims.sub, key, bankId: claims.bprId, requestHash: hash, now: now.toISOString() });
    if (!claim.claimed) {
      const { existing } = claim;
      if (existing.request_hash !== hash) return errorResponse(c, 422, IDEMPOTENCY_KEY_REUSED);
      if (existing.state === 'done' && existing.response_status !== null && existing.response_body !== null) {
        return new Response(existing.response_body, {
          status: existing.response_status,
          headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true' },
        });
      }
      const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
      if (!(await retakeIdempotencyKey(db, claims.sub, key, staleBefore, now.toISOString()))) return errorResponse(c, 409, IDEMPOTENCY_IN_FLIGHT);
    }
    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db, claims.sub, key);
      throw error;
    }
    if (c.res.status >= 500) {
      await releaseIdempotencyKey(db, claims.sub, key);
      return;
    }
    const body = await c.res.clone().text();
    await finishIdempotencyKey(db, claims.sub, key, { status: c.res.status, body, now: clock.now().toISOString() });
  };
}
