import { randomBytes } from 'node:crypto';
import { newRowId } from '../platform/row-id';
import type { Kysely } from 'kysely';
import type { InterestPayment, MaturityInstruction } from '../../contract/deposit';
import { depositContext, type DepositContext } from '../../machines/deposit';
import { offeredTenor, type IsoDate } from '../../machines/deposit-rules';
import { insertAudit } from './audit-repository';
import { findCustomer } from './customer-repository';
import { depositNumberTaken, insertDeposit, insertPeriod } from './deposit-repository';
import { findProduct, productRules, type ProductWithRates } from '../products/product-service';
import type { CustomerRow, Database, DepositPeriodRow, DepositRow } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';

/**
 * A placement arriving from the channel partner (or typed in at the BPR): a new deposit waiting
 * for approval, with its first period and a 'deposit.create' audit row, in one transaction. The
 * rate is the product's rate for the tenor today unless the caller fixes one (the platform's
 * quote). Placements are not an API.md route in this issue; demo data and tests use this.
 */
export interface PlacementInput {
  bankId: string;
  customerId: string;
  productId: string;
  amount: number;
  tenorMonths: number;
  placementDate: IsoDate;
  /** Value date; defaults to the placement date. */
  depositDate?: IsoDate;
  instruction: MaturityInstruction;
  rateBps?: number;
  interestPayment?: InterestPayment;
  channel?: string | null;
  depositNumber?: string;
  /** How a new deposit number is drawn (tests draw repeats); DEP-YYMM and 8 random hex digits otherwise. */
  drawDepositNumber?: (placementDate: IsoDate) => string;
  /** Who recorded it: a user id, or 'SYSTEM' for the platform feed. */
  actorId?: string;
  /** A placement at the counter: its maker (who may not approve it) and how the money came in. */
  counter?: { placedBy: string; funding: PlacementFunding };
  /** A placement through the partner API: the partner's own reference and the transfer it made. */
  partner?: { referenceNo: string; funding: PlacementFunding };
  now: string;
  /** The customer and product as the caller read them in the transaction this placement joins (not read again). */
  known?: { customer: CustomerRow; product: ProductWithRates };
}

export interface PlacementFunding {
  method: string;
  reference: string;
  receivedAt: IsoDate;
}

