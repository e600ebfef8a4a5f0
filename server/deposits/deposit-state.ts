import type { Kysely } from 'kysely';
import type { DepositStatus } from '../../contract/deposit';
import { depositContext, restoreDeposit, type BreakRequest, type DepositContext, type DepositSnapshot } from '../../machines/deposit';
import { taxInterest, type HoldInForce, type BreakPreview, type InstallmentState, type TaxContext } from '../../machines/deposit-rules';
import { customerPrincipal, findDeposit, findDepositById, TAX_ACTIVE_STATUSES } from './deposit-repository';
import { installmentsOfDeposit } from '../interest/installment-service';
import { findProduct, getDepositSettings, productRules, type DepositSettings, type ProductWithRates } from '../products/product-service';
import type { Database, DepositRow, DepositUpdate, InstallmentRow } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';

/**
 * A deposit as the machine sees it: the stored row turned into `DepositContext` (and back), with
 * what the effects need (product, settings, installments). The rules stay in machines/; this
 * module only translates between rows and the machine's vocabulary.
 */

const DEPOSIT_NOT_FOUND = 'Deposito tidak ditemukan.';
export const STALE_DEPOSIT = 'Data telah berubah, muat ulang.';

export interface LoadedDeposit {
  row: DepositRow;
  product: ProductWithRates;
  settings: DepositSettings;
  installments: InstallmentRow[];
  context: DepositContext;
  snapshot: DepositSnapshot;
}

type Db = Kysely<Database>;

/** Holidays near the maturity are all the stop-ARO cut-off needs (machines/deposit.ts). */
function holidaysNear(holidays: string[], maturityDate: string): string[] {
  const from = `${Number(maturityDate.slice(0, 4)) - 1}${maturityDate.slice(4)}`;
  return holidays.filter((day) => day >= from && day <= maturityDate);
}

/** The hold in force the row keeps (server/holds writes it), or null. */
function holdInForceOf(row: Pick<DepositRow, 'hold_label' | 'hold_stops_interest'>): HoldInForce | null {
  return row.hold_label ? { label: row.hold_label, stopsInterestPayout: Number(row.hold_stops_interest) === 1 } : null;
}

/** The break request stored on the row, or null. */
export function breakRequestOf(row: DepositRow): BreakRequest | null {
  return row.break_requested_by && row.break_requested_on && row.break_date
    ? { requestedBy: row.break_requested_by, requestedOn: row.break_requested_on, breakDate: row.break_date, reason: row.break_reason }
    : null;
}

export function contextFromRow(row: DepositRow, product: ProductWithRates, settings: DepositSettings): DepositContext {
  return depositContext({
    depositId: row.id,
    amount: Number(row.amount),
    rateBps: row.rate_bps,
    tenorMonths: row.tenor_months,
    placementDate: row.placement_date,
    placedBy: row.placed_by,
    depositDate: row.deposit_date,
    periodStart: row.period_start,
    maturityDate: row.maturity_date,
    periodNumber: row.period_number,
    instruction: row.maturity_instruction,
    interestPayment: row.interest_payment,
    product: productRules(product),
    holidays: holidaysNear(settings.holidays, row.maturity_date),
    breakRequest: breakRequestOf(row),
    settlement: parseSettlement(row.settlement),
    disbursementReason: row.disbursement_reason,
    closeReason: row.close_reason,
    payment: null,
    bilyet: row.bilyet_status,
    shipment: row.shipment_status,
    signature: row.signature_status,
    hold: holdInForceOf(row),
  });
}

/** The columns a decided context changes (the tracks are not the lifecycle's to write). */
export function rowChanges(status: DepositStatus, context: DepositContext): DepositUpdate {
  return {
    status,
    amount: context.amount,
    rate_bps: context.rateBps,
    tenor_months: context.tenorMonths,
    deposit_date: context.depositDate,
    period_start: context.periodStart,
    maturity_date: context.maturityDate,
    period_number: context.periodNumber,
    maturity_instruction: context.instruction,
    break_requested_by: context.breakRequest?.requestedBy ?? null,
    break_requested_on: context.breakRequest?.requestedOn ?? null,
    break_date: context.breakRequest?.breakDate ?? null,
    break_reason: context.breakRequest?.reason ?? null,
    settlement: context.settlement ? JSON.stringify(context.settlement) : null,
    disbursement_reason: context.disbursementReason,
    close_reason: context.closeReason,
  };
}

/** Where a transition reads a deposit's product (with its tenors) and its bank's settings. */
export interface ReferenceReads {
  product(db: Db, bankId: string, productId: string): Promise<ProductWithRates | undefined>;
  settings(db: Db, bankId: string): Promise<DepositSettings>;
}

/** Read anew for every transition (staff's requests). */
export const freshReferenceReads: ReferenceReads = { product: findProduct, settings: getDepositSettings };

/**
 * Read once and kept, for one run of the daily job: its thousands of transitions share a handful
 * of products and banks, and reading them per deposit was three of its ~15 statements per
 * deposit (on PostgreSQL each a round trip). The job already reads the banks' tax settings once
 * per run (posting-tax-service.ts); a product edited while a run is under way applies from the
 * next run, as an edit made just after the run does. The first read goes through the caller's
 * transaction (`db`), so a job group never reads outside its own connection.
 */
