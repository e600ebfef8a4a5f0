import { z } from 'zod';
import { bilyetDetailSchema, shipmentSchema } from './documents';
import { holdSchema } from './holds';
import { printableCode, requiredCode, requiredText } from './fields';
import {
  bilyetStatusSchema,
  breakPreviewSchema,
  closeReasonSchema,
  depositEventTypeSchema,
  depositStatusSchema,
  interestPaymentSchema,
  inPeriodWindow,
  isoDateSchema,
  PERIOD_WINDOW_MESSAGE,
  maturityInstructionSchema,
  shipmentStatusSchema,
  signatureStatusSchema,
} from './deposit';

/**
 * Requests and answers of API.md "Deposits" (all on /api-v2-bpr, Bearer). The lifecycle payloads
 * themselves are in deposit.ts; this file holds the query strings, the dedicated paths' bodies
 * and what the server answers.
 */

// --- Query-string fields (everything arrives as text) ----------------------------------------

const idField = (label: string) =>
  z.string({ error: `${label} wajib diisi.` }).trim().min(1, { error: `${label} wajib diisi.` }).max(64, { error: `${label} tidak valid.` });

import { limitSchema, pageSchema } from './paging';

/** 'YYYY-MM' */
export const periodSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Periode harus berformat YYYY-MM.' })
  .refine(inPeriodWindow, { error: PERIOD_WINDOW_MESSAGE });

/** The fields the deposit list sorts by; `-field` sorts descending. */
export const depositSortFields = ['createdAt', 'depositDate', 'maturityDate', 'amount'] as const;
export type DepositSortField = (typeof depositSortFields)[number];
const depositSortSchema = z
  .string()
  .regex(new RegExp(`^-?(${depositSortFields.join('|')})$`), {
    error: `Urutan tidak dikenal; gunakan ${depositSortFields.join(', ')} (awali dengan "-" untuk urutan menurun).`,
  })
  .default('-createdAt');

/**
 * The deposit search: customer name or deposit number containing it, or NIK starting with it
 * (case-insensitive). The deposit list, bunga bulanan and pencairan take it with one meaning.
 */
export const depositSearchSchema = printableCode('Kata kunci pencarian', 100).optional();

/** GET /invoice/list-count-all-deposito: the list's filters without status. */
export const depositFiltersSchema = z.object({
  q: depositSearchSchema,
  productId: z.string().trim().max(64, { error: 'Produk tidak valid.' }).optional(),
  /** Value date (tanggal efektif) from, inclusive. */
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
});

/** GET /invoice/all-deposito */
export const depositListQuerySchema = depositFiltersSchema.extend({
  status: z.enum(depositStatusSchema.options, { error: 'Status deposito tidak dikenal.' }).optional(),
  page: pageSchema,
  limit: limitSchema,
  sort: depositSortSchema,
});

const pageQuerySchema = z.object({ page: pageSchema, limit: limitSchema });

/** Proses Dokumen's tabs (machines/document-work.ts defines which deposits each holds). */
const DOCUMENT_WORK_STEPS = ['upload', 'ship', 'transit', 'receive', 'sign', 'return'] as const;
export const documentWorkStepSchema = z.enum(DOCUMENT_WORK_STEPS, { error: 'Tahap proses dokumen tidak dikenal.' });
export type DocumentWorkStep = z.infer<typeof documentWorkStepSchema>;
/** GET /bpr/list-proses-deposito: one tab (`step`), or every open deposit without it. */
export const processListQuerySchema = pageQuerySchema.extend({ step: documentWorkStepSchema.optional() });
export const documentWorkCountsSchema = z.record(documentWorkStepSchema, z.number().int());

// --- Bodies of the dedicated paths ----------------------------------------------------------

/** The version the client last read; a different stored version answers 409. Optional. */
export const versionSchema = z.coerce.number({ error: 'Versi data tidak valid.' }).int({ error: 'Versi data tidak valid.' }).min(1, { error: 'Versi data tidak valid.' }).optional();

/** The optional `version` beside an event's payload (POST /deposito/{id}/events). */
export const versionFieldSchema = z.object({ version: versionSchema });

