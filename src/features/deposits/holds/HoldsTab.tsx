import { useState } from 'react';
import { heldStatuses } from '@machines/deposit';
import { mayAct } from '@machines/deposit-rules';
import { holdsInForce } from '@machines/hold';
import type { Role } from '@contract/auth';
import { useHoldDecision } from '../../../app/use-hold-decision';
import { BusyButton } from '../../../components/BusyButton';
import { EmptyState } from '../../../components/DataState';
import { HoldActionButtons, OpenHoldDecisionDialog, holdStatusTones } from '../../../components/HoldActions';
import { StatusBadge } from '../../../components/StatusBadge';
import type { DepositDetail } from '../../../lib/deposit-api';
import { downloadFile } from '../../../lib/download';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { Submission } from '../../../app/use-submit';
import { holdLetterPath, type Hold } from '../../../lib/holds-api';
import { PlaceHoldDialog } from './PlaceHoldDialog';

/** The holds still freezing the deposit, oldest first: the first is the one its refusals name. */
export function holdsInForceOf(deposit: Pick<DepositDetail, 'holds'>): Hold[] {
  return deposit.holds.filter((hold) => holdsInForce.includes(hold.status)).reverse();
}

/** How a hold ended: released by a person, or by the daily job on its end date (no one named). */
function releaseText(hold: Hold): string | null {
  if (!hold.releasedAt) return null;
  return hold.releasedBy ? `${hold.releasedBy.name} · ${formatDateTime(hold.releasedAt)}` : `Berakhir otomatis · ${formatDateTime(hold.releasedAt)}`;
}

function HoldCard({ hold, onOpen }: { hold: Hold; onOpen: (event: Hold['allowedEvents'][number]) => void }) {
  const titleId = `hold-${hold.id}`;
  const released = releaseText(hold);
  const facts: Array<[string, React.ReactNode]> = [
    ['Tanggal surat', hold.letterDate ? formatDate(hold.letterDate) : '-'],
    ['Berlaku sampai', hold.until ? formatDate(hold.until) : 'Sampai dilepas'],
    ['Pembayaran bunga', hold.stopInterestPayout ? 'Dihentikan selama blokir' : 'Tetap dibayar'],
    ['Dipasang', `${hold.placedBy.name} · ${formatDateTime(hold.placedAt)}`],
    ...(hold.releaseRequest
      ? ([['Pengajuan pelepasan', `${hold.releaseRequest.by.name} · ${formatDateTime(hold.releaseRequest.at)} · Alasan: ${hold.releaseRequest.reason}`]] as Array<[string, string]>)
      : []),
    ...(released ? ([['Dilepas', released]] as Array<[string, string]>) : []),
    [
      'Surat blokir',
      hold.letterFileId ? (
        <BusyButton label="Unduh surat" busyLabel="Mengunduh…" run={() => downloadFile(holdLetterPath(hold.id), {}, { fallbackName: `surat-blokir-${hold.reference}` })} />
      ) : (
        'Tidak dilampirkan'
      ),
    ],
    ...(hold.note ? ([['Catatan', hold.note]] as Array<[string, string]>) : []),
  ];
  return (
    <li className="bj-card bj-hold" aria-labelledby={titleId} data-testid="hold">
      <div className="bj-hold__head">
        <h3 id={titleId} className="bj-hold__title">
          {hold.reasonLabel} · {hold.reference}
        </h3>
        <StatusBadge label={hold.statusLabel} tone={holdStatusTones[hold.status]} />
      </div>
      <dl className="bj-facts bj-facts--compact">
        {facts.map(([label, value]) => (
          <div key={label} className={label === 'Pengajuan pelepasan' || label === 'Catatan' ? 'bj-facts__wide' : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <HoldActionButtons hold={hold} onOpen={onOpen} />
    </li>
  );
}

/**
 * The detail's "Blokir" tab: every hold of the deposit, newest first, with what its
 * `allowedEvents` offer; "Pasang Blokir" for a supervisor while the bank holds the deposit's
 * principal. Each write reads the deposit again (its actions, badge and timeline change).
 */
export function HoldsTab({ deposit, role, submission, onRefused }: { deposit: DepositDetail; role: Role | undefined; submission: Submission; onRefused: () => void }) {
  const [placing, setPlacing] = useState(false);
  const decision = useHoldDecision(onRefused);
  const canPlace = mayAct(role, 'SUPERVISOR') && heldStatuses.includes(deposit.status);
  return (
    <section aria-labelledby="holds-title">
      <div className="bj-toolbar">
        <h2 id="holds-title" className="bj-card__title">
          Blokir deposito
        </h2>
        {canPlace ? (
          <button type="button" className="bj-button bj-button--primary" onClick={() => setPlacing(true)}>
            Pasang Blokir
          </button>
        ) : null}
      </div>
      {deposit.holds.length === 0 ? (
        <EmptyState title="Deposito ini tidak pernah diblokir." />
      ) : (
        <ul className="bj-plain-list" aria-label="Daftar blokir">
          {deposit.holds.map((hold) => (
            <HoldCard key={hold.id} hold={hold} onOpen={(event) => decision.start(hold, event)} />
          ))}
        </ul>
      )}
      {placing ? (
        <PlaceHoldDialog
          deposit={deposit}
          submission={submission}
          onClose={() => setPlacing(false)}
          onPlaced={() => setPlacing(false)}
        />
      ) : null}
      <OpenHoldDecisionDialog decision={decision} />
    </section>
  );
}
