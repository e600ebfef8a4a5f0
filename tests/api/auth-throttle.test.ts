import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, MINUTE, dialects, startTestServer, type TestServer } from './harness';

/**
 * Failed logins are throttled per pair (account, client), per client and per account, with
 * delays that double; nobody can keep an owner out for more than minutes, and an unknown email
 * is answered exactly like a known one. The server trusts one proxy here, so each test names its
 * client with X-Forwarded-For.
 */
describe.each(dialects)('login throttles on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { config: { trustedProxyHops: 1 } as never });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const attempt = (email: string, password: string, client: string) =>
    t.call('POST', '/api-v2-bpr/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': client } });
  const WRONG = 'Salah#Sekali99';

  it('gives the owner five tries, then blocks that client for 1 minute, then 2 and 4, saying when to try again', async () => {
    const client = '10.0.1.1';
    for (let i = 0; i < 5; i += 1) expect((await attempt('operator@bpr-demo.test', WRONG, client)).status).toBe(401);
    const blocked = await attempt('operator@bpr-demo.test', WRONG, client);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too Many Requests');
    // 02:00 UTC + 1 minute is 09.01 WIB.
    expect(blocked.body.message).toBe('Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam 1 menit (pukul 09.01 WIB).');
    expect(blocked.headers.get('retry-after')).toBe('60');
    // While blocked even the right password is not tried.
    expect((await attempt('operator@bpr-demo.test', DEMO_PASSWORD, client)).status).toBe(429);

    t.clock.advance(MINUTE);
    const second = await attempt('operator@bpr-demo.test', WRONG, client);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('120');
    t.clock.advance(2 * MINUTE);
    expect((await attempt('operator@bpr-demo.test', WRONG, client)).headers.get('retry-after')).toBe('240');
    t.clock.advance(4 * MINUTE);
    expect((await attempt('operator@bpr-demo.test', DEMO_PASSWORD, client)).status).toBe(200);
  });

  it('lets the owner log in from a client that has not failed while another client is blocked', async () => {
    const attacker = '10.0.2.1';
    for (let i = 0; i < 6; i += 1) await attempt('supervisor@bpr-demo.test', WRONG, attacker);
    expect((await attempt('supervisor@bpr-demo.test', DEMO_PASSWORD, attacker)).status).toBe(429);
    expect((await attempt('supervisor@bpr-demo.test', DEMO_PASSWORD, '10.0.2.2')).status).toBe(200);
  });

  it('answers an unknown email exactly like a known one, failure after failure', async () => {
    const known: Array<[number, string, string | null]> = [];
    const unknown: Array<[number, string, string | null]> = [];
    for (let i = 0; i < 7; i += 1) {
      const a = await attempt('admin@bpr-lain.test', WRONG, '10.0.3.1');
      const b = await attempt('tidak-ada@bpr-lain.test', WRONG, '10.0.3.2');
      known.push([a.status, a.text, a.headers.get('retry-after')]);
      unknown.push([b.status, b.text, b.headers.get('retry-after')]);
    }
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('stops a client that sprays many accounts, and only that client', async () => {
    const sprayer = '10.0.4.1';
    for (let i = 0; i < 20; i += 1) expect((await attempt(`tebakan-${i}@bpr-demo.test`, WRONG, sprayer)).status).toBe(401);
    expect((await attempt('tebakan-20@bpr-demo.test', WRONG, sprayer)).status).toBe(429);
    // The client is blocked for every account, even with a right password…
    expect((await attempt('admin@bpr-demo.test', DEMO_PASSWORD, sprayer)).status).toBe(429);
    // …and the accounts are not: their owners log in from elsewhere.
    expect((await attempt('admin@bpr-demo.test', DEMO_PASSWORD, '10.0.4.2')).status).toBe(200);
  });

  it('keeps an account guessed from many clients closed for minutes at most, not a quarter hour', async () => {
    for (let i = 0; i < 20; i += 1) expect((await attempt('kedaluwarsa@bpr-demo.test', WRONG, `10.0.5.${i + 1}`)).status).toBe(401);
    for (let i = 0; i < 6; i += 1) {
      const result = await attempt('kedaluwarsa@bpr-demo.test', WRONG, `10.0.6.${i + 1}`);
      expect(result.status).toBe(429);
      expect(Number(result.headers.get('retry-after'))).toBeLessThanOrEqual(5 * 60);
      t.clock.advance(5 * MINUTE);
    }
    // The account's own block has ended; a client that has not failed gets in (the password is expired: 403 is "in").
    expect((await attempt('kedaluwarsa@bpr-demo.test', DEMO_PASSWORD, '10.0.6.99')).status).toBe(403);
  });

  it('lets the owner in from an address that never failed while failures from several addresses keep the account blocked', async () => {
    // 21 failures from five addresses (five or fewer each, so no pair is blocked): the 21st starts the account's block.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await attempt('admin@bpr-lain.test', WRONG, `10.0.10.${(i % 5) + 1}`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The account stays blocked for the addresses that failed, even with the right password…
    expect((await attempt('admin@bpr-lain.test', DEMO_PASSWORD, '10.0.10.2')).status).toBe(429);
    // …a new address that guesses wrong is counted and stopped…
    expect((await attempt('admin@bpr-lain.test', WRONG, '10.0.10.50')).status).toBe(429);
    expect((await attempt('admin@bpr-lain.test', DEMO_PASSWORD, '10.0.10.50')).status).toBe(429);
    // …and the owner, on an address that never failed, gets in.
    expect((await attempt('admin@bpr-lain.test', DEMO_PASSWORD, '10.0.10.99')).status).toBe(200);
  });

  it('counts failed logins that arrive at the same time, one by one', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt('concurrent@bpr-lain.test', WRONG, '10.0.7.1')));
    expect(results.map((result) => result.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('a successful login clears the account and its pair, but not what the client did elsewhere', async () => {
    const client = '10.0.8.1';
    for (let i = 0; i < 4; i += 1) expect((await attempt('supervisor@bpr-demo.test', WRONG, client)).status).toBe(401);
    expect((await attempt('supervisor@bpr-demo.test', DEMO_PASSWORD, client)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await attempt('supervisor@bpr-demo.test', WRONG, client)).status).toBe(401);
    // The client's tally kept the 4 failures before the success: 9 so far, 11 more reach its 20, the 21st blocks.
    for (let i = 0; i < 11; i += 1) expect((await attempt(`lain-${i}@bpr-demo.test`, WRONG, client)).status).toBe(401);
    expect((await attempt('lain-11@bpr-demo.test', WRONG, client)).status).toBe(429);
  });

  it('an ADMIN of the bank unlocks a blocked user; an OPERATOR may not and another bank cannot see the user', async () => {
    const client = '10.0.9.1';
    for (let i = 0; i < 6; i += 1) await attempt('operator@bpr-demo.test', WRONG, client);
    expect((await attempt('operator@bpr-demo.test', DEMO_PASSWORD, client)).status).toBe(429);

    const adminToken = (await attempt('admin@bpr-demo.test', DEMO_PASSWORD, '10.0.9.2')).body.data.token as string;
    const profile = await t.call('GET', '/api-v2-bpr/profile/detail', { token: adminToken });
    expect(profile.status).toBe(200);
    const operatorId = await userIdOf('operator@bpr-demo.test');

    const supervisorToken = (await attempt('supervisor@bpr-demo.test', DEMO_PASSWORD, '10.0.9.3')).body.data.token as string;
    const refused = await t.call('POST', `/api-v2-bpr/bpr/users/${operatorId}/unlock`, { token: supervisorToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Hanya ADMIN yang dapat membuka blokir login pengguna.');

    const otherBankToken = (await attempt('admin@bpr-lain.test', DEMO_PASSWORD, '10.0.9.4')).body.data.token as string;
    expect((await t.call('POST', `/api-v2-bpr/bpr/users/${operatorId}/unlock`, { token: otherBankToken })).status).toBe(404);

    const unlocked = await t.call('POST', `/api-v2-bpr/bpr/users/${operatorId}/unlock`, { token: adminToken });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data.cleared).toBeGreaterThanOrEqual(1);
    expect((await attempt('operator@bpr-demo.test', DEMO_PASSWORD, client)).status).toBe(200);
  });

  async function userIdOf(email: string): Promise<string> {
    const token = (await attempt(email, DEMO_PASSWORD, '10.0.99.1')).body.data.token as string;
    return (await t.call('GET', '/api-v2-bpr/profile/detail', { token })).body.data.id as string;
  }
});
