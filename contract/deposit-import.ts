import { z } from 'zod';
import { isoDateSchema } from './deposit';
import { limitSchema, pageSchema } from './paging';

/**
 * Impor Deposito (API.md "Placements, import and holds"; DOMAIN.md "From the bank's old system"):
 * a bank that adopts Berjangka brings the deposits its old system runs, from an xlsx of one row
 * per running deposit. A dry run checks every row and says every error; the commit writes all
 * rows or none.
 */

/** The multipart field of the file; `cutOverDate` and `dryRun` come beside it. */
export const DEPOSIT_IMPORT_FILE_FIELD = 'file';

/** POST /deposito/import's fields (multipart text: `dryRun` is "true" or "false"; "true" when not sent). */
export const depositImportFieldsSchema = z.object({
  cutOverDate: isoDateSchema,
  dryRun: z.enum(['true', 'false'], { error: 'dryRun harus "true" atau "false".' }).default('true'),
});

export const depositImportErrorSchema = z.object({
  /** The sheet's row number as Excel shows it (the header is row 1). */
  row: z.number().int(),
  /** The column's header in the template ("NIK", "Nominal", …), or "Berkas" for the file as a whole. */
  column: z.string(),
  message: z.string(),
});
export type DepositImportError = z.infer<typeof depositImportErrorSchema>;

const depositImportProductTotalSchema = z.object({ productId: z.string(), productCode: z.string(), productName: z.string(), count: z.number().int(), principal: z.number().int() });

export const depositImportResultSchema = z.object({
  /** Data rows read (blank rows are skipped). */
  rows: z.number().int(),
  /** Rows without an error. */
  valid: z.number().int(),
  /** Every error, row by row; at most DEPOSIT_IMPORT_MAX_ERRORS (then `errorsTruncated`). */
  errors: z.array(depositImportErrorSchema),
  errorCount: z.number().int(),
  errorsTruncated: z.boolean(),
  /** Of the valid rows: what staff compare with the old system's balance. */
  totals: z.object({ count: z.number().int(), principal: z.number().int(), byProduct: z.array(depositImportProductTotalSchema) }),
  /** Customers the commit creates (new NIK/NPWP) and those it finds kept at the bank already. */
  customers: z.object({ created: z.number().int(), matched: z.number().int() }),
  /** Present once written (201). */
  importId: z.string().optional(),
});
export type DepositImportResult = z.infer<typeof depositImportResultSchema>;

/** The error list stops here; the count goes on. */
export const DEPOSIT_IMPORT_MAX_ERRORS = 1000;

/** GET /deposito/import */
export const depositImportListQuerySchema = z.object({ page: pageSchema, limit: limitSchema });

export const depositImportSummarySchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  principal: z.number().int(),
  cutOverDate: z.string(),
  /** The admin who committed it (name). */
  by: z.string(),
  at: z.string(),
});
export type DepositImportSummary = z.infer<typeof depositImportSummarySchema>;

/** GET /deposito/import/template: `sample=1` fills it with the demo's sample rows (a book to try). */
export const depositImportTemplateQuerySchema = z.object({ sample: z.enum(['0', '1'], { error: 'sample harus 0 atau 1.' }).optional() });
