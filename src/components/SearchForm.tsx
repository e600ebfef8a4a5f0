import type { FormEvent } from 'react';

interface SearchFormProps {
  /** The search the list shows now (from the URL). */
  value: string;
  /** Called with the trimmed text on submit, and with '' when the search is cleared. */
  onSearch: (q: string) => void;
  placeholder?: string;
}

/**
 * The deposit search box of the list screens (customer name, NIK or deposit number): applied on
 * Enter or "Cari", so a list is not refetched per keystroke; the screen keeps the value in its URL.
 */
export function SearchForm({ value, onSearch, placeholder = 'Nomor deposito, nama atau NIK nasabah' }: SearchFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    // Keyed by the value so Back/Forward (a new URL) shows that URL's search in the box.
    <form className="bj-search" role="search" onSubmit={submit} key={value}>
      <label className="bj-filters__field bj-filters__field--wide">
        <span>Cari</span>
        <input className="bj-field__input" name="q" type="search" defaultValue={value} placeholder={placeholder} maxLength={100} />
      </label>
      <button type="submit" className="bj-button bj-button--primary">
        Cari
      </button>
      {value ? (
        <button type="button" className="bj-button bj-button--ghost" onClick={() => onSearch('')}>
          Hapus pencarian
        </button>
      ) : null}
    </form>
  );
}
