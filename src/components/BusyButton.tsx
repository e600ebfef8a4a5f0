import { useSubmit } from '../app/use-submit';

/** A download or a print changes nothing any view reads. */
const READS_ONLY = { invalidates: [] } as const;

/**
 * A button whose action waits for the server (open a PDF, download a file, ask the courier): it
 * goes through the submission machine like a form's save, so it refuses a second press and says so
 * while it runs, and a failure shows the server's Indonesian message. aria-disabled, not disabled:
 * a disabled button drops the keyboard's focus to the page. With `writes` (asking the courier
 * records what it said) a success has what views show read again, as every write does.
 */
export function BusyButton({
  label,
  busyLabel = 'Memproses…',
  run,
  tone = 'secondary',
  writes = false,
}: {
  label: string;
  busyLabel?: string;
  run: () => Promise<unknown>;
  tone?: 'primary' | 'secondary' | 'danger';
  writes?: boolean;
}) {
  const action = useSubmit(writes ? {} : READS_ONLY);
  return (
    <button type="button" className={`bj-button bj-button--${tone}`} onClick={() => void action.submit(label, run)} aria-disabled={action.pending} aria-busy={action.pending}>
      {action.pending ? busyLabel : label}
    </button>
  );
}
