import { useId, type SelectHTMLAttributes } from 'react';
import { FieldHint, FieldLabel } from './FieldParts';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The choices, in order: the value sent and the text shown. */
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first, empty choice ("Pilih …") when nothing is chosen yet. */
  placeholder?: string;
  hint?: string;
  /** A problem with the choice, announced to screen readers (as TextField's). */
  problem?: string | null;
}

/** A labelled select, styled and wired for assistive technology like TextField. */
export function SelectField({ label, options, placeholder, hint, problem, required, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="bj-field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select id={id} className="bj-field__input" aria-required={required || undefined} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={hintId} hint={hint} />
      {problem ? (
        <p id={problemId} className="bj-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
