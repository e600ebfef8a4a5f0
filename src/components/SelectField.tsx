import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldWiring } from './FieldParts';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
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
  const field = useFieldWiring(select.name, label, hint, problem, required);
  return (
    <FieldFrame field={field} label={label} hint={hint} required={required}>
      <select {...field.control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
