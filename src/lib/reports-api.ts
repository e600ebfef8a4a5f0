import type { LatestRatios, RatioResultData, ReportCatalogueItem, ReportFormat, ReportSummary } from '@contract/reports';
import { api, type ApiClients, type Envelope } from './api-client';

/**
 * Typed calls of API.md "Reports and invoices" (v2-bpr, Bearer): the report catalogue and
 * Beranda's summary of a month. The files themselves come through src/lib/download.ts from
 * REPORT_PATH, with progress.
 */

export type { LatestRatios, RatioResultData, ReportFormat };

/** GET /report?type&period&format: one report of a month as a file. */
export const REPORT_PATH = '/report';

function createReportsApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    /** The reports this user may make, each with its formats. */
    catalogue: async (signal?: AbortSignal) => (await bpr<Envelope<ReportCatalogueItem[]>>('/report/list-report', { signal })).data,
    /** A month's figures for Beranda: balances, placements, maturities, interest and tax, the latest ratios. */
    summary: async (period: string, signal?: AbortSignal) => (await bpr<Envelope<ReportSummary>>('/report/list-summary', { query: { period }, signal })).data,
  };
}

type ReportsApi = ReturnType<typeof createReportsApi>;

export const reportsApi: ReportsApi = createReportsApi(api);
