import { z } from 'zod';
import { inPeriodWindow, PERIOD_WINDOW_MESSAGE } from './deposit';

/**
 * Neraca Keuangan (API.md "Bank, users, settings": /bpr/neraca-keuangan; DOMAIN.md "Balance sheet
 * and ratios"): a month's lines in whole rupiah, the profit-and-loss lines year to date.
 */

/** Every line, in the order of the form and the xlsx template, with how staff name it. */
export const BALANCE_SHEET_LINE_LABELS = {
  kas: 'Kas',
  penempatanBankLain: 'Penempatan pada bank lain',
  kredit: 'Kredit yang diberikan',
  kreditKurangLancar: 'Kredit kurang lancar',
  kreditDiragukan: 'Kredit diragukan',
  kreditMacet: 'Kredit macet',
  ckpn: 'CKPN (cadangan kerugian penurunan nilai)',
  asetTetap: 'Aset tetap (neto)',
  asetLain: 'Aset lain-lain',
  tabungan: 'Tabungan',
  deposito: 'Deposito',
  simpananBankLain: 'Simpanan dari bank lain',
  pinjamanDiterima: 'Pinjaman yang diterima',
  kewajibanSegera: 'Kewajiban segera',
  utangBunga: 'Utang bunga',
  kewajibanLain: 'Kewajiban lain-lain',
  modalInti: 'Modal inti',
  modalPelengkap: 'Modal pelengkap',
  atmr: 'ATMR (aset tertimbang menurut risiko)',
  pendapatanOperasional: 'Pendapatan operasional (sejak Januari)',
  bebanOperasional: 'Beban operasional (sejak Januari)',
  labaSebelumPajak: 'Laba (rugi) sebelum pajak (sejak Januari)',
} as const;

export type BalanceSheetLine = keyof typeof BALANCE_SHEET_LINE_LABELS;
export const BALANCE_SHEET_LINES = Object.keys(BALANCE_SHEET_LINE_LABELS) as BalanceSheetLine[];
export type BalanceSheetLines = Record<BalanceSheetLine, number>;

/** Lines that may be negative: a loss. */
const SIGNED_LINES = new Set<BalanceSheetLine>(['labaSebelumPajak']);
/** Filled from Berjangka's own deposits when not sent. */
export const OPTIONAL_LINES = new Set<BalanceSheetLine>(['deposito']);

const MAX_RUPIAH = 1_000_000_000_000_000;

function lineField(line: BalanceSheetLine) {
  const label = BALANCE_SHEET_LINE_LABELS[line];
  const base = z
    .number({ error: `${label} harus berupa angka rupiah.` })
    .int({ error: `${label} harus rupiah utuh.` })
    .max(MAX_RUPIAH, { error: `${label} terlalu besar.` });
  return SIGNED_LINES.has(line) ? base.min(-MAX_RUPIAH, { error: `${label} terlalu kecil.` }) : base.min(0, { error: `${label} tidak boleh negatif.` });
}

/** 'YYYY-MM', a real month. */
export const periodSchema = z
  .string({ error: 'Periode wajib diisi (format YYYY-MM).' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Periode harus berformat YYYY-MM, misalnya 2026-10.' })
  .refine(inPeriodWindow, { error: PERIOD_WINDOW_MESSAGE });

const balanceSheetLinesSchema = z.object(
  Object.fromEntries(BALANCE_SHEET_LINES.map((line) => [line, OPTIONAL_LINES.has(line) ? lineField(line).optional() : lineField(line)])) as unknown as Record<
    Exclude<BalanceSheetLine, 'deposito'>,
    z.ZodNumber
  > & { deposito: z.ZodOptional<z.ZodNumber> },
  { error: 'Isian neraca wajib diisi.' },
);

/** POST /bpr/neraca-keuangan */
export const balanceSheetInputSchema = z.object({ period: periodSchema, lines: balanceSheetLinesSchema }).strict();

export const ratioResultSchema = z.object({
  value: z.number().nullable(),
  threshold: z.number(),
  healthy: z.boolean().nullable(),
  note: z.string().nullable(),
});
export const ratiosSchema = z.object({
  kpmm: ratioResultSchema,
  nplGross: ratioResultSchema,
  ldr: ratioResultSchema,
  roa: ratioResultSchema,
  bopo: ratioResultSchema,
  cashRatio: ratioResultSchema,
});
export type Ratios = z.infer<typeof ratiosSchema>;

/** A month on file. */
export const balanceSheetSchema = z.object({
  period: z.string(),
  lines: z.record(z.string(), z.number()),
  /** True when the deposito line came from Berjangka's own deposits at the month's end. */
  depositoFromBerjangka: z.boolean(),
  totalAssets: z.number(),
  ratios: ratiosSchema,
  source: z.enum(['form', 'xlsx']),
  enteredBy: z.string(),
  enteredAt: z.string(),
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

/** GET without a period: the months on file, newest first, with their ratios (the trend). */
export const balanceSheetMonthSchema = balanceSheetSchema.pick({ period: true, ratios: true, totalAssets: true, enteredAt: true });
export type BalanceSheetMonth = z.infer<typeof balanceSheetMonthSchema>;

export const BALANCE_SHEET_MESSAGES = {
  adminOnly: 'Hanya ADMIN yang dapat mengisi neraca keuangan.',
  notFound: 'Neraca bulan ini belum diisi.',
  future: 'Neraca hanya dapat diisi untuk bulan yang sudah berjalan.',
} as const;
