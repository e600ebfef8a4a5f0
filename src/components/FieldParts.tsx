import type { ReactNode } from 'react';

/** A field's label with the required marker (hidden from screen readers, which hear aria-required). */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label className="bj-field__label" htmlFor={htmlFor}>
      {label}
      {required ? <span className="bj-field__required" aria-hidden="true"> *</span> : null}
    </label>
  );
}

/** The short help under a field, referenced by its aria-describedby. */
export function FieldHint({ id, hint }: { id: string | undefined; hint: ReactNode }) {
  if (!hint || !id) return null;
  return (
    <p id={id} className="bj-field__hint">
      {hint}
    </p>
  );
}
