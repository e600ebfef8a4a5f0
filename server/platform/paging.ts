/** One page of a list, with the paging of API.md's envelope `meta`. */
export interface Page<T> {
  items: T[];
  meta: { page: number; limit: number; total: number; totalPages: number };
}

export function pageOf<T>(items: T[], page: number, limit: number, total: number): Page<T> {
  return { items, meta: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
