import type { ReportMonth } from '../../machines/report-rules';
import type { DepositSettings } from '../products/product-service';
import type { ExportSource } from '../platform/xlsx/keyset';
import type { ReportTable } from './report-document';
import type { HoldingScope } from './holdings-repository';
import type { MonthRange } from './movements-repository';

/** What every report builder reads from: the bank, the month, the settings and where to query. */
export interface ReportContext {
  source: ExportSource;
  bankId: string;
  month: ReportMonth;
  today: string;
  settings: DepositSettings;
  /** The bank's products by id (retired ones too: old deposits keep theirs). */
  productNames: ReadonlyMap<string, string>;
  /** Rows per keyset batch (tests make it small to cross batch borders). */
  batchSize?: number;
}

/** A report's tables, in the order both files show them. */
export interface BuiltReport {
  tables: ReadonlyArray<ReportTable<never>>;
}

export type ReportBuilder = (context: ReportContext) => Promise<BuiltReport>;

/** The position the report month is taken on. */
export const scopeOf = (context: ReportContext): HoldingScope => ({ bankId: context.bankId, asOf: context.month.asOf, today: context.today });

/** The month's days, for movements dated within it. */
export const rangeOf = (context: ReportContext): MonthRange => ({ bankId: context.bankId, from: context.month.first, to: context.month.last });

export const productName = (context: ReportContext, productId: string): string => context.productNames.get(productId) ?? '';

/** Sorts by product name, then by the given keys. */
export const byProductName = (context: ReportContext) => (a: { productId: string }, b: { productId: string }) => productName(context, a.productId).localeCompare(productName(context, b.productId), 'id');
