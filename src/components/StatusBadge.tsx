export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short state label in a coloured pill (text always says it; colour only helps). */
export function StatusBadge({ label, tone = 'neutral' }: { label: string; tone?: BadgeTone }) {
  return <span className={`bj-status bj-status--${tone}`}>{label}</span>;
}
