import type { Kysely } from 'kysely';
import {
  PARTNER_API_BASE,
  partnerBreakRequestSchema,
  partnerCancelSchema,
  partnerChangeRequestSchema,
  partnerPlacementSchema,
  partnerProductsQuerySchema,
  partnerReferenceSchema,
  type PartnerDepositStatus,
} from '../../contract/partner';
import { tenorsOn } from '../../machines/deposit-rules';
import type { Actor } from '../../machines/deposit-rules';
import type { ChangeRequestService } from '../deposits/change-request-service';
import type { CustomerService } from '../deposits/customer-service';
import { partnerActorId, type PlacementService } from '../deposits/placement-service';
import type { DepositTransitions } from '../deposits/transition-service';
import type { DocumentService } from '../documents/document-service';
import type { Database } from '../platform/db/schema';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import { instructionsAllowed, listProducts, productRules } from '../products/product-service';
import { ServiceError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import type { PartnerAnswer, PartnerCaller } from './partner-gateway';
import { findPartnerDeposits, isBankAllowed } from './partner-repository';
import { issueDocumentLink, readDocumentLink, type TokenKey } from './partner-token';

const NO_AGREEMENT = 'Mitra belum punya perjanjian penempatan dengan bank ini.';

/**
 * The partner's deposit resources (API.md "The channel partner's door"): a placement with the
 * customer inline, at a bank the partner has an agreement with, into the staff's approval queue;
 * and what became of it.
 */
export function createPartnerService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  customers: Pick<CustomerService, 'keepForPartner'>;
  placements: Pick<PlacementService, 'placeFromPartner' | 'partnerView' | 'partnerDeposit'>;
  transitions: Pick<DepositTransitions, 'apply'>;
  changeRequests: Pick<ChangeRequestService, 'raise'>;
  documents: Pick<DocumentService, 'sharedWithPartner' | 'file'>;
  tokenKey: TokenKey;
  /** The installation's address, for document links a partner can open as they are. */
  publicUrl: string;
}) {
  const { db, clock } = deps;

  const partnerActor = (caller: PartnerCaller): Actor => ({ id: partnerActorId(caller.channelCode), role: 'PARTNER' });

  /** The partner's own deposit under its reference; 404 for another partner's or an unknown one. */
  async function ownDeposit(caller: PartnerCaller, reference: string) {
    const row = await deps.placements.partnerDeposit(caller.channelCode, reference);
    if (!row) throw new ServiceError('not-found', `Tidak ada penempatan dengan partnerReferenceNo ${reference}.`);
    return row;
  }

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
      const { customer, created } = await deps.customers.keepForPartner(request.bankCode, partnerActorId(caller.channelCode), request.customer);
      const row = await deps.placements.placeFromPartner({
        bankId: request.bankCode,
        channelCode: caller.channelCode,
        partnerReferenceNo: request.partnerReferenceNo,
        customerId: customer.id,
        customer,
        customerIsNew: created,
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
        statusReason: row.status_reason,
        held: row.hold_label != null,
        documents: (await deps.documents.sharedWithPartner(row.bank_id, row.id)).map((document) => {
          const link = issueDocumentLink(deps.tokenKey, { documentId: document.id, bankId: row.bank_id, channelCode: caller.channelCode }, clock.now());
          return {
            documentId: document.id,
            type: document.type,
            typeLabel: document.typeLabel,
            fileName: document.fileName,
            contentType: document.contentType,
            uploadedAt: document.uploadedAt,
            url: `${deps.publicUrl}${PARTNER_API_BASE}/v1.0/documents/${link.token}`,
            expiresAt: link.expiresAt,
          };
        }),
      };
      return { snapCase: 'successful', fields: { deposit: status } };
    },

    /** POST /v1.0/deposito/cancel: a placement still waiting for the bank's decision, taken back (machines/deposit: deposit.withdraw). */
    async cancel(caller: PartnerCaller, body: unknown): Promise<PartnerAnswer> {
      const request = parseOrThrow(partnerCancelSchema, body);
      const row = await ownDeposit(caller, request.partnerReferenceNo);
      const result = await deps.transitions.apply({ bankId: row.bank_id, depositId: row.id, actor: partnerActor(caller), request: { type: 'deposit.withdraw', reason: request.reason } });
      return { snapCase: 'successful', fields: { partnerReferenceNo: request.partnerReferenceNo, depositNumber: row.deposit_number, status: result.status } };
    },

    /** POST /v1.0/deposito/break-request: the customer's early withdrawal, into the staff's break queue (a supervisor decides it). */
    async breakRequest(caller: PartnerCaller, body: unknown): Promise<PartnerAnswer> {
      const request = parseOrThrow(partnerBreakRequestSchema, body);
      const row = await ownDeposit(caller, request.partnerReferenceNo);
      const breakDate = request.breakDate ?? jakartaDate(clock.now());
      const result = await deps.transitions.apply({ bankId: row.bank_id, depositId: row.id, actor: partnerActor(caller), request: { type: 'deposit.requestBreak', breakDate, reason: request.reason } });
      return { snapCase: 'successful', fields: { partnerReferenceNo: request.partnerReferenceNo, depositNumber: row.deposit_number, status: result.status, breakDate } };
    },

    /** POST /v1.0/deposito/change-request: the customer's new payout account or maturity instruction, into the staff's change-request queue. */
    async changeRequest(caller: PartnerCaller, body: unknown): Promise<PartnerAnswer> {
      const request = parseOrThrow(partnerChangeRequestSchema, body);
      const row = await ownDeposit(caller, request.partnerReferenceNo);
      const change =
        request.kind === 'INSTRUCTION'
          ? { depositId: row.id, kind: 'instruction', instruction: request.value.maturityInstruction }
          : { depositId: row.id, kind: 'payoutAccount', bankCode: request.value.bankCode, accountNumber: request.value.accountNumber, accountName: request.value.accountName };
      const raised = await deps.changeRequests.raise({ userId: partnerActorId(caller.channelCode), bankId: row.bank_id }, change);
      return { snapCase: 'successful', fields: { partnerReferenceNo: request.partnerReferenceNo, depositNumber: row.deposit_number, changeRequestId: raised.id, kind: request.kind, status: 'pending' } };
    },

    /**
     * GET /v1.0/documents/{link}: the file a status's link names, while the link lasts; only a
     * document still on a deposit of the partner the link was given to.
     */
    async documentFile(token: string): Promise<{ ok: true; mediaType: string; fileName: string; bytes: Uint8Array } | { ok: false; reason: 'invalid' | 'expired' }> {
      const link = readDocumentLink(deps.tokenKey, token, clock.now());
      if (!link.ok) return link;
      const { row, bytes } = await deps.documents.file({ bankId: link.bankId }, link.documentId);
      const [deposit] = row.deposit_id ? await findPartnerDeposits(db, [row.deposit_id]) : [];
      if (deposit?.channel !== link.channelCode) return { ok: false, reason: 'invalid' };
      return { ok: true, mediaType: row.media_type, fileName: row.file_name, bytes };
    },
  };
}

export type PartnerDepositService = ReturnType<typeof createPartnerService>;
