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

/** The products the bank's deposits use (no product API yet): read from the latest 100 deposits. */
export function useProductOptions() {
  return useResource(async (signal) => {
    const page = await depositApi.list({ limit: 100 }, signal);
    const byId = new Map<string, string>();
    for (const row of page.data) byId.set(row.product.id, row.product.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'id'));
  }, []);
}
