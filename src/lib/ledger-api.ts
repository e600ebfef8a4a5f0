import type { AccountingSettings, AccountingSettingsInput, JournalAnswer, JournalEntry, JournalSummary } from '@contract/ledger';
import { api, type ApiClients, type Envelope } from './api-client';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of API.md "The bank's ledger" (v2-bpr, Bearer): the chart of accounts every staff
 * member reads and an ADMIN saves (with an Idempotency-Key), a day's or a month's journal, and a
 * month's summary with its checks. The journal's files (xlsx, CSV, CSV rincian) come through
 * src/lib/download.ts from JOURNAL_PATH, with the session and progress.
 */

export type { AccountingSettings, AccountingSettingsInput, JournalAnswer, JournalEntry, JournalSummary };

/** GET /report/journal: the journal of a day (`date`) or a month (`period`); `format` json, xlsx or csv. */
export const JOURNAL_PATH = '/report/journal';

const SETTINGS_PATH = '/bpr/accounting-settings';

/** A day (`YYYY-MM-DD`) or a month (`YYYY-MM`) of the journal. */
export type JournalRange = { date: string } | { period: string };

function createLedgerApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    settings: async (signal?: AbortSignal) => (await bpr<Envelope<AccountingSettings>>(SETTINGS_PATH, { signal })).data,
    /** ADMIN only; answers the saved mapping. A 400 lists every problem of the mapping. */
    saveSettings: async (input: AccountingSettingsInput, key: string) =>
      (await bpr<Envelope<AccountingSettings>>(SETTINGS_PATH, { method: 'PUT', body: input, headers: idempotencyHeaders(key) })).data,
    journal: async (range: JournalRange, signal?: AbortSignal) => (await bpr<Envelope<JournalAnswer>>(JOURNAL_PATH, { query: range, signal })).data,
    /** A month's accounts (opening, debit, credit, closing) and DOMAIN.md's four checks. */
    summary: async (period: string, signal?: AbortSignal) => (await bpr<Envelope<JournalSummary>>(`${JOURNAL_PATH}/summary`, { query: { period }, signal })).data,
  };
}

type LedgerApi = ReturnType<typeof createLedgerApi>;

export const ledgerApi: LedgerApi = createLedgerApi(api);
