import type { Ratios } from '@contract/balance-sheet';
import { StatusBadge } from '../../components/StatusBadge';
import { formatPercent, RATIO_HINTS, RATIO_LABELS, RATIO_NAMES, thresholdText } from './ratio-view';

/** The six ratios of a month: value, threshold, healthy or not, and why when there is no value. */
export function RatioCards({ ratios }: { ratios: Ratios }) {
  return (
    <ul className="bj-ratio-cards" aria-label="Rasio keuangan">
      {RATIO_NAMES.map((name) => {
        const ratio = ratios[name];
        return (
          <li key={name} className="bj-card bj-ratio-card">
            <h3 className="bj-ratio-card__name">{RATIO_LABELS[name]}</h3>
            <p className="bj-ratio-card__value">{ratio.value === null ? '—' : formatPercent(ratio.value)}</p>
            <p className="bj-muted">Batas sehat {thresholdText(name, ratio.threshold)}</p>
            {ratio.healthy === null ? (
              <p className="bj-muted">{ratio.note}</p>
            ) : (
              <StatusBadge label={ratio.healthy ? 'Sehat' : 'Perlu perhatian'} tone={ratio.healthy ? 'success' : 'danger'} />
            )}
            <p className="bj-ratio-card__hint">{RATIO_HINTS[name]}</p>
          </li>
        );
      })}
    </ul>
  );
}
