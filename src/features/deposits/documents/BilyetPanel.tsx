import type { BilyetStatus } from '@contract/deposit';
import { bilyetStatusLabels } from '@machines/bilyet';
import { StatusBadge, type BadgeTone } from '../../../components/StatusBadge';
import type { DepositDetail } from '../../../lib/deposit-api';
import { formatDate } from '../../../lib/format';
import { bilyetStepCopy, stepsForBilyet, type BilyetStepKind, type BilyetStepTarget } from './bilyet-steps';
import { PrintBilyetButton } from './PrintBilyetDialog';

const bilyetTones: Record<BilyetStatus, BadgeTone> = {
  none: 'warning',
  issued: 'info',
  shipped: 'info',
  received: 'success',
  returned: 'neutral',
  lost: 'danger',
};

/** The public page that answers whether a printed bilyet is genuine (its QR leads there). */
const verificationPath = (code: string) => `/verifikasi/bilyet/${encodeURIComponent(code)}`;

export function stepTargetOf(deposit: DepositDetail): BilyetStepTarget {
  return {
    depositId: deposit.id,
    depositNumber: deposit.depositNumber,
    customerName: deposit.customer.name,
    bilyetStatus: deposit.bilyet.status,
    bilyetNumber: deposit.bilyet.number,
    printedNumber: deposit.bilyet.printedNumber,
    today: deposit.today,
  };
}

type BilyetDetail = DepositDetail['bilyet'];

/** The journey so far, a line per step that happened (the detail keeps the last of each). */
function journeyOf(bilyet: BilyetDetail): Array<{ label: string; value: string }> {
  const lines: Array<{ label: string; value: string | null }> = [
    { label: 'Diterbitkan', value: bilyet.issuedOn ? formatDate(bilyet.issuedOn) : null },
    { label: 'Dikirim', value: bilyet.courier ? `${formatDate(bilyet.shippedOn)} · ${bilyet.courier} ${bilyet.awb ?? ''}`.trim() : null },
    {
      label: bilyet.handedOverAtCounter ? 'Diserahkan di kantor' : 'Diterima',
      value: bilyet.receivedAt ? `${formatDate(bilyet.receivedAt)}${bilyet.receivedBy ? ` · ${bilyet.receivedBy}` : ''}` : null,
    },
    { label: 'Dikembalikan', value: bilyet.returnedAt ? formatDate(bilyet.returnedAt) : null },
    { label: 'Dicatat hilang', value: bilyet.lostOn ? `${formatDate(bilyet.lostOn)}${bilyet.lostReason ? ` · ${bilyet.lostReason}` : ''}` : null },
  ];
  return lines.filter((line): line is { label: string; value: string } => line.value !== null);
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
          <dd>{bilyet.number ?? (bilyet.printedNumber ? `${bilyet.printedNumber} (dicetak, menunggu unggahan pindaian)` : '-')}</dd>
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
        {journeyOf(bilyet).map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <div className="bj-row-actions bj-bilyet__actions" data-testid="bilyet-actions">
        <PrintBilyetButton depositId={deposit.id} depositNumber={deposit.depositNumber} />
        {steps.map((kind) => (
          <button key={kind} type="button" className="bj-button bj-button--secondary" onClick={() => onStep(kind)}>
            {bilyetStepCopy[kind].label}
          </button>
        ))}
      </div>
    </section>
  );
}
