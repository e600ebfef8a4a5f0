import { useResource } from '../../lib/use-resource';
import { depositApi, type Query } from '../../lib/deposit-api';

/** Typed GET hooks of the deposit screens; each refetches when its query changes. */

export function useDepositList(query: Query) {
  const key = JSON.stringify(query);
  return useResource((signal) => depositApi.list(query, signal), [key]);
}

export function useStatusCounts(filters: Query) {
  const key = JSON.stringify(filters);
  return useResource((signal) => depositApi.statusCounts(filters, signal), [key]);
}

export function useDepositDetail(id: string) {
  return useResource((signal) => depositApi.detail(id, signal), [id]);
}

/** The bank's deposit products for the list filter (GET /api-v1/deposito/all-product), sorted by name. */
export function useProductOptions() {
  return useResource(async (signal) => (await depositApi.products(signal)).map(({ id, name }) => ({ id, name })), []);
}
