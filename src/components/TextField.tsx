import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldHint, FieldLabel } from './FieldParts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A short help text under the field. */
  hint?: ReactNode;
  /** A problem with the value, announced to screen readers. */
  problem?: string | null;
}

/** A labelled input; the label, hint and problem are tied to it for assistive technology. */
export function TextField({ label, hint, problem, required, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="bj-field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        className="bj-field__input"
        aria-required={required || undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldHint id={hintId} hint={hint} />
      {problem ? (
        <p id={problemId} className="bj-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
