import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldWiring } from './FieldParts';

/** A labelled control's props: the element's own, its label, a short help text under it, and its problem. */
type Labelled<Attributes> = Omit<Attributes, 'id'> & {
  label: string;
  hint?: ReactNode;
  /** A problem with the value, announced to screen readers; the form's submission adds the server's (components/Form.tsx). */
  problem?: string | null;
};

type TextFieldProps = Labelled<InputHTMLAttributes<HTMLInputElement>>;
type TextAreaFieldProps = Labelled<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/** A labelled input; the label, hint and problem are tied to it for assistive technology. */
export function TextField({ label, hint, problem, required, ...input }: TextFieldProps) {
  const field = useFieldWiring(input.name, label, hint, problem, required);
  return (
    <FieldFrame field={field} label={label} hint={hint} required={required}>
      <input {...field.control} {...input} />
    </FieldFrame>
  );
}

/** A labelled multi-line text (a reason, a note), wired like TextField. */
export function TextAreaField({ label, hint, problem, required, ...textarea }: TextAreaFieldProps) {
  const field = useFieldWiring(textarea.name, label, hint, problem, required);
  return (
    <FieldFrame field={field} label={label} hint={hint} required={required}>
      <textarea {...field.control} {...textarea} />
    </FieldFrame>
  );
}
