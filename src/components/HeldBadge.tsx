import { StatusBadge } from './StatusBadge';

/** A deposit frozen by a hold (blokir) in force: the same word in every list and on its page. */
export function HeldBadge({ label }: { label?: string | null }) {
  return <StatusBadge label={label ? `Diblokir: ${label}` : 'Diblokir'} tone="danger" />;
}
