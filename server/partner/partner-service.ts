import type { Kysely } from 'kysely';
import { partnerPlacementSchema, partnerProductsQuerySchema, partnerReferenceSchema, type PartnerDepositStatus } from '../../contract/partner';
import { tenorsOn } from '../../machines/deposit-rules';
import type { CustomerService } from '../deposits/customer-service';
import { partnerActorId, type PlacementService } from '../deposits/placement-service';
import type { Database } from '../platform/db/schema';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import { instructionsAllowed, listProducts, productRules } from '../products/product-service';
import { ServiceError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import type { PartnerAnswer, PartnerCaller } from './partner-gateway';
import { isBankAllowed } from './partner-repository';

const NO_AGREEMENT = 'Mitra belum punya perjanjian penempatan dengan bank ini.';

/**
 * The partner's deposit resources (API.md "The channel partner's door"): a placement with the
 * customer inline, at a bank the partner has an agreement with, into the staff's approval queue;
 * and what became of it.
 */
export function createPartnerService(deps: { db: Kysely<Database>; clock: Clock; customers: Pick<CustomerService, 'keepForPartner'>; placements: Pick<PlacementService, 'placeFromPartner' | 'partnerView'> }) {
  const { db, clock } = deps;

  return {
    /**
     * GET /v1.0/products?bankCode=…: what a partner may offer at a bank today — the active
     * products with their codes, amounts, instructions and each tenor's rate in force (the rate
     * a placement must quote).
     */
    async products(caller: PartnerCaller, bankCode: string | undefined): Promise<PartnerAnswer> {
      const bankId = parseOrThrow(partnerProductsQuerySchema, { bankCode }).bankCode;
      if (!(await isBankAllowed(db, caller.channelCode, bankId))) throw new ServiceError('forbidden', NO_AGREEMENT);
      const today = jakartaDate(clock.now());
      const products = (await listProducts(db, bankId)).filter((product) => product.active === 1);
      return {
        snapCase: 'successful',
        fields: {
          bankCode: bankId,
          date: today,
          products: products.map((product) => ({
            productCode: product.code,
            name: product.name,
            interestPayment: product.interest_payment,
            minAmount: Number(product.min_amount),
            maxAmount: product.max_amount === null ? null : Number(product.max_amount),
            maturityInstructions: instructionsAllowed(product),
            tenors: tenorsOn(productRules(product), today).map((tenor) => ({ tenorMonths: tenor.tenorMonths, rateBps: tenor.rateBps })),
          })),
        },
      };
    },

    /** POST /v1.0/deposito/placement */
    async place(caller: PartnerCaller, body: unknown): Promise<PartnerAnswer> {
      const request = parseOrThrow(partnerPlacementSchema, body);
      if (!(await isBankAllowed(db, caller.channelCode, request.bankCode))) throw new ServiceError('forbidden', NO_AGREEMENT);
      const { customerId } = await deps.customers.keepForPartner(request.bankCode, partnerActorId(caller.channelCode), request.customer);
      const row = await deps.placements.placeFromPartner({
        bankId: request.bankCode,
        channelCode: caller.channelCode,
        partnerReferenceNo: request.partnerReferenceNo,
        customerId,
        productCode: request.productCode,
        tenorMonths: request.tenorMonths,
        amount: request.amount,
        maturityInstruction: request.maturityInstruction,
        interestPayment: request.interestPayment,
        rateBps: request.rateBps,
        funding: request.funding,
      });
      return { snapCase: 'successful', fields: { partnerReferenceNo: request.partnerReferenceNo, depositId: row.id, depositNumber: row.deposit_number, status: row.status } };
    },

    /** GET /v1.0/deposito/{partnerReferenceNo} */
    async status(caller: PartnerCaller, partnerReferenceNo: string): Promise<PartnerAnswer> {
      const reference = parseOrThrow(partnerReferenceSchema, partnerReferenceNo);
      const view = await deps.placements.partnerView(caller.channelCode, reference);
      if (!view) throw new ServiceError('not-found', `Tidak ada penempatan dengan partnerReferenceNo ${reference}.`);
      const { row, periods, installments } = view;
      const status: PartnerDepositStatus = {
        partnerReferenceNo: reference,
        depositId: row.id,
        depositNumber: row.deposit_number,
        bankCode: row.bank_id,
        status: row.status,
        bilyetStatus: row.bilyet_status,
        amount: Number(row.amount),
        rateBps: row.rate_bps,
        tenorMonths: row.tenor_months,
        periodNumber: row.period_number,
        valueDate: row.period_start,
        maturityDate: row.maturity_date,
        maturityInstruction: row.maturity_instruction,
        interestPayment: row.interest_payment,
        installmentsPaid: installments.paid,
        installmentsTotal: installments.total,
        periods: periods.map((period) => ({ periodNumber: period.period_number, start: period.period_start, maturityDate: period.maturity_date, amount: Number(period.amount), rateBps: period.rate_bps })),
      };
      return { snapCase: 'successful', fields: { deposit: status } };
    },
  };
}

export type PartnerDepositService = ReturnType<typeof createPartnerService>;
