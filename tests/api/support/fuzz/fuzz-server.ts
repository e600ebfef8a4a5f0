import { randomUUID } from 'node:crypto';
import { signJwt } from '../../../../server/auth/jwt';
import { resolveJwtSecret } from '../../../../server/auth/secrets';
import { DEMO_DEPOSIT_BANKS, seedDemoDeposits } from '../../../../server/demo/demo-deposits';
import { placeDeposit } from '../../../../server/deposits/deposit-placement';
import { DEMO_PASSWORD, startTestServer, type DialectName, type TestServer } from '../../harness';
import type { Credentials } from './client';
import type { AuthVariant, FuzzContext } from './requests';

/**
 * The server the fuzz suite attacks: the demo banks and users, with a smaller share of the demo
 * deposits (every state, installments, payouts, change requests) so downloads stay quick; one
 * trusted proxy hop, so each fuzz request comes from its own X-Forwarded-For address and the login
 * throttles the fuzzer trips never lock out the suite's own sign-ins.
 */

export const DEMO_USERS = {
  supervisor: 'supervisor@bpr-demo.test',
  operator: 'operator@bpr-demo.test',
  admin: 'admin@bpr-demo.test',
  otherBankAdmin: 'admin@bpr-lain.test',
} as const;
export const EXPIRED_USER = 'kedaluwarsa@bpr-demo.test';

/** The address the suite's own sign-ins come from; fuzz requests use others. */
const SUITE_ADDRESS = '198.51.100.1';

export interface FuzzServer {
  t: TestServer;
  ctx: FuzzContext;
  credentials: Credentials;
  /** Signs the role in again when its session ended (a fuzzed logout, a password change). */
  refreshSession(auth: AuthVariant): Promise<void>;
  /** Adds the ids a successful answer names (a new file, a deposit) to the pools later operations draw from. */
  harvest(body: unknown): void;
}

async function signIn(t: TestServer, email: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}/api-v2-bpr/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': SUITE_ADDRESS },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { status: response.status, body: await response.json() };
}

async function sessionToken(t: TestServer, email: string): Promise<string> {
  const { status, body } = await signIn(t, email);
  if (status !== 200) throw new Error(`fuzz: login ${email} answered ${status}: ${JSON.stringify(body)}`);
  return body.data.token as string;
}

const both = (token: string) => ({ bearer: `Bearer ${token}`, raw: token });

