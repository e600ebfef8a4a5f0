import { useId, type ReactNode } from 'react';
import { useFieldProblem } from './Form';

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

/** A field's problem under it, referenced by its aria-describedby and announced. */
export function FieldProblem({ id, problem }: { id: string | undefined; problem: string | null }) {
  if (!problem || !id) return null;
  return (
    <p id={id} className="bj-field__problem" role="alert">
      {problem}
    </p>
  );
}

/**
 * The ids and the problem of a labelled control: its hint and its problem (given by the screen, or
 * the server's through the form's submission) tied to it for assistive technology. `control` goes
 * on the input, select or textarea.
 */
export function useFieldWiring(name: string | undefined, label: string, hint: ReactNode, given: string | null | undefined, required: boolean | undefined) {
  const id = useId();
  const problem = useFieldProblem(name, label, given);
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  const control = { id, className: 'bj-field__input', 'aria-required': required || undefined, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy };
  return { id, problem, hintId, problemId, control };
}

/** A labelled control's frame: the label with its required marker, the control, its hint and its problem. */
export function FieldFrame({ field, label, hint, required, children }: { field: ReturnType<typeof useFieldWiring>; label: string; hint: ReactNode; required: boolean | undefined; children: ReactNode }) {
  return (
    <div className="bj-field">
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      {children}
      <FieldHint id={field.hintId} hint={hint} />
      <FieldProblem id={field.problemId} problem={field.problem} />
    </div>
  );
}
