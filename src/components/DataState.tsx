import { errorMessage } from '../lib/error-message';

/** What a list or panel shows while its data loads, when it is empty, or when loading failed. */
export function LoadingState({ label = 'Memuat data…' }: { label?: string }) {
  return (
    <p className="bj-state bj-state--loading" role="status">
      {label}
    </p>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="bj-state" role="status">
      <p className="bj-state__title">{title}</p>
      {children ? <p className="bj-state__body">{children}</p> : null}
    </div>
  );
}

/** The server's (or the client's) Indonesian message and a "Coba lagi" button. */
export function ErrorState({ error, onRetry, title = 'Data tidak dapat dimuat.' }: { error: unknown; onRetry: () => void; title?: string }) {
  return (
    <div className="bj-state bj-state--error" role="alert">
      <p className="bj-state__title">{title}</p>
      <p className="bj-state__body">{errorMessage(error)}</p>
      <button type="button" className="bj-button bj-button--secondary" onClick={onRetry}>
        Coba lagi
      </button>
    </div>
  );
}
