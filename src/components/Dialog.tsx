import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  /** Shown while true; closing (Esc, Batal) calls onClose. */
  open: boolean;
  onClose: () => void;
  /** The form's submit; the confirm button submits. */
  onSubmit?: (form: HTMLFormElement) => void;
  confirmLabel?: string;
  confirmTone?: 'primary' | 'danger';
  pending?: boolean;
  /** Disables the confirm button (e.g. while a preview loads). */
  confirmDisabled?: boolean;
  /** The closing button; "Tutup" suits a dialog that only shows something. */
  closeLabel?: string;
  children: ReactNode;
}

/** Puts focus back on what opened the dialog, when that is still on the page. */
function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) opener.focus();
}

/**
 * A modal confirmation on the native <dialog> (focus trapped, Esc closes, the page behind is
 * inert — no library needed). Its body says what will happen; its fields are a form. Closing it,
 * or the screen dropping it while open, puts focus back on the control that opened it: browsers
 * differ in whether <dialog> does, and none does when the element is removed instead of closed.
 */
export function Dialog({ title, open, onClose, onSubmit, confirmLabel = 'Konfirmasi', confirmTone = 'primary', pending = false, confirmDisabled = false, closeLabel = 'Batal', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
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
        <form className="bj-dialog__form" onSubmit={submit} noValidate aria-busy={pending}>
          <h2 id={titleId} className="bj-dialog__title">
            {title}
          </h2>
          <div className="bj-dialog__body">{children}</div>
          <div className="bj-dialog__actions">
            <button type="button" className="bj-button bj-button--secondary" onClick={onClose} disabled={pending}>
              {closeLabel}
            </button>
            {onSubmit ? (
              <button type="submit" className={`bj-button bj-button--${confirmTone === 'danger' ? 'danger' : 'primary'}`} disabled={pending || confirmDisabled}>
                {pending ? 'Memproses…' : confirmLabel}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
