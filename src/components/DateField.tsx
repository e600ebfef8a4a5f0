import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { DayPicker } from 'react-day-picker';
import { id as dayPickerId } from 'react-day-picker/locale/id';
import 'react-day-picker/style.css';
import { formatDate } from '../lib/format';
import { useFieldProblem } from './Form';
import '../styles/date-field.css';

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const NAMED_MONTH_DATE = /^(\d{1,2})[\s/.-]+([a-z]+)[\s/.-]+(\d{4})$/i;

/** Indonesian month names (dayjs's `id` locale), lower-case, January first. */
const MONTHS_SHORT = (dayjs.Ls.id?.monthsShort as string[] | undefined)?.map((name) => name.toLowerCase()) ?? [];
const MONTHS_LONG = (dayjs.Ls.id?.months as string[] | undefined)?.map((name) => name.toLowerCase()) ?? [];

export const INVALID_DATE_MESSAGE = 'Tanggal tidak valid. Tulis seperti 05-Agt-2026 atau 05/08/2026.';

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  const index = MONTHS_SHORT.indexOf(lower) >= 0 ? MONTHS_SHORT.indexOf(lower) : MONTHS_LONG.indexOf(lower);
  return index >= 0 ? index + 1 : null;
}

/**
 * The business date (`YYYY-MM-DD`) a person typed: `05-Agt-2026` (Indonesian month, short or
 * long), `5/8/2026` or `05-08-2026` (day first, as Indonesians write it), or `2026-08-05`.
 * Empty text gives ''; anything else, or a day that does not exist (31-Feb), gives null.
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = NUMERIC_DATE.exec(trimmed);
  if (numeric) return isoOf(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = NAMED_MONTH_DATE.exec(trimmed);
  if (named) {
    const month = monthNumber(named[2] ?? '');
    return month === null ? null : isoOf(Number(named[3]), month, Number(named[1]));
  }
  return null;
}

function displayOf(iso: string): string {
  return iso === '' ? '' : formatDate(iso);
}

function dateOf(iso: string | undefined): Date | undefined {
  const match = iso ? ISO_DATE.exec(iso) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

function isoOfDate(date: Date): string {
  return isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate()) ?? '';
}

/** The problem with a parsed value, in Indonesian, or null. */
function problemOf(iso: string | null, min: string | undefined, max: string | undefined): string | null {
  if (iso === null) return INVALID_DATE_MESSAGE;
  if (iso !== '' && min && iso < min) return `Tanggal tidak boleh sebelum ${formatDate(min)}.`;
  if (iso !== '' && max && iso > max) return `Tanggal tidak boleh setelah ${formatDate(max)}.`;
  return null;
}

interface DateFieldProps {
  label: string;
  /** Class of the wrapper (`bj-field` in forms, `bj-filters__field` in filter bars). */
  className?: string;
  /** Class of the label text. */
  labelClassName?: string;
  /** Sends the `YYYY-MM-DD` value with the form under this name (a hidden input). */
  name?: string;
  /** Controlled value `YYYY-MM-DD` ('' for none); use with onChange. */
  value?: string;
  /** Uncontrolled start value `YYYY-MM-DD`. */
  defaultValue?: string;
  /** Called with `YYYY-MM-DD`, or '' when the field is emptied or the text is not a date. */
  onChange?: (value: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  /** A problem the form or the server found with the value; the field's own (not a date, out of range) comes first. */
  problem?: string | null;
}

/**
 * A date field that shows and accepts `DD-MMM-YYYY` in Indonesian whatever the browser's locale
 * (a native date input shows mm/dd/yyyy in an English Chromium), with a calendar button. The
 * calendar is react-day-picker: an ARIA grid with full keyboard support, Indonesian labels.
 */
export function DateField({ label, className = 'bj-field', labelClassName = 'bj-field__label', name, value, defaultValue = '', onChange, min, max, required, problem: givenProblem = null }: DateFieldProps) {
  const id = useId();
  const formProblem = useFieldProblem(name, label, givenProblem);
  const problemId = `${id}-problem`;
  const calendarId = `${id}-calendar`;
  const controlled = value !== undefined;
  const [iso, setIso] = useState(controlled ? value : defaultValue);
  const [text, setText] = useState(displayOf(controlled ? value : defaultValue));
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  // A parent that changes the value (a reset) is shown; our own emitted value is already shown.
  useEffect(() => {
    if (controlled && value !== iso) {
      setIso(value);
      setText(displayOf(value));
      setProblem(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change of `value` matters
  }, [value]);

  // The visible input carries the problem so the browser refuses to submit the form with it.
  useEffect(() => {
    inputRef.current?.setCustomValidity(problem ?? '');
  }, [problem]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  function commit(next: string) {
    setIso(next);
    onChange?.(next);
  }

  function onType(nextText: string) {
    setText(nextText);
    const parsed = parseDateText(nextText);
    const nextProblem = problemOf(parsed, min, max);
    // While typing, only a value that has become valid clears a shown problem; blur shows new ones.
    if (nextProblem === null) setProblem(null);
    else inputRef.current?.setCustomValidity(nextProblem);
    const next = parsed !== null && nextProblem === null ? parsed : '';
    if (next !== iso) commit(next);
  }

  function onBlur() {
    const parsed = parseDateText(text);
    setProblem(problemOf(parsed, min, max));
    if (parsed) setText(displayOf(parsed));
  }

  function pick(date: Date | undefined) {
    if (!date) return;
    const next = isoOfDate(date);
    setText(displayOf(next));
    setProblem(null);
    if (next !== iso) commit(next);
    setOpen(false);
    inputRef.current?.focus();
  }

  function onCalendarKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  const selected = dateOf(iso);
  const shownProblem = problem ?? formProblem;
  return (
    <div className={`${className} bj-date-field`} ref={wrapperRef}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      <div className="bj-date-field__control">
        <input
          ref={inputRef}
          id={id}
          className="bj-field__input bj-date-field__input"
          type="text"
          inputMode="text"
          autoComplete="off"
          placeholder="DD-MMM-YYYY"
          value={text}
          required={required}
          aria-required={required || undefined}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? problemId : undefined}
          onChange={(event) => onType(event.target.value)}
          onBlur={onBlur}
        />
        <button
          ref={buttonRef}
          type="button"
          className="bj-date-field__button"
          aria-label={`Buka kalender: ${label}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
            <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z" />
          </svg>
        </button>
      </div>
      {name ? <input type="hidden" name={name} value={iso} /> : null}
      {shownProblem ? (
        <p id={problemId} className="bj-field__problem" role="alert">
          {shownProblem}
        </p>
      ) : null}
      {open ? (
        <div id={calendarId} className="bj-date-field__calendar" role="dialog" aria-label={`Kalender: ${label}`} onKeyDown={onCalendarKey}>
          <DayPicker
            mode="single"
            locale={dayPickerId}
            selected={selected}
            onSelect={pick}
            defaultMonth={selected ?? dateOf(max) ?? dateOf(min)}
            disabled={[...(min ? [{ before: dateOf(min)! }] : []), ...(max ? [{ after: dateOf(max)! }] : [])]}
            autoFocus
          />
        </div>
      ) : null}
    </div>
  );
}
