import type { BilyetStatus } from '@contract/deposit';
import { bilyetStatusLabels } from '@machines/bilyet';
import { StatusBadge, type BadgeTone } from '../../../components/StatusBadge';
import type { DepositDetail } from '../../../lib/deposit-api';
import { bilyetStepCopy, stepsForBilyet, type BilyetStepKind, type BilyetStepTarget } from './bilyet-steps';
import { BusyButton } from './BusyButton';
import { printBilyet } from './shipment-actions';

export const bilyetTones: Record<BilyetStatus, BadgeTone> = {
  none: 'warning',
  issued: 'info',
  shipped: 'info',
  received: 'success',
  returned: 'neutral',
  lost: 'danger',
};

/** The public page that answers whether a printed bilyet is genuine (its QR leads there). */
export const verificationPath = (code: string) => `/verifikasi/bilyet/${encodeURIComponent(code)}`;

export function stepTargetOf(deposit: DepositDetail): BilyetStepTarget {
  return {
    depositId: deposit.id,
    depositNumber: deposit.depositNumber,
    customerName: deposit.customer.name,
    bilyetStatus: deposit.bilyet.status,
    bilyetNumber: deposit.bilyet.number,
    today: deposit.today,
  };
}

/**
 * The deposit's bilyet: where it is in its journey, its number and public verification, "Cetak
 * bilyet", and the steps the server's bilyet machine allows this user today.
 */
export function BilyetPanel({ deposit, only, onStep }: { deposit: DepositDetail; only?: readonly BilyetStepKind[]; onStep: (kind: BilyetStepKind) => void }) {
  const { bilyet } = deposit;
  const steps = stepsForBilyet(bilyet).filter((kind) => !only || only.includes(kind));
  return (
    <section className="bj-card bj-bilyet" aria-labelledby="bilyet-title">
      <h2 id="bilyet-title" className="bj-card__title">
        Bilyet
      </h2>
      <dl className="bj-facts bj-facts--compact">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge label={bilyet.statusLabel || bilyetStatusLabels[bilyet.status]} tone={bilyetTones[bilyet.status]} />
          </dd>
        </div>
        <div>
          <dt>Nomor bilyet</dt>
          <dd>{bilyet.number ?? '-'}</dd>
        </div>
        <div>
          <dt>Verifikasi</dt>
          <dd>
            {bilyet.verificationCode ? (
              <a href={verificationPath(bilyet.verificationCode)} target="_blank" rel="noopener noreferrer">
                Buka halaman verifikasi
              </a>
            ) : (
              <span className="bj-muted">Tersedia setelah bilyet dicetak</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="bj-row-actions bj-bilyet__actions" data-testid="bilyet-actions">
        <BusyButton label="Cetak bilyet" busyLabel="Menyiapkan…" run={() => printBilyet({ depositId: deposit.id, depositNumber: deposit.depositNumber })} />
        {steps.map((kind) => (
          <button key={kind} type="button" className="bj-button bj-button--secondary" onClick={() => onStep(kind)}>
            {bilyetStepCopy[kind].label}
          </button>
        ))}
      </div>
    </section>
  );
}
