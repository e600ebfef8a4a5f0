import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFieldProblems } from './Form';

interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> {
  label: string;
  hint?: ReactNode;
  /** Problems with the chosen files, one sentence each; the form's submission adds the server's (components/Form.tsx). */
  problems?: readonly string[];
  /** Other openings of the server's sentences about this file ("Unggah satu berkas surat"). */
  openings?: readonly string[];
  onFilesChange?: (files: File[]) => void;
}

/**
 * A file input whose button and "nothing chosen" text are in Indonesian whatever the browser's
 * language: the native input stays in the page (keyboard, screen readers, form data) but is
 * drawn by its label instead. Its accessible name is the field's label and the button's words
 * ("Pilih berkas"), so a person who says what they see reaches it; the chosen file's name (or
 * "Belum ada berkas dipilih") is its description.
 */
/** What staff upload as documents: a scan or a photo. */
export const FILE_ACCEPT = 'application/pdf,image/png,image/jpeg';
export const FILE_HINT = 'PDF, PNG atau JPEG, paling besar 5 MB.';

export function FileField({ label, hint, problems: given, openings, required, multiple, onFilesChange, ...input }: FileFieldProps) {
  const id = useId();
  const problems = useFieldProblems(input.name, label, given, openings);
  const [chosen, setChosen] = useState<string[]>([]);
  const describedBy = [hint ? `${id}-hint` : null, `${id}-chosen`, problems.length > 0 ? `${id}-problems` : null].filter(Boolean).join(' ');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    setChosen(files.map((file) => file.name));
    onFilesChange?.(files);
  };

  return (
    <div className="bj-field">
      <span className="bj-field__label" id={`${id}-label`}>
        {label}
        {required ? <span className="bj-field__required" aria-hidden="true"> *</span> : null}
      </span>
      <div className="bj-file">
        <input
          id={id}
          type="file"
          className="bj-file__input"
          multiple={multiple}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          aria-invalid={problems.length > 0 || undefined}
          onChange={onChange}
          {...input}
        />
        <label htmlFor={id} id={`${id}-button`} className="bj-button bj-button--secondary bj-file__button" aria-hidden="true">
          Pilih berkas
        </label>
        <span id={`${id}-chosen`} className="bj-file__chosen">
          {chosen.length === 0 ? 'Belum ada berkas dipilih' : chosen.join(', ')}
        </span>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="bj-field__hint">
          {hint}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className="bj-field__problem" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The first non-empty file chosen in the form's file input `name`, or null. Read from the input's
 * own file list rather than FormData: the same answer in browsers and in jsdom, whose FormData
 * ignores a file list a test gave the input.
 */
export function chosenFile(form: HTMLFormElement, name: string): File | null {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) return null;
  const file = input.files?.[0];
  return file && file.size > 0 ? file : null;
}
