import { useId } from 'react';
import { useAppActors } from '../../../app/actors-context';

/**
 * A signing link to hand the customer: shown in full (selectable), copied with one click, or
 * opened; `compact` (a table cell) keeps only the two buttons.
 */
export function SigningLink({ url, compact = false }: { url: string; compact?: boolean }) {
  const app = useAppActors();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      app.notify({ type: 'success', title: 'Tautan tanda tangan disalin.' });
    } catch {
      app.notify({ type: 'error', title: 'Tautan tidak dapat disalin otomatis; pilih tautannya lalu salin.' });
    }
  };
  const buttons = (
    <span className="bj-row-actions">
      <button type="button" className="bj-button bj-button--secondary" onClick={() => void copy()}>
        Salin tautan
      </button>
      <a className="bj-button bj-button--secondary" href={url} target="_blank" rel="noopener noreferrer">
        Buka tautan
      </a>
    </span>
  );
  if (compact) return buttons;
  return (
    <div className="bj-field">
      <label className="bj-field__label" htmlFor={id}>
        Tautan tanda tangan
      </label>
      <input id={id} className="bj-field__input" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      {buttons}
    </div>
  );
}
