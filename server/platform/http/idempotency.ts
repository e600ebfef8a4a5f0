import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { inAmbientTransaction } from '../db/ambient-transaction';
import type { Database, IdempotencyKeyRow } from '../db/schema';
import { errorResponse } from './envelope';
import { claimIdempotencyKey, findIdempotencyKey, storeIdempotencyAnswer } from './idempotency-repository';
import type { AppEnv } from './session';

/**
 * `Idempotency-Key` on state-changing calls (API.md): the same key with the same request answers
 * the first result again (status and body, header `Idempotent-Replayed: true`); the same key with
 * another request answers 422. Keys belong to the signed-in user (to the anonymous caller on the
 * calls made before login, e.g. a registration).
 *
 * The answer is stored in the same database transaction as the change it answers: the request
 * runs in an ambient transaction (db/ambient-transaction.ts) that every service joins; the key is
 * claimed first in it, and a 2xx answer is written before the commit. A crash before the commit
 * leaves neither the change nor the key, so the retry runs once; a crash after it leaves both, so
 * the retry is answered from the store. A retry arriving while the first still runs waits for it
 * (the key's row is locked until the commit) and then gets its answer.
 *
 * Any other answer rolls the whole request back. A refusal (4xx) is then stored on its own — it
 * changed nothing — so a replay repeats it; a 5xx is not kept, and the client may retry the key.
 *
 * The request is identified by method, path and body bytes; a multipart body's random boundary is
 * replaced first, so a client that rebuilds the same form for a retry matches.
 */

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const ANONYMOUS = 'anonymous';

const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key tidak valid: 1–255 karakter tanpa spasi.';
const IDEMPOTENCY_IN_FLIGHT = 'Permintaan dengan Idempotency-Key ini masih diproses. Coba lagi sebentar lagi.';
const IDEMPOTENCY_KEY_REUSED =
  'Idempotency-Key ini sudah dipakai untuk permintaan lain. Muat ulang halaman lalu kirim lagi; jika masih gagal, hubungi dukungan.';

/** Test hooks: called inside the transaction just before its commit, and just after it. */
export interface IdempotencyHooks {
  beforeCommit?: () => Promise<void>;
  afterCommit?: () => Promise<void>;
}

function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

async function requestHash(c: Context): Promise<string> {
  const contentType = c.req.header('content-type') ?? '';
  const bytes = Buffer.from(await c.req.arrayBuffer());
  const boundary = contentType.includes('multipart/form-data') ? boundaryOf(contentType) : null;
  const body = boundary ? Buffer.from(bytes.toString('latin1').split(boundary).join('BOUNDARY'), 'latin1') : bytes;
  return createHash('sha256').update(`${c.req.method} ${c.req.path}\n`).update(body).digest('hex');
}

/** The stored answer again, or 422 when the key came with another request. */
function answerFromStore(c: Context, stored: IdempotencyKeyRow, hash: string): Response {
  if (stored.request_hash !== hash) return errorResponse(c, 422, IDEMPOTENCY_KEY_REUSED);
  // Only a release before answers were stored with their change left keys in flight.
  if (stored.state !== 'done') return errorResponse(c, 409, IDEMPOTENCY_IN_FLIGHT);
  return new Response(stored.response_body, {
    status: stored.response_status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true' },
  });
}

/** Thrown inside the transaction to roll back a request that did not succeed. */
class NotCommitted extends Error {}

export function idempotency(deps: { db: Kysely<Database>; clock: Clock; hooks?: IdempotencyHooks }): MiddlewareHandler<AppEnv> {
  const { db, clock } = deps;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_SHAPE.test(key)) return errorResponse(c, 400, IDEMPOTENCY_KEY_INVALID);
    const claims = c.get('claims') as AppEnv['Variables']['claims'] | undefined;
    const owner = { userId: claims?.sub ?? ANONYMOUS, key, bankId: claims?.bprId ?? '' };
    const hash = await requestHash(c);

    const earlier = await findIdempotencyKey(db, owner.userId, key);
    if (earlier) return answerFromStore(c, earlier, hash);

    let storedMeanwhile: IdempotencyKeyRow | undefined;
    try {
      await inAmbientTransaction(db, async (trx) => {
        if (!(await claimIdempotencyKey(trx, { ...owner, requestHash: hash, now: clock.now().toISOString() }))) {
          // Another request with this key committed while this one waited for the key's row.
          storedMeanwhile = await findIdempotencyKey(trx, owner.userId, key);
          return;
        }
        await next();
        if (c.res.status < 200 || c.res.status >= 300) throw new NotCommitted();
        await storeIdempotencyAnswer(trx, owner.userId, key, { status: c.res.status, body: await c.res.clone().text(), now: clock.now().toISOString() });
        await deps.hooks?.beforeCommit?.();
      });
    } catch (error) {
      if (!(error instanceof NotCommitted)) throw error;
      if (c.res.status < 500) {
        await claimIdempotencyKey(db, { ...owner, requestHash: hash, now: clock.now().toISOString(), answer: { status: c.res.status, body: await c.res.clone().text() } });
      }
      return;
    }
    if (storedMeanwhile) return answerFromStore(c, storedMeanwhile, hash);
    await deps.hooks?.afterCommit?.();
  };
}