export async function startFuzzServer(dialect: DialectName): Promise<FuzzServer> {
  const t = await startTestServer(dialect, { demoDeposits: false, config: { trustedProxyHops: 1 } });
  const db = t.server.database.db;
  await seedDemoDeposits({
    db,
    clock: t.clock,
    fileStore: t.server.fileStore,
    publicUrl: t.server.config.publicUrl,
    banks: DEMO_DEPOSIT_BANKS.map((bank) => ({ ...bank, deposits: Math.ceil(bank.deposits / 20), customers: Math.ceil(bank.customers / 20) })),
  });

  const tokens = Object.fromEntries(await Promise.all(Object.entries(DEMO_USERS).map(async ([role, email]) => [role, await sessionToken(t, email)]))) as Record<keyof typeof DEMO_USERS, string>;
  const expiredLogin = await signIn(t, EXPIRED_USER);
  const changePasswordToken = (expiredLogin.body?.data?.changePasswordToken as string | undefined) ?? 'tidak-ada';

  const mainBank = await db.selectFrom('banks').select('id').where('name', '=', 'BPR Demo Sejahtera').executeTakeFirstOrThrow();
  const today = t.clock.now().toISOString().slice(0, 10);
  const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  // Fresh deposits of the main bank for the lifecycle routes to act on (the fuzzing uses them up):
  // waiting for approval (value date today or later), active, and with an early withdrawal asked.
  const customer = await db.selectFrom('customers').select('id').where('bank_id', '=', mainBank.id).orderBy('id').executeTakeFirstOrThrow();
  const product = await db.selectFrom('products').select('id').where('bank_id', '=', mainBank.id).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const supervisorRow = await db.selectFrom('users').select('id').where('email', '=', DEMO_USERS.supervisor).executeTakeFirstOrThrow();
  const fresh: Record<'pending' | 'active' | 'breakRequested', string[]> = { pending: [], active: [], breakRequested: [] };
  for (let index = 0; index < 36; index += 1) {
    const kind = (['pending', 'pending', 'active', 'breakRequested'] as const)[index % 4]!;
    const placed = await placeDeposit(db, {
      bankId: mainBank.id, customerId: customer.id, productId: product.id, amount: 10_000_000 + index * 1_000_000, tenorMonths: 3,
      placementDate: today, depositDate: kind === 'pending' ? shift(index % 3) : today, instruction: (['ARO', 'ARO_PLUS', 'PAYOUT'] as const)[index % 3]!, now: t.clock.now().toISOString(),
    });
    if (kind !== 'pending') {
      const actor = { id: supervisorRow.id, role: 'SUPERVISOR' as const };
      await t.server.services.transitions.apply({ bankId: mainBank.id, depositId: placed.id, actor, request: { type: 'deposit.approve' } });
      if (kind === 'breakRequested') {
        await t.server.services.transitions.apply({ bankId: mainBank.id, depositId: placed.id, actor, request: { type: 'deposit.requestBreak', breakDate: shift(10), reason: 'Kebutuhan mendesak' } });
      }
    }
    fresh[kind].push(placed.id);
  }
  const secret = resolveJwtSecret(undefined, t.dataDir);
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const supervisor = await db.selectFrom('users').select('id').where('email', '=', DEMO_USERS.supervisor).executeTakeFirstOrThrow();
  const expired = signJwt({ sub: supervisor.id, bprId: mainBank.id, role: 'SUPERVISOR', jti: randomUUID(), exp: now - 60, iat: now - 3_600 }, secret);
  const unknownUser = signJwt({ sub: randomUUID(), bprId: mainBank.id, role: 'ADMIN', jti: randomUUID(), exp: now + 3_600, iat: now }, secret);
  const badSignature = `${tokens.supervisor.slice(0, -4)}${tokens.supervisor.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;

  const credentials: Credentials = {
    supervisor: both(tokens.supervisor),
    operator: both(tokens.operator),
    admin: both(tokens.admin),
    otherBankAdmin: both(tokens.otherBankAdmin),
    none: { bearer: null, raw: null },
    garbage: { bearer: 'Bearer bukan.token.sah', raw: 'Basic dXNlcjpwYXNz' },
    otherForm: { bearer: null, raw: null },
    badSignature: both(badSignature),
    expired: both(expired),
    unknownUser: both(unknownUser),
    changePasswordToken: both(changePasswordToken),
  };

  // Ids of every kind the routes take, from both banks, deposits of every status.
  const pick = async (table: 'customers' | 'users' | 'products' | 'change_requests' | 'interest_installments' | 'stored_files', limit: number) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(limit).execute()).map((row) => row.id);
  const deposits = await db.selectFrom('deposits').select(['id', 'status']).orderBy('id').execute();
  const byStatus = new Map<string, string[]>();
  for (const deposit of deposits) {
    const list = byStatus.get(deposit.status) ?? [];
    if (list.length < 6) list.push(deposit.id);
    byStatus.set(deposit.status, list);
  }
  const dates = [0, 1, 5, 10, 30, 90, 365, -1, -30, -40, -400].map(shift);
  const ctx: FuzzContext = {
    ids: {
      deposit: [...fresh.pending, ...fresh.active, ...fresh.breakRequested, ...[...byStatus.values()].flat()],
      customer: await pick('customers', 12),
      user: await pick('users', 10),
      installment: await pick('interest_installments', 20),
      changeRequest: await pick('change_requests', 10),
      product: await pick('products', 10),
      file: await pick('stored_files', 10),
      shipment: [],
    },
    emails: [...Object.values(DEMO_USERS), EXPIRED_USER, 'tidak-ada@bpr-demo.test'],
    samples: [...dates, ...new Set(dates.map((date) => date.slice(0, 7))), 'createdAt', '-createdAt', 'amount', '-maturityDate', 'depositDate'],
  };

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const FILE_URL = /\/(?:logo|document|disbursement-proof)\/([0-9a-f-]{36})$/i;
  const remember = (pool: string[], id: string) => {
    if (pool.length < 80 && !pool.includes(id)) pool.push(id);
  };
  const harvest = (value: unknown, key = '', depth = 0): void => {
    if (depth > 6 || value === null || typeof value !== 'object') {
      if (typeof value !== 'string') return;
      const file = FILE_URL.exec(value);
      if (file) remember(ctx.ids.file, file[1]!);
      else if (UUID.test(value) && /fileid$/i.test(key)) remember(ctx.ids.file, value);
      return;
    }
    for (const [name, item] of Object.entries(value)) harvest(item, name, depth + 1);
  };

  return {
    t,
    ctx,
    credentials,
    harvest: (body) => harvest(body),
    async refreshSession(auth) {
      if (!(auth in DEMO_USERS)) return;
      const role = auth as keyof typeof DEMO_USERS;
      const check = await fetch(`${t.url}/api-v2-bpr/auth/session`, { headers: { authorization: credentials[role].bearer! } });
      if (check.status === 200) return;
      // The fuzzed logins may have throttled the account: lifted as the platform operator would (npm run admin -- unlock).
      await t.server.services.auth.unlockLoginOfEmail(DEMO_USERS[role]);
      // A fuzzed PATCH /bpr/users/{id} may have deactivated it: back on, as its admin would.
      await t.server.database.db.updateTable('users').set({ active: 1 }).where('email', '=', DEMO_USERS[role]).execute();
      credentials[role] = both(await sessionToken(t, DEMO_USERS[role]));
    },
  };
}
