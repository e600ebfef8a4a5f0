import type { ListMeta } from '@contract/envelope';

interface PaginationProps {
  /** The list answer's meta; nothing is shown before it arrives or when the list is empty. */
  meta: ListMeta | undefined;
  onPage: (page: number) => void;
}

/** "Halaman 2 dari 40 · 800 data" with previous and next buttons. */
export function Pagination({ meta, onPage }: PaginationProps) {
  if (!meta || meta.total === 0) return null;
  const { page, totalPages, total } = meta;
  const last = Math.max(1, totalPages);
  return (
    <nav className="bj-pagination" aria-label="Halaman">
      <button type="button" className="bj-button bj-button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Sebelumnya
      </button>
      <span className="bj-pagination__info" aria-live="polite">
        Halaman {page} dari {last} · {total.toLocaleString('id-ID')} data
      </span>
      <button type="button" className="bj-button bj-button--secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Berikutnya
      </button>
    </nav>
  );
}
