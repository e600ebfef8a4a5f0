import { staffActor } from '../platform/actor';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { depositMonthsQuerySchema, monthsUpTo, type DepositMonth } from '../../contract/deposit-months';
import { maturitiesByMonth, placementsByMonth } from './deposit-months-repository';
import type { Database } from '../platform/db/schema';
import { jakartaDate } from '../platform/business-date';
import type { AuthService } from '../auth/auth-service';
import type { Clock } from '../platform/clock';
import type { DepositService } from './deposit-service';
import { parseOrThrow } from '../platform/validation';
import { ok, okPage } from '../platform/http/envelope';
import { requireSession, type AppEnv } from '../platform/http/session';

/** Where GET /bpr/deposit-months reads from, and the clock that says which month is "this month". */
interface DepositMonthsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Placements and maturities of a bank for each of the last `count` months up to this month (Asia/Jakarta). */
async function depositMonths(deps: DepositMonthsDeps, bankId: string, count: number): Promise<DepositMonth[]> {
  const months = monthsUpTo(jakartaDate(deps.clock.now()).slice(0, 7), count);
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const [placements, maturities] = await Promise.all([placementsByMonth(deps.db, bankId, from, to), maturitiesByMonth(deps.db, bankId, from, to)]);
  const zero = { count: 0, amount: 0 };
  const byMonth = (rows: typeof placements) => new Map(rows.map((row) => [row.month, { count: row.count, amount: row.amount }]));
  const placed = byMonth(placements);
  const matured = byMonth(maturities);
  return months.map((month) => ({ month, placements: placed.get(month) ?? zero, maturities: matured.get(month) ?? zero }));
}

/**
 * /api-v2-bpr/bpr/…: what Beranda and Proses Dokumen show about the bank's deposits.
 * GET /bpr/deposit-months is served only when `months` is given (the composition root passes the
 * database and clock).
 */
export function bprRoutes(deps: { auth: AuthService; deposits: DepositService; months?: DepositMonthsDeps }) {
  const { deposits } = deps;
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  router.get('/bpr/count-unprocessed-deposito', session, async (c) => ok(c, await deposits.unprocessedCounts(staffActor(c.get('claims')))));
  router.get('/bpr/list-proses-deposito', session, async (c) => {
    const { counts, ...page } = await deposits.processList(staffActor(c.get('claims')), c.req.query());
    return okPage(c, page, { counts });
  });
  router.get('/bpr/deposito-channeling', session, async (c) => ok(c, await deposits.channeling(staffActor(c.get('claims')), c.req.query())));
  const monthsDeps = deps.months;
  if (monthsDeps) {
    router.get('/bpr/deposit-months', session, async (c) => {
      const query = parseOrThrow(depositMonthsQuerySchema, c.req.query());
      return ok(c, await depositMonths(monthsDeps, staffActor(c.get('claims')).bankId, query.months));
    });
  }
  return router;
}
