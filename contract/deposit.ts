import { z } from 'zod';
import { optionalText, requiredCode, requiredText } from './fields';

/**
 * Deposit entities and lifecycle payloads that cross the wire (DOMAIN.md, API.md "Deposits").
 * Money is integer rupiah, rates integer basis points, business dates 'YYYY-MM-DD'.
 */

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The window of every business date and period that comes in (issue 17: a holiday in 9999, an LPS
 * rate from 0001, an invoice of 9999-12 answered 500). Nothing Berjangka holds is older than 2000,
 * and no deposit, holiday or rate is set beyond 2099; the areas narrow it further where a field
 * has its own rule (a value date at most a year after the placement, a transfer not in the future).
 */
const FIRST_BUSINESS_DATE = '2000-01-01';
const LAST_BUSINESS_DATE = '2099-12-31';
export const DATE_WINDOW_MESSAGE = 'Tanggal harus antara 1 Januari 2000 dan 31 Desember 2099.';
export const PERIOD_WINDOW_MESSAGE = 'Periode harus antara Januari 2000 dan Desember 2099.';
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A well-formed date inside the window (a malformed one gets only its shape's message). */
const inDateWindow = (value: string) => !ISO_DATE.test(value) || (value >= FIRST_BUSINESS_DATE && value <= LAST_BUSINESS_DATE);
/** A well-formed 'YYYY-MM' inside the window. */
export const inPeriodWindow = (value: string) => !PERIOD.test(value) || (value >= FIRST_BUSINESS_DATE.slice(0, 7) && value <= LAST_BUSINESS_DATE.slice(0, 7));

/** A business date in the window; calendar validity (no 30 February) is checked again by the rules. */
export const isoDateSchema = z
  .string({ error: 'Tanggal harus berformat YYYY-MM-DD.' })
  .regex(ISO_DATE, { error: 'Tanggal harus berformat YYYY-MM-DD.' })
  .refine(inDateWindow, { error: DATE_WINDOW_MESSAGE });
/** isoDateSchema whose messages name the field ("Tanggal surat harus berformat YYYY-MM-DD."), for forms with several dates. */
export function namedDateSchema(label: string) {
  return z
    .string({ error: `${label} harus berformat YYYY-MM-DD.` })
    .regex(ISO_DATE, { error: `${label} harus berformat YYYY-MM-DD.` })
    .refine(inDateWindow, { error: `${label} harus antara 1 Januari 2000 dan 31 Desember 2099.` });
}
const rupiahSchema = z.number().int({ error: 'Nominal harus rupiah utuh.' }).min(0, { error: 'Nominal tidak boleh negatif.' });

/** The main lifecycle states of DOMAIN.md, in lifecycle order. */
export const depositStatusSchema = z.enum([
  'pending',
  'approved',
  'active',
  'breakRequested',
  'matured',
  'disbursing',
  'closed',
  'rejected',
  'cancelled',
]);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const maturityInstructionSchema = z.enum(['ARO', 'ARO_PLUS', 'PAYOUT']);
export type MaturityInstruction = z.infer<typeof maturityInstructionSchema>;

/** Monthly installments, or one installment at maturity. */
export const interestPaymentSchema = z.enum(['MONTHLY', 'AT_MATURITY']);
export type InterestPayment = z.infer<typeof interestPaymentSchema>;

export const closeReasonSchema = z.enum(['matured', 'broken']);
export type CloseReason = z.infer<typeof closeReasonSchema>;

/** The smaller tracks beside the main state (DOMAIN.md); machines/bilyet, shipment and signature. */
export const bilyetStatusSchema = z.enum(['none', 'issued', 'shipped', 'received', 'returned', 'lost']);
export type BilyetStatus = z.infer<typeof bilyetStatusSchema>;
export const shipmentStatusSchema = z.enum(['requested', 'pickedUp', 'inTransit', 'delivered', 'cancelled', 'failed']);
export type ShipmentStatus = z.infer<typeof shipmentStatusSchema>;
export const signatureStatusSchema = z.enum(['sent', 'signed', 'declined', 'expired']);
export type SignatureStatus = z.infer<typeof signatureStatusSchema>;
/** An installment's track (machines/interest-installment): `cancelled` when its deposit ends without paying it (rejection, break). */
export const installmentStatusSchema = z.enum(['scheduled', 'due', 'paid', 'cancelled']);
export type InstallmentStatus = z.infer<typeof installmentStatusSchema>;

/** The events of the tracks' machines (their payloads: machines/bilyet, shipment, signature). */
export const bilyetEventTypeSchema = z.enum([
  'bilyet.issue',
  'bilyet.ship',
  'bilyet.unship',
  'bilyet.receive',
  'bilyet.return',
  'bilyet.reportLost',
  'bilyet.reissue',
]);
export type BilyetEventType = z.infer<typeof bilyetEventTypeSchema>;
export const shipmentEventTypeSchema = z.enum(['shipment.track', 'shipment.cancel']);
export type ShipmentEventType = z.infer<typeof shipmentEventTypeSchema>;
export const signatureEventTypeSchema = z.enum(['signature.complete', 'signature.expire']);
export type SignatureEventType = z.infer<typeof signatureEventTypeSchema>;
/** What Privy reports for a finished request: the signature statuses other than `sent`. */
export const signatureOutcomeSchema = z.enum(['signed', 'declined', 'expired']);
export type SignatureOutcome = z.infer<typeof signatureOutcomeSchema>;

export const depositEventTypeSchema = z.enum([
  'deposit.approve',
  'deposit.reject',
  'deposit.cancel',
  'deposit.withdraw',
  'deposit.changeDate',
  'deposit.activate',
  'deposit.stopAro',
  'deposit.rollover',
  'deposit.mature',
  'deposit.extend',
  'deposit.requestBreak',
  'deposit.approveBreak',
  'deposit.rejectBreak',
  'deposit.requestDisbursement',
  'deposit.markPaid',
]);
export type DepositEventType = z.infer<typeof depositEventTypeSchema>;

const reasonSchema = requiredText('Alasan', 500);
const optionalReasonSchema = optionalText('Alasan', 500);

/**
 * The figures of an early withdrawal: shown before the request, fixed by approveBreak.
 * payout = principal + accruedInterest − tax − penalty + earlierInterest − earlierTax.
 */
export const breakPreviewSchema = z.object({
  principal: rupiahSchema,
  accruedInterest: rupiahSchema,
  forfeitedInterest: rupiahSchema,
  tax: rupiahSchema,
  penalty: rupiahSchema,
  /** Gross interest of earlier periods' installments still unpaid, which the payout settles. */
  earlierInterest: rupiahSchema,
  /** The tax of those installments, as posted. */
  earlierTax: rupiahSchema,
  payout: rupiahSchema,
});
export type BreakPreviewData = z.infer<typeof breakPreviewSchema>;

/**
 * What staff send for a lifecycle event (`POST /deposito/{id}/events` and the dedicated paths).
 * The server adds the actor (from the token) and the business date, and for approveBreak the
 * break figures it computes; the rollover, activate and mature events are the daily job's and
 * are not accepted from staff.
 */
export const depositEventRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deposit.approve') }),
  z.object({ type: z.literal('deposit.reject'), reason: reasonSchema }),
  z.object({ type: z.literal('deposit.cancel'), reason: reasonSchema }),
  z.object({ type: z.literal('deposit.changeDate'), depositDate: isoDateSchema, reason: optionalReasonSchema }),
  z.object({ type: z.literal('deposit.stopAro') }),
  z.object({
    type: z.literal('deposit.extend'),
    tenorMonths: z.number().int({ error: 'Tenor harus bilangan bulat bulan.' }).min(1, { error: 'Tenor minimal 1 bulan.' }),
    instruction: maturityInstructionSchema.optional(),
  }),
  z.object({ type: z.literal('deposit.requestBreak'), breakDate: isoDateSchema, reason: optionalReasonSchema }),
  z.object({ type: z.literal('deposit.approveBreak') }),
  z.object({ type: z.literal('deposit.rejectBreak'), reason: reasonSchema }),
  z.object({ type: z.literal('deposit.requestDisbursement') }),
  z.object({
    type: z.literal('deposit.markPaid'),
    reference: requiredCode('Nomor referensi transfer', 100),
    proofFileId: z.string({ error: 'Bukti transfer wajib diunggah.' }).min(1, { error: 'Bukti transfer wajib diunggah.' }),
    paidAt: isoDateSchema,
  }),
]);
export type DepositEventRequest = z.infer<typeof depositEventRequestSchema>;

/** Why an event is refused: 403 role, 409 state/date/product, 400 input (see machines/deposit). */
export const refusalCategorySchema = z.enum(['forbidden', 'conflict', 'invalid']);
