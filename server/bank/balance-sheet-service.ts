import type { Kysely } from 'kysely';
import {
  BALANCE_SHEET_LINES,
  BALANCE_SHEET_MESSAGES,
  balanceSheetInputSchema,
  periodSchema,
  type BalanceSheet,
  type BalanceSheetLines,
  type BalanceSheetMonth,
  type Ratios,
} from '../../contract/balance-sheet';
import { balanceSheetRatios, totalAssets, type RatioName, type RatioThreshold } from '../../machines/bank-rules';
import { getDepositSettings } from '../products/product-service';
import { depositBalanceAt } from '../deposits/deposit-balance-service';
import type { StaffActor } from '../platform/actor';
import { insertBankAudit } from '../platform/bank-audit';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { BalanceSheetRow, Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { balanceSheetsOfYearThrough, findBalanceSheet, listBalanceSheets, saveBalanceSheet } from './balance-sheet-repository';

/**
 * Neraca Keuangan: an ADMIN enters a month's lines (or imports them); every staff member reads a
 * month with its ratios, and the months on file with theirs (the trend). The deposito line, when
 * not sent, is what Berjangka itself holds at the month's end.
 */

/** The last day of 'YYYY-MM'. */
export function monthEnd(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** A month's balance sheet as entered (`fromBerjangka`: its deposito line is what Berjangka's deposits held at the month's end). */
export function balanceSheetRow(
  entry: { bankId: string; period: string; lines: BalanceSheetLines; fromBerjangka: boolean; source: BalanceSheetRow['source']; enteredBy: string },
  enteredAt: string,
): BalanceSheetRow {
  return {
    bank_id: entry.bankId,
    period: entry.period,
    lines: JSON.stringify(entry.lines),
    deposito_from_berjangka: entry.fromBerjangka ? 1 : 0,
    source: entry.source,
    entered_by: entry.enteredBy,
    entered_at: enteredAt,
  };
}

/** The bank's thresholds (Pengaturan Produk), over DOMAIN.md's defaults. */
async function thresholdsOf(db: Kysely<Database>, bankId: string): Promise<Record<RatioName, RatioThreshold>> {
  return (await getDepositSettings(db, bankId)).ratioThresholds;
}

const linesOf = (row: BalanceSheetRow): BalanceSheetLines => JSON.parse(row.lines) as BalanceSheetLines;

export function createBalanceSheetService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function ratiosOf(bankId: string, row: BalanceSheetRow, thresholds: Record<RatioName, RatioThreshold>): Promise<Ratios> {
    const year = await balanceSheetsOfYearThrough(db, bankId, row.period);
    return balanceSheetRatios({ period: row.period, lines: linesOf(row), totalAssetsThisYear: year.map((month) => totalAssets(linesOf(month))), thresholds });
  }

  async function view(bankId: string, row: BalanceSheetRow): Promise<BalanceSheet> {
    const thresholds = await thresholdsOf(db, bankId);
    const names = await db.selectFrom('users').select('name').where('id', '=', row.entered_by).executeTakeFirst();
    return {
      period: row.period,
      lines: linesOf(row),
      depositoFromBerjangka: row.deposito_from_berjangka === 1,
      totalAssets: totalAssets(linesOf(row)),
      ratios: await ratiosOf(bankId, row, thresholds),
      source: row.source,
      enteredBy: names?.name ?? row.entered_by,
      enteredAt: row.entered_at,
    };
  }

  function requireCurrentOrPast(period: string): void {
    if (period > jakartaDate(clock.now()).slice(0, 7)) throw new ServiceError('invalid', BALANCE_SHEET_MESSAGES.future);
  }

  return {
    /** GET /bpr/neraca-keuangan?period: one month with its ratios. */
    async month(actor: StaffActor, period: unknown): Promise<BalanceSheet> {
      const parsed = parseOrThrow(periodSchema, period);
      const row = await findBalanceSheet(db, actor.bankId, parsed);
      if (!row) throw new ServiceError('not-found', BALANCE_SHEET_MESSAGES.notFound);
      return view(actor.bankId, row);
    },

    /** GET /bpr/neraca-keuangan: the months on file, newest first, each with its ratios. */
    async months(actor: StaffActor): Promise<BalanceSheetMonth[]> {
      const rows = await listBalanceSheets(db, actor.bankId);
      const thresholds = await thresholdsOf(db, actor.bankId);
      const oldestFirst = [...rows].reverse();
      return rows.map((row) => {
        const year = oldestFirst.filter((month) => month.period.slice(0, 4) === row.period.slice(0, 4) && month.period <= row.period);
        return {
          period: row.period,
          totalAssets: totalAssets(linesOf(row)),
          ratios: balanceSheetRatios({ period: row.period, lines: linesOf(row), totalAssetsThisYear: year.map((month) => totalAssets(linesOf(month))), thresholds }),
          enteredAt: row.entered_at,
        };
      });
    },

    /** The newest month's ratios, for Beranda; null when no month is on file. */
    async latestRatios(bankId: string): Promise<({ period: string } & Ratios) | null> {
      const [latest] = await listBalanceSheets(db, bankId);
      if (!latest) return null;
      return { period: latest.period, ...(await ratiosOf(bankId, latest, await thresholdsOf(db, bankId))) };
    },

    /** POST /bpr/neraca-keuangan (ADMIN): enters or replaces a month. */
    async enter(actor: StaffActor, body: unknown, source: 'form' | 'xlsx' = 'form'): Promise<BalanceSheet> {
      if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', BALANCE_SHEET_MESSAGES.adminOnly);
      const input = parseOrThrow(balanceSheetInputSchema, body);
      requireCurrentOrPast(input.period);
      const fromBerjangka = input.lines.deposito === undefined;
      const deposito = fromBerjangka ? await depositBalanceAt(db, actor.bankId, monthEnd(input.period)) : input.lines.deposito!;
      const lines = Object.fromEntries(BALANCE_SHEET_LINES.map((line) => [line, line === 'deposito' ? deposito : input.lines[line]!])) as BalanceSheetLines;
      const now = clock.now().toISOString();
      const row = balanceSheetRow({ bankId: actor.bankId, period: input.period, lines, fromBerjangka, source, enteredBy: actor.userId }, now);
      await db.transaction().execute(async (trx) => {
        const before = await findBalanceSheet(trx, actor.bankId, input.period);
        await saveBalanceSheet(trx, row);
        await insertBankAudit(trx, {
          bankId: actor.bankId,
          actorId: actor.userId,
          at: now,
          subject: 'balance-sheet',
          subjectId: input.period,
          event: before ? 'balanceSheet.replace' : 'balanceSheet.enter',
          payload: { source, depositoFromBerjangka: fromBerjangka, before: before ? linesOf(before) : null, after: lines },
        });
      });
      return view(actor.bankId, row);
    },
  };
}

export type BalanceSheetService = ReturnType<typeof createBalanceSheetService>;
