import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ZIP_SEARCH_MIN_LENGTH } from '@contract/geography';
import type { GeographyApi, ZipSearchResult } from '../lib/geography-api';
import { useServerData } from '../lib/server-data';
import '../styles/address.css';

/** The contract's minimum, as a type-checked copy: importing the value would bring zod along. */
const MIN_LENGTH: typeof ZIP_SEARCH_MIN_LENGTH = 3;
const LIMIT = 10;
/** Wait for a pause in typing: one search per word, not per key. */
const DEBOUNCE_MS = 250;

interface ZipSearchFieldProps {
  label: string;
  hint?: string;
  searchZip: GeographyApi['searchZip'];
  onPick: (result: ZipSearchResult) => void;
  disabled?: boolean;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * A combobox (WAI-ARIA 1.2 pattern) over GET /geography/zip-code/search: typing a postal code
 * or a place name offers matches; Arrow keys move, Enter or a click picks one, Escape closes.
 * It holds no form value of its own: a pick is handed to `onPick`, which fills the pickers.
 */
export function ZipSearchField({ label, hint, searchZip, onPick, disabled }: ZipSearchFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  // What is asked: the text after a pause in typing (a newer question aborts the older one).
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const searchRef = useRef(searchZip);
  searchRef.current = searchZip;

  const query = text.trim();
  const searchable = query.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_LENGTH;

  useEffect(() => {
    if (!searchable) return setAsked('');
    const timer = setTimeout(() => setAsked(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, searchable]);

  const search = useServerData(searchable && asked ? ['geography', 'zip-search', asked] : null, (signal) => searchRef.current(asked, LIMIT, signal), { freshness: 'reference' });
  const status: Status = !searchable || !asked ? 'idle' : search.status;
  const found = searchable ? search.data : null;
  const results = found ?? [];
  // New matches: the first is the active one (adjusting state while rendering, as the answer arrives).
  const [seen, setSeen] = useState(found);
  if (seen !== found) {
    setSeen(found);
    setActive(found && found.length > 0 ? 0 : -1);
  }

  const pick = (result: ZipSearchResult) => {
    onPick(result);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      // Enter picks; it never submits the surrounding form from here.
      event.preventDefault();
      const chosen = results[active];
      if (open && chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const showList = open && searchable && status !== 'idle';
  const statusText =
    status === 'loading' ? 'Mencari…' : status === 'error' ? 'Pencarian gagal. Coba lagi.' : status === 'ready' && results.length === 0 ? 'Tidak ada yang cocok.' : '';

  return (
    <div className="bj-field bj-zip-search">
      <label className="bj-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="bj-zip-search__control">
        <input
          id={id}
          className="bj-field__input"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList && results.length > 0}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 && results[active] ? `${id}-option-${active}` : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          // After a click on an option has landed (mousedown keeps the focus there).
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label={label} className="bj-zip-search__list" hidden={!showList || results.length === 0}>
          {results.map((result, index) => (
            <li
              key={result.villageId}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="bj-zip-search__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(result)}
            >
              <span className="bj-zip-search__zip">{result.zipCode ?? '—'}</span>
              <span>
                {result.village}, {result.district}
                <span className="bj-zip-search__place">
                  {result.city}, {result.province}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="bj-field__hint">
          {hint}
        </p>
      ) : null}
      <p className="bj-field__hint bj-zip-search__status" role="status" aria-live="polite">
        {showList ? statusText : ''}
      </p>
    </div>
  );
}
