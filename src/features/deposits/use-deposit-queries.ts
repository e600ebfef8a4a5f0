import { useServerData, type ServerAnswer } from '../../lib/server-data';
import { depositApi, type DepositDetail, type Query } from '../../lib/deposit-api';

/** What the deposit screens ask, by key (src/lib/server-data.ts). */
const depositKeys = {
  list: (query: Query) => ['deposits', 'list', query] as const,
  counts: (filters: Query) => ['deposits', 'counts', filters] as const,
  detail: (id: string) => ['deposits', 'detail', id] as const,
  products: () => ['deposits', 'products'] as const,
};

/** A transition's answer, the deposit's detail as it is now: used as it is, not fetched again. */
export const answeredDetail = (detail: DepositDetail): ServerAnswer[] => [{ key: depositKeys.detail(detail.id), data: detail }];

export function useDepositList(query: Query) {
  return useServerData(depositKeys.list(query), (signal) => depositApi.list(query, signal));
}

export function useStatusCounts(filters: Query) {
  return useServerData(depositKeys.counts(filters), (signal) => depositApi.statusCounts(filters, signal));
}

export function useDepositDetail(id: string) {
  return useServerData(depositKeys.detail(id), (signal) => depositApi.detail(id, signal));
}

/** The bank's deposit products for the list filter (GET /api-v1/deposito/all-product), sorted by name. */
export function useProductOptions() {
  return useServerData(depositKeys.products(), async (signal) => (await depositApi.products(signal)).map(({ id, name }) => ({ id, name })));
}
