import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import type { FieldOpenings } from '@machines/submission';
import type { Submission } from '../app/use-submit';
import { FormSummary, SubmissionFields, useRefusalFocus, type SummaryTitles } from './Form';

interface DialogProps extends SummaryTitles {
  title: string;
  /** Shown while true; closing (Esc, Batal) calls onClose. */
  open: boolean;
  onClose: () => void;
  /** The form's submit; the confirm button submits. */
  onSubmit?: (form: HTMLFormElement) => void;
  confirmLabel?: string;
  confirmTone?: 'primary' | 'danger';
  /**
   * The dialog's writes (src/app/use-submit.ts): its pending state, every field's problems beside
   * the field, the rest in the summary above the buttons, the focus on the summary or the first
   * field with a problem. Reset
   * (what was shown, not the keys) each time the dialog opens.
   */
  submission?: Submission;
  /** How the server names fields whose sentences do not open with their label (components/Form.tsx). */
  openings?: FieldOpenings;
  /** Disables the confirm button (e.g. while a preview loads). */
  confirmDisabled?: boolean;
  /** The closing button; "Tutup" suits a dialog that only shows something. */
  closeLabel?: string;
  children: ReactNode;
}

/** How long the opener is watched after the dialog closed (a list read again answers well within it). */
const FOCUS_WATCH_MS = 10_000;

/**
 * Puts focus back on what opened the dialog; when the action removed it (a row that left the
 * list), on the screen's content, so the keyboard does not start again from the top of the page.
 */
function returnFocus(opener: HTMLElement | null) {
  if (!opener) return;
  const toContent = () => document.querySelector<HTMLElement>('main[tabindex]')?.focus();
  if (!opener.isConnected) return toContent();
  opener.focus();
  // The screen often reads its data again after the action, and the row that opened the dialog may
  // leave the list a moment later: the focus then goes to the content, not to the page.
  if (typeof MutationObserver === 'undefined') return;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', stop);
  };
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    if (document.activeElement === null || document.activeElement === document.body) toContent();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(stop, FOCUS_WATCH_MS);
  // Staff moved on: where the focus goes next is theirs.
  document.addEventListener('focusin', stop);
}

/**
 * A modal confirmation on the native <dialog> (focus trapped, Esc closes, the page behind is
 * inert — no library needed). Its body says what will happen; its fields are a form. Closing it,
 * or the screen dropping it while open, puts focus back on the control that opened it: browsers
 * differ in whether <dialog> does, and none does when the element is removed instead of closed.
 */
export function Dialog({ title, open, onClose, onSubmit, confirmLabel = 'Konfirmasi', confirmTone = 'primary', submission, summaryTitle, failureTitle, openings, confirmDisabled = false, closeLabel = 'Batal', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const pending = submission?.pending ?? false;
  const reset = submission?.reset;
  useRefusalFocus(form, submission);
  // Each opening starts clean: what an earlier attempt showed goes, a key kept for a retry stays.
  useEffect(() => {
    if (open) reset?.();
  }, [open, reset]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Still the control that was clicked or pressed: the dialog has not taken focus yet.
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      returnFocus(opener.current);
      opener.current = null;
    }
  }, [open]);
  // Removed while open (screens that render their dialog only while it is in use): the opener is
  // still remembered then, since closing forgets it.
  useEffect(() => () => returnFocus(opener.current), []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit?.(event.currentTarget);
  };
  return (
    <dialog
      ref={ref}
      className="bj-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
    >
      {open ? (
        <form ref={form} className="bj-dialog__form" onSubmit={submit} noValidate aria-busy={pending}>
          <h2 id={titleId} className="bj-dialog__title">
            {title}
          </h2>
          <SubmissionFields submission={submission} openings={openings}>
            <div className="bj-dialog__body">
              {children}
              <FormSummary submission={submission} summaryTitle={summaryTitle} failureTitle={failureTitle} />
            </div>
          </SubmissionFields>
          <div className="bj-dialog__actions">
            <button type="button" className="bj-button bj-button--secondary" onClick={() => pending || onClose()} aria-disabled={pending || undefined}>
              {closeLabel}
            </button>
            {onSubmit ? (
              // aria-disabled while busy, not disabled: a disabled button drops the keyboard's focus to the page.
              <button type="submit" className={`bj-button bj-button--${confirmTone === 'danger' ? 'danger' : 'primary'}`} aria-disabled={pending || undefined} disabled={confirmDisabled}>
                {pending ? 'Memproses…' : confirmLabel}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
