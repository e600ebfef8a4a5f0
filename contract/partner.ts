import { z } from 'zod';
import { interestPaymentSchema, isoDateSchema, maturityInstructionSchema } from './deposit';
import { optionalText, requiredCode, requiredText } from './fields';

/**
 * The channel partner's door (API.md, base /api-partner): SNAP's envelope and codes, the access
 * token's request, and the deposit resources. Shared by the server, the partner simulator and the tests.
 */

export const PARTNER_API_BASE = '/api-partner';

/**
 * SNAP's service codes (the two digits after the HTTP status in responseCode). 73 is SNAP's own
 * for the B2B access token; the deposit resources are ours, numbered outside SNAP's payment list.
 */
export const PARTNER_SERVICE_CODES = {
  accessToken: '73',
  placement: '91',
  products: '90',
  status: '92',
  cancel: '93',
  breakRequest: '94',
  changeRequest: '95',
} as const;
export type PartnerService = keyof typeof PARTNER_SERVICE_CODES;

/** SNAP's case codes this API answers (the last two digits), by HTTP status. */
export const SNAP_CASES = {
  successful: [200, '00', 'Successful'],
  badRequest: [400, '00', 'Bad Request'],
  invalidFieldFormat: [400, '01', 'Invalid Field Format'],
  invalidMandatoryField: [400, '02', 'Invalid Mandatory Field'],
  unauthorized: [401, '00', 'Unauthorized'],
  invalidToken: [401, '01', 'Invalid Token (B2B)'],
  featureNotAllowed: [403, '01', 'Feature Not Allowed'],
  notPermitted: [403, '15', 'Transaction Not Permitted'],
  notFound: [404, '01', 'Transaction Not Found'],
  conflict: [409, '00', 'Conflict'],
  duplicateReference: [409, '01', 'Duplicate partnerReferenceNo'],
  tooLarge: [413, '00', 'Request Entity Too Large'],
  generalError: [500, '00', 'General Error'],
} as const satisfies Record<string, readonly [number, string, string]>;
export type SnapCase = keyof typeof SNAP_CASES;

/** responseCode: HTTP status + service code + case code ("2007300"). */
export function snapResponseCode(service: PartnerService, snapCase: SnapCase): string {
  const [status, caseCode] = SNAP_CASES[snapCase];
  return `${status}${PARTNER_SERVICE_CODES[service]}${caseCode}`;
}

