import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { reportQuerySchema, reportSummaryQuerySchema, type LatestRatios, type ReportCatalogueItem, type ReportSummary } from '../../contract/reports';
import { formatDateId } from '../../machines/deposit-rules';
import { isFuturePeriod, periodLabelId, reportMonth, type ReportMonth } from '../../machines/report-rules';
import { getDepositSettings, productNamesOf } from '../products/product-service';
import type { StaffActor } from '../platform/actor';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { OffloadedReads } from '../platform/db/offloaded-reads';
import type { Database } from '../platform/db/schema';
import { ValidationError } from '../platform/errors';
import { pdfHeaders } from '../platform/pdf/pdf-response';
import { parseOrThrow } from '../platform/validation';
import { xlsxDownloadHeaders } from '../platform/xlsx/xlsx-stream';
import { xlsxWorkbookWebStream } from '../platform/xlsx/xlsx-workbook';
import { positionGroups } from './holdings-repository';
import { interestGroups } from './interest-repository';
import { installmentTotals } from './interest-tax-report';
import { bankName, breakSums } from './movements-repository';
import { monthTallies } from '../deposits/deposit-service';
import { catalogue, reportOf } from './report-catalogue';
import type { ReportContext } from './report-context';
import type { ReportDocument } from './report-document';
import { reportPdfWebStream } from './report-pdf';
import { reportSheets } from './report-xlsx';
import { sumGroups } from './position-report';

/**
 * Laporan (API.md "Reports and invoices"): the catalogue, one report of a month as a streamed
 * xlsx or PDF, and Beranda's summary of a month. Every staff role reads them; a user sees only
 * their own bank. A month after this one (Asia/Jakarta) is refused: its position would be a guess.
 */

interface ReportServiceDeps {
  db: Kysely<Database>;
  /** Where the long reads run (SQLite: a worker thread; PostgreSQL: the pool). */
  reads: OffloadedReads;
  clock: Clock;
  logger: Logger;
  /**
   * The ratios of the bank's latest balance sheet (server/bank/balance-sheet-service.ts
   * latestRatios), or null when none is on file.
   */
  latestRatios: (bankId: string) => Promise<LatestRatios | null>;
  /** Rows per keyset batch (tests make it small to cross batch borders). */
  batchSize?: number;
}

interface ReportFile {
  filename: string;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
}

const FUTURE_PERIOD = 'Periode tidak boleh setelah bulan ini.';

export function createReportService(deps: ReportServiceDeps) {
  const { db, reads, clock } = deps;
  const today = () => jakartaDate(clock.now());

  function monthOf(period: string): ReportMonth {
    const now = today();
    if (isFuturePeriod(period, now)) throw new ValidationError([FUTURE_PERIOD]);
    return reportMonth(period, now);
  }

  async function contextOf(actor: StaffActor, month: ReportMonth): Promise<ReportContext> {
    const [settings, productNames] = await Promise.all([getDepositSettings(db, actor.bankId), productNamesOf(db, actor.bankId)]);
    return { source: { db, reads }, bankId: actor.bankId, month, today: today(), settings, productNames, ...(deps.batchSize ? { batchSize: deps.batchSize } : {}) };
  }

  return {
    /** GET /report/list-report */
    catalogue(_actor: StaffActor): ReportCatalogueItem[] {
      return catalogue();
    },

    /**
     * GET /report: validates and reads the report's sums first (a bad query is a 400 before any
     * byte), then answers the file as it is written; its long lists stream from the database.
     */
    async file(actor: StaffActor, query: Record<string, unknown>): Promise<ReportFile> {
      const parsed = parseOrThrow(reportQuerySchema, query);
      const month = monthOf(parsed.period);
      const report = reportOf(parsed.type);
      const [context, name] = await Promise.all([contextOf(actor, month), bankName(db, actor.bankId)]);
      const built = await report.build(context);
      const document: ReportDocument = {
        type: report.type,
        title: report.name,
        bankName: name ?? '',
        period: month.period,
        periodLine: `Periode ${periodLabelId(month.period)} · posisi per ${formatDateId(month.asOf)}${month.running ? ' (bulan berjalan)' : ''}`,
        printedAt: clock.now(),
        fileStem: `${report.type}-${month.period}`,
        tables: built.tables,
      };
      const onError = (error: unknown) => deps.logger.error({ err: error, report: report.type, format: parsed.format, bankId: actor.bankId }, 'report failed midway');
      if (parsed.format === 'pdf') {
        const filename = `${document.fileStem}.pdf`;
        return { filename, headers: pdfHeaders(filename), body: reportPdfWebStream(document, onError) };
      }
      const filename = `${document.fileStem}.xlsx`;
      return { filename, headers: xlsxDownloadHeaders(filename), body: xlsxWorkbookWebStream(reportSheets(document), onError) };
    },

    /**
     * The principal held per product at the end of `asOf`, as Posisi Deposito counts it (the
     * ledger's check that the deposit liability equals the position).
     */
    async positionByProduct(bankId: string, asOf: string): Promise<Map<string, number>> {
      const groups = await positionGroups({ db, reads }, { bankId, asOf, today: today() });
      const byProduct = new Map<string, number>();
      for (const group of groups) byProduct.set(group.productId, (byProduct.get(group.productId) ?? 0) + group.amount);
      return byProduct;
    },

    /**
     * The PPh 4(2) withheld from `from` to `to` as Bunga dan PPh counts it: installments by pay date
     * and early withdrawals by break date (the ledger's check of its tax payable).
     */
    async withheldTax(bankId: string, from: string, to: string): Promise<number> {
      const range = { bankId, from, to };
      const [groups, withdrawals] = await Promise.all([interestGroups({ db, reads }, range), breakSums({ db, reads }, range)]);
      return groups.reduce((sum, group) => sum + group.tax, 0) + withdrawals.tax;
    },

    /** GET /report/list-summary: Beranda's figures of a month, each equal to its list's. */
    async summary(actor: StaffActor, query: Record<string, unknown>): Promise<ReportSummary> {
      const parsed = parseOrThrow(reportSummaryQuerySchema, query);
      const month = monthOf(parsed.period ?? today().slice(0, 7));
      const source = { db, reads };
      const range = { bankId: actor.bankId, from: month.first, to: month.last };
      const [groups, tallies, interest, ratios] = await Promise.all([
        positionGroups(source, { bankId: actor.bankId, asOf: month.asOf, today: today() }),
        monthTallies(source, actor.bankId, month.period),
        interestGroups(source, range),
        deps.latestRatios(actor.bankId),
      ]);
      const all = sumGroups(groups);
      const running = sumGroups(groups.filter((group) => group.running));
      return {
        period: month.period,
        asOf: month.asOf,
        balances: { count: all.count, amount: all.amount, running: { count: running.count, amount: running.amount }, averageRateBps: all.rateBps },
        // The tallies also carry their month, which is `period` here: the answer keeps to its schema.
        placements: { count: tallies.placements.count, amount: tallies.placements.amount },
        maturities: { count: tallies.maturities.count, amount: tallies.maturities.amount },
        interest: installmentTotals(interest),
        ratios,
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
