import type { DepositMonth } from '@contract/deposit-months';
import { api, type ApiClients, type Envelope } from '../../lib/api-client';
import { useServerData, type ServerData } from '../../lib/server-data';

export type { DepositMonth };

/** GET /api-v2-bpr/bpr/deposit-months: the bank's placements and maturities per month, oldest first. */
export async function fetchDepositMonths(months: number, signal?: AbortSignal, clients: ApiClients = api): Promise<DepositMonth[]> {
  return (await clients.v2Bpr<Envelope<DepositMonth[]>>('/bpr/deposit-months', { query: { months }, signal })).data;
}

/** Beranda's chart data: the last `months` months up to this month (the server's Jakarta calendar). */
export function useDepositMonths(months = 12): ServerData<DepositMonth[]> {
  return useServerData(['home', 'deposit-months', months], (signal) => fetchDepositMonths(months, signal));
}
