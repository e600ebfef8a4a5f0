import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { afterRow, type ExportSource } from '../platform/xlsx/keyset';
import { keysetBatches } from '../platform/xlsx/xlsx-stream';
import type { MonthRange } from './movements-repository';

/**
 * The month's interest for Bunga dan PPh: the installments whose pay date falls in it — the rows
 * of GET /deposito/monthly-interest (scheduled, due and paid; cancelled ones are settled by a
 * break's payout instead) — with their gross interest, the final tax withheld and the net.
 */

type Db = Kysely<Database>;

const LISTED = ['scheduled', 'due', 'paid'] as const;

function installmentsOf(db: Db, range: MonthRange) {
  return db
    .selectFrom('interest_installments as i')
    .innerJoin('deposits as d', 'd.id', 'i.deposit_id')
    .where('i.bank_id', '=', range.bankId)
    .where('i.pay_date', '>=', range.from)
    .where('i.pay_date', '<=', range.to)
    .where('i.status', 'in', [...LISTED]);
}

export interface InterestSums {
  count: number;
  gross: number;
  tax: number;
  net: number;
}

export interface InterestGroup extends InterestSums {
  productId: string;
  /** Tax withheld (true) or not (false). */
  taxed: boolean;
  /** Of them, still scheduled (their pay date has not come yet). */
  scheduled: number;
}

/** The month's installments per product and taxed or not. */
export async function interestGroups({ db, reads }: ExportSource, range: MonthRange): Promise<InterestGroup[]> {
  const taxed = sql<number>`case when i.tax > 0 then 1 else 0 end`;
  const rows = await reads.rows(
    installmentsOf(db, range)
      .select([
        'd.product_id',
        taxed.as('taxed'),
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum(i.gross_interest), 0)`.as('gross'),
        sql<number>`coalesce(sum(i.tax), 0)`.as('tax'),
        sql<number>`coalesce(sum(i.net_interest), 0)`.as('net'),
        sql<number>`coalesce(sum(case when i.status = 'scheduled' then 1 else 0 end), 0)`.as('scheduled'),
      ])
      .groupBy(['d.product_id', taxed]),
  );
  return rows.map((row) => ({
    productId: row.product_id,
    taxed: Number(row.taxed) === 1,
    count: Number(row.count),
    gross: Number(row.gross),
    tax: Number(row.tax),
    net: Number(row.net),
    scheduled: Number(row.scheduled),
  }));
}

export interface ExemptInstallmentRow {
  id: string;
  pay_date: string;
  period_start: string;
  period_end: string;
  status: string;
  gross_interest: number;
  net_interest: number;
  deposit_number: string;
  customer_name: string;
  customer_nik: string;
  product_id: string;
  principal: number;
}

/**
 * Installments of the month with no tax withheld (the customer's active principal was at or below
 * the threshold on the posting date), by pay date: the exempt interest the tax return lists.
 */
export function exemptInstallments({ db, reads }: ExportSource, range: MonthRange, batchSize = 1000): AsyncIterable<ExemptInstallmentRow[]> {
  return keysetBatches<ExemptInstallmentRow, readonly unknown[]>(
    (after, limit) => {
      let query = installmentsOf(db, range)
        .leftJoin('deposit_periods as p', (join) => join.onRef('p.deposit_id', '=', 'i.deposit_id').onRef('p.period_number', '=', 'i.period_number'))
        .where('i.tax', '=', 0)
        .where('i.gross_interest', '>', 0)
        .select([
          'i.id',
          'i.pay_date',
          'i.period_start',
          'i.period_end',
          'i.status',
          'i.gross_interest',
          'i.net_interest',
          'd.deposit_number',
          'd.customer_name',
          'd.customer_nik',
          'd.product_id',
          sql<number>`coalesce(p.amount, d.amount)`.as('principal'),
        ]);
      if (after) query = query.where((eb) => afterRow(eb, ['i.pay_date', 'i.id'], after, 'asc'));
      return reads.rows(query.orderBy('i.pay_date').orderBy('i.id').limit(limit)) as Promise<ExemptInstallmentRow[]>;
    },
    (row) => [row.pay_date, row.id],
    batchSize,
  );
}
