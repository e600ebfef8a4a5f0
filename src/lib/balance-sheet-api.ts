import type { BalanceSheet, BalanceSheetLines, BalanceSheetMonth } from '@contract/balance-sheet';
import { api, type ApiClients, type Envelope } from './api-client';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of Neraca Keuangan (/bpr/neraca-keuangan on /api-v2-bpr, Bearer): every staff
 * member reads; an ADMIN enters a month (the deposito line may be left out: the server takes
 * Berjangka's own figure) or imports the filled xlsx template, with an Idempotency-Key.
 */

export type { BalanceSheetMonth };
type BalanceSheetEntry = { period: string; lines: Partial<BalanceSheetLines> };

const PATH = '/bpr/neraca-keuangan';
export const BALANCE_SHEET_TEMPLATE_PATH = `${PATH}/template`;

function createBalanceSheetApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    months: async (signal?: AbortSignal) => (await bpr<Envelope<BalanceSheetMonth[]>>(PATH, { signal })).data,
    month: async (period: string, signal?: AbortSignal) => (await bpr<Envelope<BalanceSheet>>(PATH, { query: { period }, signal })).data,
    enter: async (entry: BalanceSheetEntry, key: string) => (await bpr<Envelope<BalanceSheet>>(PATH, { method: 'POST', body: entry, headers: idempotencyHeaders(key) })).data,
    importTemplate: async (period: string, file: File, key: string) => {
      const form = new FormData();
      form.append('period', period);
      form.append('file', file);
      return (await bpr<Envelope<BalanceSheet>>(`${PATH}/import`, { method: 'POST', body: form, headers: idempotencyHeaders(key) })).data;
    },
  };
}

type BalanceSheetApi = ReturnType<typeof createBalanceSheetApi>;

export const balanceSheetApi: BalanceSheetApi = createBalanceSheetApi(api);
