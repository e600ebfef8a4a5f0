import { z } from 'zod';
import { ratiosSchema, type ratioResultSchema } from './balance-sheet';
import { periodSchema } from './deposit-api';

/**
 * API.md "Reports and invoices" (v2-bpr, Bearer): the report catalogue, one report of a month as
 * xlsx or PDF, and Beranda's summary figures of a month.
 */

/** Every report, by the name its files carry (`posisi-deposito-2026-10.xlsx`). */
export const REPORT_TYPES = ['posisi-deposito', 'profil-jatuh-tempo', 'mutasi-deposito', 'bunga-pajak', 'eksposur-lps', 'nasabah-terbesar'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

// The first month a report may cover is 2000-01, where the shared period window (contract/deposit.ts)
// starts: nothing Berjangka holds is older. A report adds "not after this month" on the server.
const reportPeriodSchema = periodSchema;
const requiredPeriod = z.string({ error: 'Periode wajib diisi (YYYY-MM).' }).pipe(reportPeriodSchema);

/** GET /report: `type` from the catalogue, `period` 'YYYY-MM' not after this month, `format` xlsx or pdf. */
export const reportQuerySchema = z.object({
  type: z.enum(REPORT_TYPES, { error: 'Jenis laporan tidak dikenal.' }),
  period: requiredPeriod,
  format: z.enum(REPORT_FORMATS, { error: 'Format laporan harus xlsx atau pdf.' }),
});

/** GET /report/list-summary: the month (default this month, Asia/Jakarta). */
export const reportSummaryQuerySchema = z.object({ period: reportPeriodSchema.optional() });

/** One entry of GET /report/list-report. */
export const reportCatalogueItemSchema = z.object({
  type: z.enum(REPORT_TYPES),
  name: z.string(),
  description: z.string(),
  formats: z.array(z.enum(REPORT_FORMATS)),
});
export type ReportCatalogueItem = z.infer<typeof reportCatalogueItemSchema>;

const tallySchema = z.object({ count: z.number().int().min(0), amount: z.number().int().min(0) });

/** The ratios of the latest balance-sheet month on file (Neraca Keuangan's, as it answers them). */
export const latestRatiosSchema = ratiosSchema.extend({
  /** 'YYYY-MM' of that balance sheet. */
  period: z.string(),
});
export type LatestRatios = z.infer<typeof latestRatiosSchema>;
export type RatioResultData = z.infer<typeof ratioResultSchema>;

/** GET /report/list-summary: what Beranda shows of a month; each figure equals its list's for the month. */
export const reportSummarySchema = z.object({
  period: z.string(),
  /** The day the balances are taken: the month's last day, or today in the running month. */
  asOf: z.string(),
  /**
   * Deposits the bank holds on `asOf` (from the value date until paid out; as the Posisi Deposito
   * report): all of them, those still running, and the principal-weighted rate in basis points
   * (two decimals; null without deposits).
   */
  balances: tallySchema.extend({ running: tallySchema, averageRateBps: z.number().nullable() }),
  /** Value dates in the month, rejected and cancelled left out (as GET /bpr/deposit-months). */
  placements: tallySchema,
  /** Periods maturing in the month (as GET /bpr/deposit-months). */
  maturities: tallySchema,
  /** Installments paid or due in the month (as GET /deposito/monthly-interest's summary). */
  interest: z.object({ count: z.number().int().min(0), gross: z.number().int(), tax: z.number().int(), net: z.number().int() }),
  /** Null until a balance sheet is on file. */
  ratios: latestRatiosSchema.nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
