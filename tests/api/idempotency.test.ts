import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './harness';
import { API, freshKey, startWorld, type World } from './deposit-fixtures';

/** The Idempotency-Key middleware beyond the per-event replay/422 cases of deposit-events. */

describe.each(dialects)('Idempotency-Key (%s)', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w.stop();
  });

  const approve = (depositId: string, headers: Record<string, string>, who: keyof World['users'] = 'supervisor') =>
    w.call('POST', '/deposito/approve-deposito', { token: w.users[who].token, json: { depositId }, headers });

  it('a malformed key answers 400; without a key the call is simply processed', async () => {
    const deposit = await w.place();
    const bad = await approve(deposit.id, { 'idempotency-key': 'dua kata' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['Idempotency-Key tidak valid: 1–255 karakter tanpa spasi.']);
    expect((await approve(deposit.id, {})).status).toBe(200);
  });

  it('a refusal is the first result too: the replay repeats it even after the deposit changed', async () => {
    const deposit = await w.place();
    const key = freshKey();
    const refused = await w.call('POST', '/deposito/reject-deposito', { token: w.users.supervisor.token, json: { depositId: deposit.id, reason: '' }, headers: key });
    expect(refused.status).toBe(400);
    const replay = await w.call('POST', '/deposito/reject-deposito', { token: w.users.supervisor.token, json: { depositId: deposit.id, reason: '' }, headers: key });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(refused.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keys belong to the user: the same key from another user is a request of its own', async () => {
    const first = await w.place();
    const second = await w.place();
    const key = freshKey();
    expect((await approve(first.id, key, 'supervisor')).status).toBe(200);
    const other = await approve(second.id, key, 'supervisor2');
    expect(other.status).toBe(200);
    expect(other.body.data.id).toBe(second.id);
  });

  it('two requests with one key at the same time: the change happens once and both get its answer', async () => {
    const deposit = await w.place();
    const key = freshKey();
    const [first, second] = await Promise.all([approve(deposit.id, key), approve(deposit.id, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect([first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')].sort()).toEqual([null, 'true']);
    expect((await w.row(deposit.id)).version).toBe(2);
    expect(await auditRows(deposit.id, 'deposit.approve')).toBe(1);
  });

  it('an answer stored by a release that kept keys in flight is never run again: the retry is told to wait', async () => {
    const deposit = await w.place();
    const key = 'kunci-lama-1';
    const body = JSON.stringify({ depositId: deposit.id });
    const hash = createHash('sha256').update(`POST ${API}/deposito/approve-deposito\n`).update(body).digest('hex');
    await w.db
      .insertInto('idempotency_keys')
      .values({ user_id: w.users.supervisor.id, key, bank_id: w.bank.id, request_hash: hash, state: 'in-flight', response_status: null, response_body: null, created_at: w.clock.now().toISOString(), finished_at: null })
      .execute();
    const waiting = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, body, headers: { 'content-type': 'application/json', 'idempotency-key': key } });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe('Permintaan dengan Idempotency-Key ini masih diproses. Coba lagi sebentar lagi.');
    expect((await w.row(deposit.id)).status).toBe('pending');
  });

  async function auditRows(depositId: string, event: string): Promise<number> {
    return (await w.db.selectFrom('deposit_audit').select('id').where('deposit_id', '=', depositId).where('event', '=', event).execute()).length;
  }
});