export function cachedReferenceReads(): ReferenceReads {
  const products = new Map<string, Promise<ProductWithRates | undefined>>();
  const settings = new Map<string, Promise<DepositSettings>>();
  const remember = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
    let value = cache.get(key);
    if (!value) {
      value = read();
      cache.set(key, value);
      // A failed read is not kept: the next transition reads again.
      value.catch(() => cache.delete(key));
    }
    return value;
  };
  return {
    product: (db, bankId, productId) => remember(products, `${bankId}\u0000${productId}`, () => findProduct(db, bankId, productId)),
    settings: (db, bankId) => remember(settings, bankId, () => getDepositSettings(db, bankId)),
  };
}

/** Loads a deposit of `bankId` (null: any bank, for the daily job); 404 when absent. */
export async function loadDeposit(db: Db, bankId: string | null, depositId: string, reference: ReferenceReads = freshReferenceReads): Promise<LoadedDeposit> {
  const loaded = await findLoadedDeposit(db, bankId, depositId, reference);
  if (!loaded) throw new ServiceError('not-found', DEPOSIT_NOT_FOUND);
  return loaded;
}

/** As loadDeposit, but undefined when the deposit does not exist. */
export async function findLoadedDeposit(db: Db, bankId: string | null, depositId: string, reference: ReferenceReads = freshReferenceReads): Promise<LoadedDeposit | undefined> {
  const row = bankId === null ? await findDepositById(db, depositId) : await findDeposit(db, bankId, depositId);
  if (!row) return undefined;
  const [product, settings, installments] = await Promise.all([
    reference.product(db, row.bank_id, row.product_id),
    reference.settings(db, row.bank_id),
    installmentsOfDeposit(db, row.id),
  ]);
  if (!product) throw new Error(`deposit ${row.id} refers to a missing product ${row.product_id}`);
  const context = contextFromRow(row, product, settings);
  return { row, product, settings, installments, context, snapshot: restoreDeposit(row.status, context) };
}

/** The current period's installments as the break rule reads them. */
export function currentPeriodInstallments(loaded: Pick<LoadedDeposit, 'installments' | 'row'>): InstallmentState[] {
  return loaded.installments
    .filter((item) => item.period_number === loaded.row.period_number && item.status !== 'cancelled')
    .map((item) => ({ periodStart: item.period_start, periodEnd: item.period_end, grossInterest: Number(item.gross_interest), paid: item.status === 'paid' }));
}

export interface UnpaidFigures {
  id: string;
  posted: boolean;
  grossInterest: number;
  tax: number;
  netInterest: number;
}

/**
 * Installments not paid yet that a payout settles (`which` picks them): due ones as posted;
 * scheduled ones taxed on today's standing, as the daily job would on their pay date.
 */
export async function unpaidFigures(trx: Db, loaded: LoadedDeposit, context: DepositContext, which: (item: LoadedDeposit['installments'][number]) => boolean): Promise<UnpaidFigures[]> {
  const open = loaded.installments.filter((item) => (item.status === 'scheduled' || item.status === 'due') && which(item));
  const taxContext = open.some((item) => item.status === 'scheduled') ? await taxContextFor(trx, loaded.row, context.amount, loaded.settings) : null;
  return open.map((item) => {
    const grossInterest = Number(item.gross_interest);
    if (item.status === 'due' || !taxContext) return { id: item.id, posted: true, grossInterest, tax: Number(item.tax), netInterest: Number(item.net_interest) };
    const taxed = taxInterest(grossInterest, taxContext);
    return { id: item.id, posted: false, grossInterest, tax: taxed.tax, netInterest: taxed.net };
  });
}

/** Installments of a period before the current one (a break settles them at their own figures). */
export const ofEarlierPeriod = (loaded: LoadedDeposit) => (item: LoadedDeposit['installments'][number]) => item.period_number < loaded.row.period_number;

/** A stored break settlement; those fixed before earlier periods' interest was settled with the break have none. */
export function parseSettlement(text: string | null): BreakPreview | null {
  if (!text) return null;
  return { earlierInterest: 0, earlierTax: 0, ...(JSON.parse(text) as Partial<BreakPreview>) } as BreakPreview;
}

/**
 * The tax context of a posting for this deposit's customer: the customer's active principal in
 * their other deposits plus `amount` for this one (it is, or becomes, active during the period
 * being taxed). Read inside the transition, so it does not matter whether this row is already
 * written with its new status.
 */
/** `customerIsNew`: the customer was created in this same transaction, so has no other deposit to read. */
export async function taxContextFor(db: Db, row: Pick<DepositRow, 'id' | 'customer_id'>, amount: number, settings: DepositSettings, customerIsNew = false): Promise<TaxContext> {
  const others = customerIsNew ? 0 : await customerPrincipal(db, row.customer_id, TAX_ACTIVE_STATUSES, row.id);
  return {
    customerActivePrincipal: others + amount,
    settings: { taxBps: settings.taxBps, thresholdRupiah: settings.taxThreshold },
  };
}