const reasonField = z.string({ error: 'Alasan wajib diisi.' }).trim().min(1, { error: 'Alasan wajib diisi.' }).max(500, { error: 'Alasan paling banyak 500 karakter.' });

const depositRefSchema = z.object({ depositId: idField('Deposito'), version: versionSchema });

/** POST /deposito/approve-deposito, POST /deposito/pencairan-aro */
export const approveDepositRequestSchema = depositRefSchema;

/** The most deposits one bulk approval takes. */
const BULK_APPROVAL_MAX = 100;

/** POST /deposito/approve-deposito with `depositIds`: up to 100 pending deposits approved in one request, each on its own. */
export const approveDepositsRequestSchema = z.object({
  depositIds: z
    .array(idField('Deposito'), { error: 'depositIds harus berupa daftar id deposito.' })
    .min(1, { error: 'Pilih minimal satu deposito.' })
    .max(BULK_APPROVAL_MAX, { error: `Paling banyak ${BULK_APPROVAL_MAX} deposito sekali setuju.` }),
});

/** What a bulk approval did with each deposit: approved (its new status), or why not. */
export const bulkApprovalSchema = z.object({
  approved: z.number().int(),
  refused: z.number().int(),
  results: z.array(
    z.object({ depositId: z.string(), depositNumber: z.string().nullable(), approved: z.boolean(), status: depositStatusSchema.nullable(), message: z.string().nullable() }),
  ),
});
export type BulkApproval = z.infer<typeof bulkApprovalSchema>;
/** POST /deposito/reject-deposito */
export const rejectDepositRequestSchema = depositRefSchema.extend({ reason: reasonField });
/** PATCH /invoice/deposit-date */
export const changeDepositDateRequestSchema = depositRefSchema.extend({
  depositDate: isoDateSchema,
  reason: z.string().trim().max(500, { error: 'Alasan paling banyak 500 karakter.' }).optional(),
});
/** GET /invoice/deposito/break (query): the date defaults to today. */
export const breakPreviewQuerySchema = z.object({ depositId: idField('Deposito'), date: isoDateSchema.optional() });
/** POST /invoice/deposito/break */
export const requestBreakRequestSchema = depositRefSchema.extend({
  date: isoDateSchema,
  reason: z.string().trim().max(500, { error: 'Alasan paling banyak 500 karakter.' }).optional(),
});
/** GET /bpr/deposito-channeling: the month of placement; defaults to this month. */
export const channelingQuerySchema = z.object({ period: periodSchema.optional() });

// --- Answers ---------------------------------------------------------------------------------

const lpsFlagSchema = z.object({
  code: z.enum(['RATE_ABOVE_LPS', 'BALANCE_ABOVE_LPS']),
  label: z.string(),
  detail: z.string(),
});

const breakRequestSchema = z.object({
  requestedBy: z.string(),
  requestedOn: z.string(),
  breakDate: z.string(),
  reason: z.string().nullable(),
});

/** One deposit as lists show it. */
export const depositSummarySchema = z.object({
  id: z.string(),
  depositNumber: z.string(),
  status: depositStatusSchema,
  statusLabel: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), nik: z.string() }),
  product: z.object({ id: z.string(), name: z.string() }),
  amount: z.number().int(),
  rateBps: z.number().int(),
  tenorMonths: z.number().int(),
  placementDate: z.string(),
  depositDate: z.string(),
  periodStart: z.string(),
  maturityDate: z.string(),
  periodNumber: z.number().int(),
  maturityInstruction: maturityInstructionSchema,
  interestPayment: interestPaymentSchema,
  /** How it came in: 'COUNTER', a channel partner's code, or null (imported, or before channels). */
  channel: z.string().nullable(),
  /** The partner's reference of a placement through the partner API; null for the others. */
  partnerReferenceNo: z.string().nullable(),
  /** A hold (blokir) is in force: the lists' badge. Its details are on the deposit's page. */
  held: z.boolean(),
  bilyet: z.object({ status: bilyetStatusSchema, number: z.string().nullable() }),
  shipmentStatus: shipmentStatusSchema.nullable(),
  signatureStatus: signatureStatusSchema.nullable(),
  breakRequest: breakRequestSchema.nullable(),
  settlement: breakPreviewSchema.nullable(),
  closeReason: closeReasonSchema.nullable(),
  statusReason: z.string().nullable(),
  /** Send it back with a change to be told when someone else changed the deposit meanwhile. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** "Tidak dijamin LPS" flags (lists: the rate flag only; the detail adds the customer's total). */
  flags: z.array(lpsFlagSchema),
});
export type DepositSummary = z.infer<typeof depositSummarySchema>;

