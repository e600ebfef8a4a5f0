import { z } from 'zod';
import { namedDateSchema, PERIOD_WINDOW_MESSAGE, inPeriodWindow } from './deposit';

/**
 * The bank's ledger (API.md "The bank's ledger", DOMAIN.md "The bank's ledger"): the chart of
 * accounts Berjangka posts to, and the journal it derives per business date.
 */

const ACCOUNT_ROLE_KEYS = ['depositLiability', 'interestExpense', 'interestPayable', 'taxPayable', 'penaltyIncome', 'payoutClearing', 'placementClearing'] as const;

const code = z.string({ error: 'Kode akun harus berupa teks.' }).trim();

/** PUT /bpr/accounting-settings (ADMIN); the codes' own rules are machines/ledger-rules mappingProblems. */
export const accountingSettingsSchema = z.object({
  accounts: z.partialRecord(z.enum(ACCOUNT_ROLE_KEYS, { error: 'Peran akun tidak dikenal.' }), code),
  byProduct: z
    .record(z.string(), z.strictObject({ depositLiability: code.optional(), interestExpense: code.optional() }, { error: 'Per produk hanya akun kewajiban deposito dan beban bunga yang dapat diatur.' }))
    .default({}),
});
export type AccountingSettingsInput = z.input<typeof accountingSettingsSchema>;

export const accountingSettingsAnswerSchema = z.object({
  accounts: z.record(z.string(), z.string()),
  byProduct: z.record(z.string(), z.object({ depositLiability: z.string().optional(), interestExpense: z.string().optional() })),
  /** Each role's name and the code it posts to now (its own name while unmapped). */
  roles: z.array(z.object({ role: z.enum(ACCOUNT_ROLE_KEYS), label: z.string(), account: z.string(), mapped: z.boolean() })),
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AccountingSettings = z.infer<typeof accountingSettingsAnswerSchema>;

const periodField = z
  .string({ error: 'Periode harus berformat YYYY-MM.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Periode harus berformat YYYY-MM.' })
  .refine(inPeriodWindow, { error: PERIOD_WINDOW_MESSAGE });

/** GET /report/journal: a day (`date`) or a month (`period`); json, xlsx or csv (`detail=true`: the per-deposit file). */
export const journalQuerySchema = z
  .object({
    date: namedDateSchema('Tanggal jurnal').optional(),
    period: periodField.optional(),
    format: z.enum(['json', 'xlsx', 'csv'], { error: 'Format harus json, xlsx atau csv.' }).default('json'),
    detail: z.enum(['true', 'false'], { error: 'detail harus true atau false.' }).optional(),
  })
  .refine((query) => (query.date === undefined) !== (query.period === undefined), { error: 'Pilih tanggal (date) atau periode (period), salah satu.' });

export const journalSummaryQuerySchema = z.object({ period: periodField });

const journalLineSchema = z.object({ account: z.string(), role: z.enum(ACCOUNT_ROLE_KEYS), debit: z.number().int(), credit: z.number().int(), productId: z.string().nullable(), memo: z.string() });
export const journalEntrySchema = z.object({
  entryId: z.string(),
  date: z.string(),
  event: z.string(),
  eventLabel: z.string(),
  /** The product's code, or the deposit's number for an entry of one deposit. */
  reference: z.string(),
  /** How many deposits the entry sums. */
  deposits: z.number().int(),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalAnswerSchema = z.object({ from: z.string(), to: z.string(), entries: z.array(journalEntrySchema), totals: z.object({ debit: z.number().int(), credit: z.number().int() }) });
export type JournalAnswer = z.infer<typeof journalAnswerSchema>;

const checkSchema = z.object({ ok: z.boolean(), expected: z.number().int(), actual: z.number().int(), difference: z.number().int(), detail: z.string() });
export const journalSummarySchema = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  accounts: z.array(z.object({ role: z.enum(ACCOUNT_ROLE_KEYS), account: z.string(), label: z.string(), opening: z.number().int(), debit: z.number().int(), credit: z.number().int(), closing: z.number().int() })),
  checks: z.object({ balanced: checkSchema, liabilityEqualsPosition: checkSchema, payableEqualsAccrued: checkSchema, taxEqualsReport: checkSchema }),
});
export type JournalSummary = z.infer<typeof journalSummarySchema>;
