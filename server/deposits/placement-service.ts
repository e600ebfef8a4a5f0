import type { Kysely } from 'kysely';
import type { InterestPayment, MaturityInstruction } from '../../contract/deposit';
import { placementPreviewQuerySchema, placementRequestSchema } from '../../contract/placement';
import { latestValueDate } from '../../machines/deposit';
import { COUNTER_CHANNEL, formatDateId, formatRateBps, formatRupiah, isAfter, type IsoDate, isAmountAllowed, isBefore, lpsRateOn, offeredTenor, placementPreview, specialRateProblem, type PlacementPreview } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { CustomerRow, Database, DepositRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { findProduct, findProductWithRatesByCode, getDepositSettings, instructionsAllowed, productRules, type ProductWithRates } from '../products/product-service';
import { findCustomer } from './customer-repository';
import { placeDeposit } from './deposit-placement';
import { findDepositByPartnerReference, installmentProgress, listPeriods } from './deposit-repository';
import type { DepositService } from './deposit-service';
import { taxContextFor } from './deposit-state';

const INTEREST_PAYMENT_WORDS = { MONTHLY: 'setiap bulan', AT_MATURITY: 'saat jatuh tempo' } as const;

/**
 * Penempatan Baru (DOMAIN.md "At the counter"): the preview a counter form asks for, and the
 * placement — a `pending` deposit of channel COUNTER with its maker and how the money came in,
 * which a supervisor other than the maker approves (machines/deposit: deposit.approve).
 * The rate is the product's for the tenor on the value date.
 */
export function createPlacementService(deps: { db: Kysely<Database>; clock: Clock; deposits: Pick<DepositService, 'detail'> }) {
  const { db, clock } = deps;

  type Terms = ReturnType<typeof placementPreviewQuerySchema.parse>;

  /**
   * Everything the terms break, said at once; else the preview and what placing needs. `known`:
   * the customer and product the caller read already in this same transaction, and whether it
   * created that customer (no other deposit of theirs to count for the tax threshold).
   */
  async function previewOf(bankId: string, terms: Terms, known: { customer?: CustomerRow; product?: ProductWithRates; customerIsNew?: boolean } = {}): Promise<{ preview: PlacementPreview; today: string; customer: CustomerRow; product: ProductWithRates }> {
    const customer = known.customer ?? (await findCustomer(db, bankId, terms.customerId));
    if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
    const product = known.product ?? (await findProduct(db, bankId, terms.productId));
    if (!product) throw new ServiceError('not-found', 'Produk deposito tidak ditemukan.');
    if (product.active !== 1) throw new ServiceError('conflict', 'Produk deposito ini sudah tidak aktif.');
    const rules = productRules(product);
    const today = jakartaDate(clock.now());
    const problems: string[] = [];
    if (!isAmountAllowed(rules, terms.amount)) {
      problems.push(
        rules.maxAmount === null
          ? `Nominal ${formatRupiah(terms.amount)} di bawah minimum produk ${formatRupiah(rules.minAmount)}.`
          : `Nominal ${formatRupiah(terms.amount)} di luar batas produk (${formatRupiah(rules.minAmount)} – ${formatRupiah(rules.maxAmount)}).`,
      );
    }
    if (!instructionsAllowed(product).includes(terms.maturityInstruction)) problems.push('Instruksi jatuh tempo ini tidak tersedia untuk produk ini.');
    if (product.interest_payment !== terms.interestPayment) problems.push(`Produk ini membayar bunga ${INTEREST_PAYMENT_WORDS[product.interest_payment]}.`);
    if (isBefore(terms.depositDate, today)) problems.push(`Tanggal efektif tidak boleh sebelum hari ini (${formatDateId(today)}).`);
    if (isAfter(terms.depositDate, latestValueDate(today))) problems.push(`Tanggal efektif paling lambat satu tahun dari hari ini (${formatDateId(latestValueDate(today))}).`);
    const offered = offeredTenor(rules, terms.tenorMonths, terms.depositDate);
    if (!offered) problems.push(`Tenor ${terms.tenorMonths} bulan tidak ditawarkan produk ini.`);
    if (problems.length > 0 || !offered) throw new ValidationError(problems);

    const settings = await getDepositSettings(db, bankId);
    const lpsRateBps = lpsRateOn(settings.lpsRates, terms.depositDate);
    const rateBps = terms.rateBps ?? offered.rateBps;
    const rateProblem = specialRateProblem({ rateBps, productRateBps: offered.rateBps, lpsRateBps, ceilingBps: rules.specialRateCeilingBps ?? null });
    if (rateProblem) throw new ValidationError([rateProblem]);
    const preview = placementPreview({
      amount: terms.amount,
      rateBps,
      productRateBps: offered.rateBps,
      depositDate: terms.depositDate,
      tenorMonths: terms.tenorMonths,
      interestPayment: terms.interestPayment,
      holidays: settings.holidays,
      // A new deposit has no row yet: the customer's others plus this amount.
      tax: await taxContextFor(db, { id: '', customer_id: customer.id }, terms.amount, settings, known.customerIsNew === true),
      lpsRateBps,
    });
    return { preview, today, customer, product };
  }

  return {
    /** GET /deposito/placement/preview: nothing written. */
    async preview(actor: StaffActor, query: Record<string, unknown>): Promise<PlacementPreview> {
      return (await previewOf(actor.bankId, parseOrThrow(placementPreviewQuerySchema, query))).preview;
    },

    /** POST /deposito/placement: the preview's terms and the funding; 201 the deposit's detail. */
    async place(actor: StaffActor, body: unknown) {
      const request = parseOrThrow(placementRequestSchema, body);
      const { preview, today } = await previewOf(actor.bankId, request);
      if (isAfter(request.funding.receivedAt, today)) throw new ValidationError(['Tanggal setoran diterima tidak boleh setelah hari ini.']);
      const row = await placeDeposit(db, {
        bankId: actor.bankId,
        customerId: request.customerId,
        productId: request.productId,
        amount: request.amount,
        tenorMonths: request.tenorMonths,
        placementDate: today,
        depositDate: request.depositDate,
        instruction: request.maturityInstruction,
        interestPayment: request.interestPayment,
        rateBps: preview.rateBps,
        channel: COUNTER_CHANNEL,
        actorId: actor.userId,
        counter: { placedBy: actor.userId, funding: request.funding },
        now: clock.now().toISOString(),
      });
      return deps.deposits.detail(actor, row.id);
    },

    /**
     * A placement through the partner API (DOMAIN.md "From a channel partner"): the counter's
     * checks, valued today, at the bank's rate of the day for the product and tenor only (a
     * partner's quote that differs is refused: 409); a `pending` deposit of the partner's channel
     * that staff approve as any other.
     */
    /** The deposit a partner placed under its reference, with its periods and installments paid; undefined when it has none. */
    partnerView: (channelCode: string, partnerReferenceNo: string) => partnerDepositView(db, channelCode, partnerReferenceNo),

    /** The deposit a partner placed under its own reference; undefined when it has none by that reference. */
    partnerDeposit: (channelCode: string, partnerReferenceNo: string) => findDepositByPartnerReference(db, channelCode, partnerReferenceNo),

    async placeFromPartner(input: PartnerPlacement): Promise<DepositRow> {
      if (await findDepositByPartnerReference(db, input.channelCode, input.partnerReferenceNo)) {
        throw new ServiceError('conflict', `partnerReferenceNo ${input.partnerReferenceNo} sudah dipakai penempatan lain.`, { duplicateReference: true });
      }
      const found = await findProductWithRatesByCode(db, input.bankId, input.productCode);
      if (!found) throw new ServiceError('not-found', `Produk ${input.productCode} tidak ada di bank ini.`);
      const productId = found.id;
      const today = jakartaDate(clock.now());
      const terms = { customerId: input.customerId, productId, tenorMonths: input.tenorMonths, amount: input.amount, depositDate: today, maturityInstruction: input.maturityInstruction, interestPayment: input.interestPayment };
      // The partner's call runs in one transaction (its X-EXTERNAL-ID's): what is read here holds for the insert.
      const { preview, customer, product } = await previewOf(input.bankId, terms, { product: found, ...(input.customer ? { customer: input.customer, customerIsNew: input.customerIsNew === true } : {}) });
      if (input.rateBps !== preview.productRateBps) {
        throw new ServiceError('conflict', `Suku bunga ${formatRateBps(input.rateBps)} bukan suku bunga bank hari ini untuk produk dan tenor ini (${formatRateBps(preview.productRateBps)}).`);
      }
      if (isAfter(input.funding.paidAt, today)) throw new ValidationError(['Tanggal transfer (funding.paidAt) tidak boleh setelah hari ini.']);
      return placeDeposit(db, {
        bankId: input.bankId,
        customerId: input.customerId,
        productId,
        amount: input.amount,
        tenorMonths: input.tenorMonths,
        placementDate: today,
        depositDate: today,
        instruction: input.maturityInstruction,
        interestPayment: input.interestPayment,
        rateBps: preview.productRateBps,
        channel: input.channelCode,
        actorId: partnerActorId(input.channelCode),
        partner: { referenceNo: input.partnerReferenceNo, funding: { method: 'TRANSFER', reference: input.funding.reference, receivedAt: input.funding.paidAt } },
        now: clock.now().toISOString(),
        known: { customer, product },
      });
    },
  };
}

/** What a partner may know of a deposit it placed: the deposit, its periods and its installments paid. */
async function partnerDepositView(db: Kysely<Database>, channelCode: string, partnerReferenceNo: string) {
  const row = await findDepositByPartnerReference(db, channelCode, partnerReferenceNo);
  if (!row) return undefined;
  const [periods, installments] = await Promise.all([listPeriods(db, row.id), installmentProgress(db, row.id)]);
  return { row, periods, installments };
}

/** Who a partner's action is recorded as on a deposit's timeline. */
export const partnerActorId = (channelCode: string) => `partner:${channelCode}`;

interface PartnerPlacement {
  bankId: string;
  channelCode: string;
  partnerReferenceNo: string;
  customerId: string;
  /** The customer's row as the caller read or wrote it in this transaction, to be not read again. */
  customer?: CustomerRow;
  /** The caller created `customer` in this transaction. */
  customerIsNew?: boolean;
  productCode: string;
  tenorMonths: number;
  amount: number;
  maturityInstruction: MaturityInstruction;
  interestPayment: InterestPayment;
  rateBps: number;
  funding: { reference: string; paidAt: IsoDate };
}

export type PlacementService = ReturnType<typeof createPlacementService>;