const depositPeriodSchema = z.object({
  periodNumber: z.number().int(),
  periodStart: z.string(),
  maturityDate: z.string(),
  amount: z.number().int(),
  rateBps: z.number().int(),
  tenorMonths: z.number().int(),
  maturityInstruction: maturityInstructionSchema,
  startedBy: z.enum(['placement', 'rollover', 'extension']),
});

const installmentRowStatusSchema = z.enum(['scheduled', 'due', 'paid', 'cancelled']);

export const installmentSchema = z.object({
  id: z.string(),
  depositId: z.string(),
  periodNumber: z.number().int(),
  sequence: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payDate: z.string(),
  grossInterest: z.number().int(),
  tax: z.number().int(),
  netInterest: z.number().int(),
  status: installmentRowStatusSchema,
  statusLabel: z.string(),
  paidAt: z.string().nullable(),
  reference: z.string().nullable(),
});

export const disbursementSchema = z.object({
  id: z.string(),
  depositId: z.string(),
  kind: z.enum(['break', 'maturity']),
  principal: z.number().int(),
  interest: z.number().int(),
  tax: z.number().int(),
  penalty: z.number().int(),
  amount: z.number().int(),
  status: z.enum(['pending', 'paid']),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
  proofFileId: z.string().nullable(),
  createdAt: z.string(),
});

const timelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  event: z.string(),
  eventLabel: z.string(),
  from: depositStatusSchema.nullable(),
  to: depositStatusSchema,
  payload: z.record(z.string(), z.unknown()),
});

/** A notification to the partner the deposit came from (the outbox): what was told and whether it arrived. */
const partnerNotificationSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  at: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  deliveredAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
});

/** An event this user's role could start in the deposit's state, refused today: shown disabled with the machine's reason. */
export const blockedEventSchema = z.object({
  type: depositEventTypeSchema,
  /** Indonesian, the deposit machine's own refusal (whyNot), e.g. the bilyet not returned yet. */
  reason: z.string(),
});
export type BlockedEvent = z.infer<typeof blockedEventSchema>;

/** The deposit machine's answer for this user today: what they may start, and what they may not and why. */
export const depositActionsSchema = z.object({
  /** The events this user may start on this deposit today (the action menu). */
  allowedEvents: z.array(depositEventTypeSchema),
  /** Events of the deposit's state this user's role may take but that are refused today, each with its reason. */
  blockedEvents: z.array(blockedEventSchema),
});
export type DepositActions = z.infer<typeof depositActionsSchema>;

const payoutAccountSchema = z.object({ bankName: z.string().nullable(), accountNumber: z.string().nullable(), accountName: z.string().nullable() });

/** GET /deposito/{id} and the answer of every transition. */
export const depositDetailSchema = depositSummarySchema.extend({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    nik: z.string(),
    npwp: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    payoutAccount: payoutAccountSchema,
    /** Staff set it; a HIGH-risk customer's placement is shown as such on the approval. */
    riskLevel: z.enum(['LOW', 'MEDIUM', 'HIGH']),
  }),
  /** The product's rate for this period's tenor on its start (null: the tenor is no longer offered). */
  productRateBps: z.number().int().nullable(),
  /** The deposit's rate is above the product's: a special rate, shown in red on the approval. */
  specialRate: z.boolean(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    active: z.boolean(),
    interestPayment: interestPaymentSchema,
    penaltyBps: z.number().int(),
    forfeitAccruedInterest: z.boolean(),
    tenors: z.array(z.object({ tenorMonths: z.number().int(), rateBps: z.number().int() })),
  }),
  /** The customer's principal the bank holds (all running deposits), for the LPS ceiling. */
  customerTotalPrincipal: z.number().int(),
  periods: z.array(depositPeriodSchema),
  installments: z.array(installmentSchema),
  disbursements: z.array(disbursementSchema),
  timeline: z.array(timelineEntrySchema),
  /** What the partner was told of this deposit, oldest first (empty for a deposit of no partner). */
  notifications: z.array(partnerNotificationSchema),
  ...depositActionsSchema.shape,
  bilyet: bilyetDetailSchema,
  /** Newest first. */
  shipments: z.array(shipmentSchema),
  /** Its holds (blokir), newest first; those in force freeze its payouts (DOMAIN.md "Holds"). */
  holds: z.array(holdSchema),
  /** How its refusals name the hold in force ("agunan kredit KR-2026-0113"; the earliest of several), or null. */
  holdLabel: z.string().nullable(),
  /** The business date (Asia/Jakarta) the answer was computed for. */
  today: z.string(),
});
export type DepositDetail = z.infer<typeof depositDetailSchema>;

