import { useState } from 'react';
import { useAppActors } from '../app/actors-context';

/**
 * A button whose action waits for the server (open a PDF, download a file, ask the courier): it
 * refuses a second press and says so while it runs, and a failure shows the server's Indonesian
 * message. aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page.
 */
export function BusyButton({ label, busyLabel = 'Memproses…', run, tone = 'secondary' }: { label: string; busyLabel?: string; run: () => Promise<unknown>; tone?: 'primary' | 'secondary' | 'danger' }) {
  const app = useAppActors();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await run();
    } catch (error) {
      app.showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`bj-button bj-button--${tone}`} onClick={() => void click()} aria-disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