/** DEP-YYMM-XXXXXXXX: the placement month and 8 random hex digits (unique per bank by index). */
function newDepositNumber(placementDate: IsoDate): string {
  return `DEP-${placementDate.slice(2, 4)}${placementDate.slice(5, 7)}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * A deposit number this bank has not used. Eight hex digits make a repeat rare but not
 * impossible: among 20,000 placements in a month one is likelier than not to meet an earlier
 * number (the partner benchmark met one), which the unique index would refuse with a 500.
 */
async function unusedDepositNumber(db: Kysely<Database>, bankId: string, placementDate: IsoDate, draw: (placementDate: IsoDate) => string): Promise<string> {
  for (;;) {
    const number = draw(placementDate);
    if (!(await depositNumberTaken(db, bankId, number))) return number;
  }
}

/**
 * The row of a deposit entering Berjangka in its context's period (a placement, pending; an
 * imported running deposit, active with its bilyet received): one shape for every door.
 */
export function newDepositRow(
  context: DepositContext,
  fields: {
    bankId: string;
    depositNumber: string;
    customer: Pick<CustomerRow, 'id' | 'name' | 'nik'>;
    productId: string;
    status: DepositRow['status'];
    channel: string | null;
    now: string;
    bilyet?: { status: DepositRow['bilyet_status']; number: string };
    counter?: PlacementInput['counter'];
    partner?: PlacementInput['partner'];
  },
): DepositRow {
  const funding = fields.counter?.funding ?? fields.partner?.funding;
  return {
    id: context.depositId,
    bank_id: fields.bankId,
    deposit_number: fields.depositNumber,
    customer_id: fields.customer.id,
    customer_name: fields.customer.name,
    customer_nik: fields.customer.nik,
    product_id: fields.productId,
    status: fields.status,
    amount: context.amount,
    rate_bps: context.rateBps,
    tenor_months: context.tenorMonths,
    placement_date: context.placementDate,
    deposit_date: context.depositDate,
    period_start: context.periodStart,
    maturity_date: context.maturityDate,
    period_number: context.periodNumber,
    maturity_instruction: context.instruction,
    interest_payment: context.interestPayment,
    channel: fields.channel,
    bilyet_status: fields.bilyet?.status ?? 'none',
    bilyet_number: fields.bilyet?.number ?? null,
    shipment_status: null,
    signature_status: null,
    break_requested_by: null,
    break_requested_on: null,
    break_date: null,
    break_reason: null,
    settlement: null,
    disbursement_reason: null,
    close_reason: null,
    status_reason: null,
    version: 1,
    created_at: fields.now,
    updated_at: fields.now,
    placed_by: fields.counter?.placedBy ?? null,
    funding_method: funding?.method ?? null,
    funding_reference: funding?.reference ?? null,
    funding_received_at: funding?.receivedAt ?? null,
    partner_reference_no: fields.partner?.referenceNo ?? null,
    hold_label: null,
    hold_stops_interest: 0,
  };
}

/** The terms of a deposit's period, as its context has them. */
type PeriodTerms = Pick<DepositContext, 'periodNumber' | 'periodStart' | 'maturityDate' | 'amount' | 'rateBps' | 'tenorMonths' | 'instruction'>;

/** The row of the period a deposit's context is in: its first (a placement, an import), a rollover's or an extension's. */
export function newPeriodRow(depositId: string, period: PeriodTerms, startedBy: DepositPeriodRow['started_by'], now: string, id: string = newRowId()): DepositPeriodRow {
  return {
    id,
    deposit_id: depositId,
    period_number: period.periodNumber,
    period_start: period.periodStart,
    maturity_date: period.maturityDate,
    amount: period.amount,
    rate_bps: period.rateBps,
    tenor_months: period.tenorMonths,
    maturity_instruction: period.instruction,
    started_by: startedBy,
    created_at: now,
  };
}

export async function placeDeposit(db: Kysely<Database>, input: PlacementInput): Promise<DepositRow> {
  return db.transaction().execute(async (trx) => {
    const customer = input.known?.customer ?? (await findCustomer(trx, input.bankId, input.customerId));
    if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
    const product = input.known?.product ?? (await findProduct(trx, input.bankId, input.productId));
    if (!product) throw new ServiceError('not-found', 'Produk deposito tidak ditemukan.');
    // A deactivated product takes no new placements (DOMAIN.md); the approval refuses those placed before.
    if (product.active !== 1) throw new ServiceError('conflict', 'Produk deposito ini sudah tidak aktif.');
    // The rate in force on the value date: a rate change applies to periods starting from its date.
    const valueDate = input.depositDate ?? input.placementDate;
    const rateBps = input.rateBps ?? offeredTenor(productRules(product), input.tenorMonths, valueDate)?.rateBps;
    if (rateBps === undefined) throw new ServiceError('invalid', `Tenor ${input.tenorMonths} bulan tidak ditawarkan produk ini.`);
    const context = depositContext({
      depositId: newRowId(),
      amount: input.amount,
      rateBps,
      tenorMonths: input.tenorMonths,
      placementDate: input.placementDate,
      depositDate: input.depositDate ?? input.placementDate,
      instruction: input.instruction,
      interestPayment: input.interestPayment ?? product.interest_payment,
      product: productRules(product),
    });
    const row = newDepositRow(context, {
      bankId: input.bankId,
      depositNumber: input.depositNumber ?? (await unusedDepositNumber(trx, input.bankId, input.placementDate, input.drawDepositNumber ?? newDepositNumber)),
      customer,
      productId: product.id,
      status: 'pending',
      channel: input.channel ?? null,
      now: input.now,
      counter: input.counter,
      partner: input.partner,
    });
    await insertDeposit(trx, row);
    await insertPeriod(trx, newPeriodRow(row.id, context, 'placement', input.now));
    await insertAudit(trx, {
      id: newRowId(),
      bank_id: row.bank_id,
      deposit_id: row.id,
      actor_id: input.actorId ?? 'SYSTEM',
      at: input.now,
      seq: 10,
      from_status: null,
      to_status: 'pending',
      event: 'deposit.create',
      payload: JSON.stringify({ amount: row.amount, tenorMonths: row.tenor_months, rateBps: row.rate_bps, channel: row.channel, ...(input.counter ? { funding: input.counter.funding } : {}), ...(input.partner ? { partnerReferenceNo: input.partner.referenceNo, funding: input.partner.funding } : {}) }),
    });
    return row;
  });
}