export const accessTokenRequestSchema = z.object({ grantType: z.literal('client_credentials', { error: 'grantType harus client_credentials.' }) }, { error: 'Isi permintaan harus objek JSON.' });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} harus berupa angka.` })
    .int({ error: `${label} harus bilangan bulat.` })
    .min(min, { error: `${label} minimal ${min.toLocaleString('id-ID')}.` })
    .max(max, { error: `${label} paling banyak ${max.toLocaleString('id-ID')}.` });

/** A partner's own reference: letters, digits and - _ . only, so it is one segment of a URL path as it is. */
export const partnerReferenceSchema = z
  .string({ error: 'partnerReferenceNo wajib diisi.' })
  .trim()
  .min(1, { error: 'partnerReferenceNo wajib diisi.' })
  .max(64, { error: 'partnerReferenceNo paling panjang 64 karakter.' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'partnerReferenceNo hanya boleh berisi huruf, angka, titik, garis bawah dan tanda hubung.' });

/** POST /v1.0/deposito/placement. `customer` is checked as POST /bpr/customers checks a new customer (risk level aside: staff set it). */
export const partnerPlacementSchema = z.object(
  {
    bankCode: requiredCode('bankCode', 64),
    partnerReferenceNo: partnerReferenceSchema,
    customer: z.record(z.string(), z.unknown(), { error: 'customer harus berisi data nasabah.' }),
    productCode: requiredCode('productCode', 30),
    tenorMonths: wholeNumber('tenorMonths', 1, 120),
    amount: wholeNumber('amount', 1, 1_000_000_000_000_000),
    maturityInstruction: maturityInstructionSchema,
    interestPayment: interestPaymentSchema,
    rateBps: wholeNumber('rateBps', 1, 2_500),
    funding: z.object({ reference: requiredCode('funding.reference', 60), paidAt: isoDateSchema }, { error: 'funding harus berisi reference dan paidAt.' }),
  },
  { error: 'Isi permintaan harus objek JSON.' },
);

const partnerReasonSchema = requiredText('reason', 500);

/** POST /v1.0/deposito/cancel: a pending placement taken back before the bank decides it. */
export const partnerCancelSchema = z.object({ partnerReferenceNo: partnerReferenceSchema, reason: partnerReasonSchema }, { error: 'Isi permintaan harus objek JSON.' });

/** POST /v1.0/deposito/break-request: the customer's early withdrawal, on `breakDate` (today when left out). */
export const partnerBreakRequestSchema = z.object(
  { partnerReferenceNo: partnerReferenceSchema, reason: partnerReasonSchema, breakDate: isoDateSchema.optional() },
  { error: 'Isi permintaan harus objek JSON.' },
);

/** POST /v1.0/deposito/change-request: the customer's new payout account or maturity instruction, for staff to decide. */
export const partnerChangeRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ partnerReferenceNo: partnerReferenceSchema, kind: z.literal('INSTRUCTION'), value: z.object({ maturityInstruction: maturityInstructionSchema }, { error: 'value harus berisi maturityInstruction.' }), note: optionalText('note', 500) }),
    z.object({
      partnerReferenceNo: partnerReferenceSchema,
      kind: z.literal('PAYOUT_ACCOUNT'),
      value: z.object(
        { bankCode: requiredCode('value.bankCode', 3), accountNumber: requiredCode('value.accountNumber', 30), accountName: requiredText('value.accountName', 100) },
        { error: 'value harus berisi bankCode, accountNumber dan accountName.' },
      ),
      note: optionalText('note', 500),
    }),
  ],
  { error: 'kind harus INSTRUCTION atau PAYOUT_ACCOUNT.' },
);

/** GET /v1.0/products */
export const partnerProductsQuerySchema = z.object({ bankCode: requiredCode('bankCode', 64) });

/** SNAP's two fields every answer carries. */
const snapEnvelope = { responseCode: z.string(), responseMessage: z.string() };

/** The access token's answer. */
export const accessTokenAnswerSchema = z.object({ ...snapEnvelope, accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.string() });

/** A refusal: SNAP's code and why, in Indonesian. */
export const snapRefusalSchema = z.object(snapEnvelope);

/** POST /v1.0/deposito/placement, 200. */
export const partnerPlacementAnswerSchema = z.object({ ...snapEnvelope, partnerReferenceNo: z.string(), depositId: z.string(), depositNumber: z.string(), status: z.string() });

export const partnerDepositStatusSchema = z.object({
  partnerReferenceNo: z.string(),
  depositId: z.string(),
  depositNumber: z.string(),
  bankCode: z.string(),
  status: z.string(),
  bilyetStatus: z.string(),
  amount: z.number().int(),
  rateBps: z.number().int(),
  tenorMonths: z.number().int(),
  periodNumber: z.number().int(),
  valueDate: z.string(),
  maturityDate: z.string(),
  maturityInstruction: z.string(),
  interestPayment: z.string(),
  installmentsPaid: z.number().int(),
  installmentsTotal: z.number().int(),
  periods: z.array(z.object({ periodNumber: z.number().int(), start: z.string(), maturityDate: z.string(), amount: z.number().int(), rateBps: z.number().int() })),
  /** Why it was rejected or cancelled; null otherwise. */
  statusReason: z.string().nullable(),
  /**
   * A hold (blokir) is in force: the deposit cannot be broken, paid out or changed until the bank
   * releases it (hold.placed / hold.released). Why is not told: a legal hold may not be disclosed.
   */
  held: z.boolean(),
  /** The bilyet scan, ARO letters and signed copies, each a link that opens the file for 15 minutes without SNAP headers. */
  documents: z.array(
    z.object({ documentId: z.string(), type: z.string(), typeLabel: z.string(), fileName: z.string(), contentType: z.string(), uploadedAt: z.string(), url: z.string(), expiresAt: z.string() }),
  ),
});
export type PartnerDepositStatus = z.infer<typeof partnerDepositStatusSchema>;

/** POST /v1.0/deposito/cancel and /break-request, 200: the deposit's status after the call. */
export const partnerDepositChangedAnswerSchema = z.object({ ...snapEnvelope, partnerReferenceNo: z.string(), depositNumber: z.string(), status: z.string(), breakDate: z.string().optional() });

/** POST /v1.0/deposito/change-request, 200: the request waiting for the bank's decision. */
export const partnerChangeRequestAnswerSchema = z.object({ ...snapEnvelope, partnerReferenceNo: z.string(), depositNumber: z.string(), changeRequestId: z.string(), kind: z.string(), status: z.literal('pending') });

/** GET /v1.0/deposito/{partnerReferenceNo}, 200. */
export const partnerStatusAnswerSchema = z.object({ ...snapEnvelope, deposit: partnerDepositStatusSchema });

/** GET /v1.0/products, 200: what the bank offers today; a placement must quote a tenor's rateBps. */
export const partnerProductsAnswerSchema = z.object({
  ...snapEnvelope,
  bankCode: z.string(),
  date: z.string(),
  products: z.array(
    z.object({
      productCode: z.string(),
      name: z.string(),
      interestPayment: interestPaymentSchema,
      minAmount: z.number().int(),
      maxAmount: z.number().int().nullable(),
      maturityInstructions: z.array(maturityInstructionSchema),
      tenors: z.array(z.object({ tenorMonths: z.number().int(), rateBps: z.number().int() })),
    }),
  ),
});
