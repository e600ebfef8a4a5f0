import type { FormEvent } from 'react';

export interface FilterChoice {
  /** The URL parameter the choice sets. */
  name: string;
  label: string;
  /** What it holds now (from the URL); '' is "all". */
  value: string;
  /** The first option, meaning no filter (e.g. "Semua peran"); absent when `options` has its own ''. */
  allLabel?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A modifier of the field's width, e.g. 'reason' for bj-filters__field--reason. */
  width?: string;
}

interface FilterFormProps {
  /** The form's accessible name, e.g. "Saring blokir". */
  label: string;
  /** The search box (URL parameter `q`) and what it searches. */
  search: { value: string; placeholder: string };
  choices: readonly FilterChoice[];
  /** Every field's value (`q` trimmed) on "Terapkan"; each with '' on "Hapus filter". */
  onApply: (values: Record<string, string>) => void;
}

/**
 * The filter bar of the list screens: a search box and choices, applied together on Enter or
 * "Terapkan" (no request per keystroke or per choice), cleared at once by "Hapus filter". The
 * screen keeps the values in its URL; the form is keyed by them, so Back and Forward show the
 * URL's filters.
 */
export function FilterForm({ label, search, choices, onApply }: FilterFormProps) {
  const names = ['q', ...choices.map((choice) => choice.name)];
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply(Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '').trim()])));
  };
  return (
    <form className="bj-filters" role="search" aria-label={label} onSubmit={apply} key={[search.value, ...choices.map((choice) => choice.value)].join('|')}>
      <label className="bj-filters__field bj-filters__field--wide">
        <span>Cari</span>
        <input className="bj-field__input" name="q" type="search" defaultValue={search.value} placeholder={search.placeholder} maxLength={100} />
      </label>
      {choices.map((choice) => (
        <label key={choice.name} className={`bj-filters__field${choice.width ? ` bj-filters__field--${choice.width}` : ''}`}>
          <span>{choice.label}</span>
          <select className="bj-field__input" name={choice.name} defaultValue={choice.value}>
            {choice.allLabel !== undefined ? <option value="">{choice.allLabel}</option> : null}
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="bj-button bj-button--primary">
        Terapkan
      </button>
      <button type="button" className="bj-button bj-button--ghost" onClick={() => onApply(Object.fromEntries(names.map((name) => [name, ''])))}>
        Hapus filter
      </button>
    </form>
  );
}
