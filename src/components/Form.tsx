import { createContext, useContext, useEffect, useRef, type FormHTMLAttributes, type ReactNode, type RefObject } from 'react';
import type { FieldOpenings } from '@machines/submission';
import type { Submission } from '../app/use-submit';

/**
 * The one pattern of every form and dialog that writes (issue 20): the submission
 * (src/app/use-submit.ts) decides; the fields show their own problems beside them (aria-invalid,
 * aria-describedby); the rest is the summary just above the buttons; the button says it is busy
 * and refuses a second press; a refusal moves the focus to the summary, or to the first field
 * with a problem when every problem is a field's. Dialog.tsx is the same pattern in a modal.
 */
const SubmissionScope = createContext<Submission | null>(null);

/** The submission of the form a field is in, or null outside one. */
function useFormSubmission(): Submission | null {
  return useContext(SubmissionScope);
}

/**
 * Provides the submission to the fields inside (a dialog's body, a page form). `openings` names
 * fields whose server sentences do not open with their label ("Tanggal berakhir blokir" for
 * "Berlaku sampai"), or controls that are no field component.
 */
export function SubmissionFields({ submission, openings, children }: { submission: Submission | null | undefined; openings?: FieldOpenings | undefined; children: ReactNode }) {
  const register = submission?.registerField;
  useEffect(() => {
    if (!register || !openings) return;
    const unregister = Object.entries(openings).map(([name, names]) => register(name, names));
    return () => unregister.forEach((undo) => undo());
  }, [register, openings]);
  return <SubmissionScope.Provider value={submission ?? null}>{children}</SubmissionScope.Provider>;
}

/**
 * A field's problems from the submission of its form: the field tells the form how the server's
 * sentences name it (its label, and any other opening), and gets every sentence about it. A
 * problem the screen gives (`given`) comes first.
 */
export function useFieldProblems(name: string | undefined, label: string, given: readonly string[] = [], openings: readonly string[] = []): readonly string[] {
  const submission = useFormSubmission();
  const register = submission?.registerField;
  const names = [label, ...openings].join('\n');
  useEffect(() => (register && name ? register(name, names.split('\n')) : undefined), [register, name, names]);
  const found = name ? (submission?.fieldErrors[name] ?? []) : [];
  return given.length > 0 ? [...given, ...found.filter((problem) => !given.includes(problem))] : found;
}

/** useFieldProblems as one line of text, for the fields that show one. */
export function useFieldProblem(name: string | undefined, label: string, given?: string | null): string | null {
  const problems = useFieldProblems(name, label, given ? [given] : []);
  return problems.length > 0 ? problems.join(' ') : null;
}

const CHECK_TITLE = 'Periksa isian berikut';
/** Said under the summary when fields have problems of their own too. */
const FIELDS_MARKED = 'Masalah pada isian ditandai di bawah isian masing-masing.';

/** The summary's title: one for every problem ("Produk belum dapat disimpan:"), or one for refusals not about the fields only. */
export interface SummaryTitles {
  summaryTitle?: string | undefined;
  /** For a refusal or failure other than a 400 ("Blokir belum dipasang"); none by default. */
  failureTitle?: string | undefined;
}

/**
 * What stopped the form that names no field, listed above its buttons and announced: the form's
 * own check and a 400 say "Periksa isian berikut"; any other refusal or failure says only what the
 * server said, unless the screen names what did not happen (or gives one title for all).
 */
export function FormSummary({ submission, summaryTitle, failureTitle, extra }: { submission: Submission | null | undefined; extra?: ReactNode } & SummaryTitles) {
  if (!submission || submission.summary.length === 0) return null;
  const title = summaryTitle ?? (submission.failedWith === null || submission.failedWith === 400 ? CHECK_TITLE : failureTitle);
  return (
    <div className="bj-form__full bj-form-summary" tabIndex={-1} data-form-summary="">
      <section className="bj-notice bj-notice--danger" role="alert">
        {title ? <h2 className="bj-notice__title">{title}</h2> : null}
        <ul>
          {submission.summary.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        {Object.keys(submission.fieldErrors).length > 0 ? <p className="bj-field__hint">{FIELDS_MARKED}</p> : null}
        {extra}
      </section>
    </div>
  );
}

/**
 * After each refusal or failure: the summary takes the focus when there is one (a screen reader
 * reads every problem it lists, and it says whether fields have problems too), else the first
 * field with a problem.
 */
export function useRefusalFocus(container: RefObject<HTMLElement | null>, submission: Submission | null | undefined) {
  const round = submission?.round ?? 0;
  const shown = submission?.status === 'refused' || submission?.status === 'failed';
  useEffect(() => {
    if (!shown || round === 0) return;
    const root = container.current;
    const target = root?.querySelector<HTMLElement>('[data-form-summary]') ?? root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
    // Once per refusal: `round` names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
}

/** The submit button of a page form: busy while the request is out, a second press refused (aria-disabled keeps the focus). */
export function SubmitButton({ label, busyLabel = 'Menyimpan…', className = 'bj-button bj-button--primary' }: { label: string; busyLabel?: string; className?: string }) {
  const pending = useFormSubmission()?.pending ?? false;
  return (
    <button type="submit" className={className} aria-disabled={pending || undefined}>
      {pending ? busyLabel : label}
    </button>
  );
}

/** Said by a form whose save found nothing changed (nothing is sent). */
export function NothingToSave({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="bj-muted" role="status">
      Tidak ada perubahan untuk disimpan.
    </p>
  );
}

/** The sticky buttons of a long settings form: whether anything changed, when it last was, and the save button. */
export function SettingsActions({ unchanged, lastChange, label, lastChangeTestId }: { unchanged: boolean; lastChange: string; label: string; lastChangeTestId?: string }) {
  return (
    <div className="bj-form-actions bj-form-actions--sticky">
      <NothingToSave shown={unchanged} />
      <p className="bj-muted bj-form-actions__meta" data-testid={lastChangeTestId}>
        {lastChange}
      </p>
      <SubmitButton label={label} />
    </div>
  );
}

interface SubmitFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'>, SummaryTitles {
  submission: Submission;
  /** Called with the form on a press while nothing is on its way. */
  onSubmit: (form: HTMLFormElement) => void;
  /** The buttons, below the summary. */
  actions: ReactNode;
  /** See SubmissionFields. */
  openings?: FieldOpenings;
  /** Said in the summary after the problems (a link to the customer already kept). */
  summaryExtra?: ReactNode;
}

/** A page form on the pattern: fields, the summary, the buttons. */
export function SubmitForm({ submission, onSubmit, actions, summaryTitle, failureTitle, openings, summaryExtra, children, ...form }: SubmitFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useRefusalFocus(ref, submission);
  return (
    <form
      ref={ref}
      noValidate
      aria-busy={submission.pending}
      {...form}
      onSubmit={(event) => {
        event.preventDefault();
        if (!submission.pending) onSubmit(event.currentTarget);
      }}
    >
      <SubmissionFields submission={submission} openings={openings}>
        {children}
        <FormSummary submission={submission} summaryTitle={summaryTitle} failureTitle={failureTitle} extra={summaryExtra} />
        {actions}
      </SubmissionFields>
    </form>
  );
}
