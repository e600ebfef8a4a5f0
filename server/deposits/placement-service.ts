import type { Kysely } from 'kysely';
import { placementPreviewQuerySchema, placementRequestSchema } from '../../contract/placement';
import { latestValueDate } from '../../machines/deposit';
import { formatDateId, formatRupiah, isAfter, isAmountAllowed, isBefore, lpsRateOn, offeredTenor, placementPreview, specialRateProblem, type PlacementPreview } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { findProduct, getDepositSettings, instructionsAllowed, productRules } from '../products/product-service';
import { findCustomer } from './customer-repository';
import { placeDeposit } from './deposit-placement';
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

  /** Everything the terms break, said at once; else the preview and what placing needs. */
  async function previewOf(actor: StaffActor, terms: Terms): Promise<{ preview: PlacementPreview; today: string }> {
    const customer = await findCustomer(db, actor.bankId, terms.customerId);
    if (!customer) throw new ServiceError('not-found', 'Nasabah tidak ditemukan.');
    const product = await findProduct(db, actor.bankId, terms.productId);
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

    const settings = await getDepositSettings(db, actor.bankId);
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
      tax: await taxContextFor(db, { id: '', customer_id: customer.id }, terms.amount, settings),
      lpsRateBps,
    });
    return { preview, today };
  }

  return {
    /** GET /deposito/placement/preview: nothing written. */
    async preview(actor: StaffActor, query: Record<string, unknown>): Promise<PlacementPreview> {
      return (await previewOf(actor, parseOrThrow(placementPreviewQuerySchema, query))).preview;
    },

    /** POST /deposito/placement: the preview's terms and the funding; 201 the deposit's detail. */
    async place(actor: StaffActor, body: unknown) {
      const request = parseOrThrow(placementRequestSchema, body);
      const { preview, today } = await previewOf(actor, request);
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
        channel: 'COUNTER',
        actorId: actor.userId,
        counter: { placedBy: actor.userId, funding: request.funding },
        now: clock.now().toISOString(),
      });
      return deps.deposits.detail(actor, row.id);
    },
  };
}

export type PlacementService = ReturnType<typeof createPlacementService>;
