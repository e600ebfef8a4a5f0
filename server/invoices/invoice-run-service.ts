import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { depositInvoiceLines, invoiceDates, invoiceTotals, monthBounds, MissingFeeRateError, type FeeLine } from '../../machines/bank-rules';
import { bankBillingParty } from '../auth/profile-service';
import type { Clock } from '../platform/clock';
import type { PlatformIdentity } from '../platform/config';
import type { Database } from '../platform/db/schema';
import { banksByName, channelPartners, channelPeriodsOfMonth, countInvoicesOfPeriod, insertInvoice, invoicedBankIds, type ChannelPartner, type ChannelPeriodRow } from './invoice-repository';

/**
 * The monthly run (DOMAIN.md "Platform invoices"): for one month, an invoice to every bank with
 * channel deposits active in it, from the deposits as the database holds them. server/jobs runs
 * it after the daily job of the 1st (monthly-invoices.ts); the demo seed runs it for past months.
 *
 * Idempotent per bank and month: a bank that has the month's invoice is skipped, and the unique
 * (bank_id, period) index turns a second writer's insert into nothing (insertInvoice). A bank that
 * cannot be billed — a deposit's channel is not a known partner, or has no fee rate for a day —
 * gets no invoice and is reported: an incomplete tax document is worse than a late one, and the
 * next run bills it once the partner is set up (`npm run admin -- channel …`).
 */

export interface InvoiceRunDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The issuer and its account (configuration), copied into each invoice. */
  seller: PlatformIdentity;
  logger?: Logger;
}

export interface InvoiceRunReport {
  period: string;
  issued: number;
  lines: number;
  /** Banks that had the invoice already. */
  alreadyIssued: number;
  /** Banks with no channel deposit active in the month: nothing to bill. */
  nothingToBill: number;
  refused: Array<{ bankId: string; bankName: string; reason: string }>;
}

/** Invoice numbers: the platform's own series per billed month, e.g. INV/BRJ/2026-10/0001. */
export function invoiceNumber(period: string, sequence: number): string {
  return `INV/BRJ/${period}/${String(sequence).padStart(4, '0')}`;
}

/** The lines of one bank's month, in print order (partner, deposit, date), or why it cannot be billed. */
function billedLines(rows: readonly ChannelPeriodRow[], partners: ReadonlyMap<string, ChannelPartner>, period: string): { lines: Array<FeeLine & { depositId: string }> } | { refusal: string } {
  const byDeposit = new Map<string, ChannelPeriodRow[]>();
  for (const row of rows) {
    const periods = byDeposit.get(row.deposit_id);
    if (periods) periods.push(row);
    else byDeposit.set(row.deposit_id, [row]);
  }
  const unknown = new Set<string>();
  const lines: Array<FeeLine & { depositId: string }> = [];
  for (const [depositId, periods] of byDeposit) {
    const first = periods[0]!;
    const partner = partners.get(first.channel);
    if (!partner) {
      unknown.add(first.channel);
      continue;
    }
    const broken = first.disbursement_reason === 'broken' || first.close_reason === 'broken';
    try {
      const deposit = {
        depositNumber: first.deposit_number,
        channel: first.channel,
        brokenOn: broken ? first.break_date : null,
        periods: periods.map((row) => ({ periodStart: row.period_start, maturityDate: row.maturity_date, principal: row.amount })),
      };
      for (const line of depositInvoiceLines(deposit, partner.rates, period)) lines.push({ ...line, depositId });
    } catch (error) {
      if (error instanceof MissingFeeRateError) return { refusal: `mitra penyalur "${error.channel}" belum memiliki tarif yang berlaku pada ${error.date}` };
      throw error;
    }
  }
  if (unknown.size > 0) return { refusal: `mitra penyalur belum terdaftar: ${[...unknown].sort().map((code) => `"${code}"`).join(', ')}` };
  lines.sort((a, b) => a.channel.localeCompare(b.channel) || a.depositNumber.localeCompare(b.depositNumber) || a.activeFrom.localeCompare(b.activeFrom));
  return { lines };
}

/**
 * Bills `period` ('YYYY-MM') for every bank not yet billed for it — or only `onlyBankIds` (the
 * demo seed bills its own banks' past months, never a real bank's).
 */
export async function issueMonthlyInvoices(deps: InvoiceRunDeps, period: string, onlyBankIds?: ReadonlySet<string>): Promise<InvoiceRunReport> {
  const { db } = deps;
  const report: InvoiceRunReport = { period, issued: 0, lines: 0, alreadyIssued: 0, nothingToBill: 0, refused: [] };
  const { first, next } = monthBounds(period);
  const { issuedOn, dueDate } = invoiceDates(period);
  const partners = await channelPartners(db);
  const invoiced = await invoicedBankIds(db, period);
  let sequence = await countInvoicesOfPeriod(db, period);
  const { bankName, accountNumber, accountName, ...seller } = deps.seller;
  const sellerJson = JSON.stringify({ ...seller, bankName, accountNumber, accountName });

  for (const bank of await banksByName(db)) {
    if (onlyBankIds && !onlyBankIds.has(bank.id)) continue;
    if (invoiced.has(bank.id)) {
      report.alreadyIssued += 1;
      continue;
    }
    const billed = billedLines(await channelPeriodsOfMonth(db, bank.id, first, next), partners, period);
    if ('refusal' in billed) {
      report.refused.push({ bankId: bank.id, bankName: bank.name, reason: billed.refusal });
      deps.logger?.error({ bankId: bank.id, period, reason: billed.refusal }, 'platform invoice not issued; the next run tries again');
      continue;
    }
    if (billed.lines.length === 0) {
      report.nothingToBill += 1;
      continue;
    }
    const totals = invoiceTotals(billed.lines.map((line) => line.fee));
    const buyer = await bankBillingParty(db, bank.id);
    const id = randomUUID();
    const written = await db.transaction().execute((trx) =>
      insertInvoice(
        trx,
        {
          id,
          bank_id: bank.id,
          period,
          number: invoiceNumber(period, sequence + 1),
          issued_on: issuedOn,
          due_date: dueDate,
          paid_at: null,
          payment_reference: null,
          line_count: billed.lines.length,
          ...totals,
          seller: sellerJson,
          buyer: JSON.stringify(buyer),
          created_at: deps.clock.now().toISOString(),
        },
        billed.lines.map((line, index) => ({
          invoice_id: id,
          line_number: index + 1,
          deposit_id: line.depositId,
          deposit_number: line.depositNumber,
          channel: line.channel,
          principal: line.principal,
          active_from: line.activeFrom,
          active_to: line.activeTo,
          days: line.days,
          fee_bps: line.feeBps,
          fee: line.fee,
        })),
      ),
    );
    if (!written) {
      report.alreadyIssued += 1;
      continue;
    }
    sequence += 1;
    report.issued += 1;
    report.lines += billed.lines.length;
  }
  return report;
}