export const depositStatusCountsSchema = z.object({
  counts: z.record(depositStatusSchema, z.number().int()),
  total: z.number().int(),
});

export const documentSummaryCountsSchema = z.object({
  bilyetNotIssued: z.number().int(),
  bilyetNotShipped: z.number().int(),
  bilyetNotReceived: z.number().int(),
  signaturesPending: z.number().int(),
});

export const unprocessedCountsSchema = z.object({
  pending: z.number().int(),
  breakRequested: z.number().int(),
  matured: z.number().int(),
  disbursing: z.number().int(),
  bilyetToIssue: z.number().int(),
  total: z.number().int(),
});


export const channelingSchema = z.object({
  period: z.string(),
  channels: z.array(z.object({ channel: z.string().nullable(), label: z.string(), count: z.number().int(), amount: z.number().int() })),
});

// --- Change requests ---------------------------------------------------------------------------

const changeRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export const changeRequestListQuerySchema = z.object({ status: changeRequestStatusSchema.optional(), page: pageSchema, limit: limitSchema });
/** PATCH /deposito-change-request/{id} */
export const changeRequestDecisionSchema = z
  .object({
    decision: z.enum(['approved', 'rejected'], { error: 'Keputusan harus approved atau rejected.' }),
    reason: z.string().trim().max(500, { error: 'Alasan paling banyak 500 karakter.' }).optional(),
  })
  .refine((value) => value.decision !== 'rejected' || (value.reason ?? '') !== '', { error: 'Alasan penolakan wajib diisi.', path: ['reason'] });

/** POST /deposito-change-request: staff raise a customer's change from a deposit; another supervisor decides it. */
export const raiseChangeRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ depositId: idField('Deposito'), kind: z.literal('instruction'), instruction: maturityInstructionSchema }),
    z.object({
      depositId: idField('Deposito'),
      kind: z.literal('payoutAccount'),
      bankCode: requiredCode('Bank rekening pencairan', 3),
      accountNumber: requiredCode('Nomor rekening pencairan', 30),
      accountName: requiredText('Nama pemilik rekening pencairan', 100),
    }),
  ],
  { error: 'Jenis perubahan harus instruksi jatuh tempo (instruction) atau rekening pencairan (payoutAccount).' },
);
export type RaiseChangeRequest = z.input<typeof raiseChangeRequestSchema>;

export const changeRequestSchema = z.object({
  id: z.string(),
  /** The deposit it was raised from; null for a change raised from the customer's page. */
  depositId: z.string().nullable(),
  depositNumber: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string(),
  /** `customerData`: the customer's identity fields (PATCH /bpr/customers/{id}). */
  kind: z.enum(['instruction', 'payoutAccount', 'customerData']),
  kindLabel: z.string(),
  /** { instruction }, { bankCode, bankName, accountNumber, accountName } or the identity fields asked */
  requestedValue: z.record(z.string(), z.unknown()),
  /** What the request replaces, as it was when raised (null for requests kept before it was recorded). */
  previousValue: z.record(z.string(), z.unknown()).nullable(),
  /** The deposit's instruction today (null without a deposit). */
  currentInstruction: maturityInstructionSchema.nullable(),
  status: changeRequestStatusSchema,
  reason: z.string().nullable(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  /** The staff who raised it (null: the customer, through the platform). */
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;
