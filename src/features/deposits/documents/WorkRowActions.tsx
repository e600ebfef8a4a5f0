import { Link } from 'react-router-dom';
import type { BilyetEventType } from '@contract/deposit';
import type { DepositSummary } from '../../../lib/deposit-api';
import type { DocumentWorkStep } from '../../../lib/documents-api';
import { bilyetStepCopy, stepsForBilyet, type BilyetStepKind } from './bilyet-steps';
import { BusyButton } from '../../../components/BusyButton';
import { PrintBilyetButton } from './PrintBilyetDialog';
import { mayCancelPickup, printLatestResi } from './shipment-actions';

interface WorkRowHandlers {
  onStep: (row: DepositSummary, kind: BilyetStepKind) => void;
  onTrack: (row: DepositSummary) => void;
  onCancelPickup: (row: DepositSummary) => void;
}

/** The dialogs each tab's rows open: the step names the bilyet's next move (machines/document-work.ts). */
const STEP_DIALOGS: Record<DocumentWorkStep, readonly BilyetStepKind[]> = {
  upload: ['upload'],
  ship: ['bookPickup', 'recordResi', 'handOver'],
  transit: [],
  receive: ['receive', 'unship'],
  sign: [],
  return: ['return', 'reportLost'],
};

/**
 * A Proses Dokumen row's actions in place, for the tab it is listed in: of that step's dialogs,
 * those the bilyet machine lets this user start (`allowedEvents`, e.g. a loss is a supervisor's).
 */
export function WorkRowActions({
  row,
  step,
  allowedEvents,
  onStep,
  onTrack,
  onCancelPickup,
}: { row: DepositSummary; step: DocumentWorkStep; allowedEvents: readonly BilyetEventType[] } & WorkRowHandlers) {
  const allowed = stepsForBilyet({ status: row.bilyet.status, allowedEvents });
  const dialogs = STEP_DIALOGS[step].filter((kind) => allowed.includes(kind));
  const nothing = dialogs.length === 0 && (step === 'ship' || step === 'receive' || step === 'return');
  return (
    <span className="bj-row-actions">
      {step === 'upload' ? <PrintBilyetButton depositId={row.id} depositNumber={row.depositNumber} /> : null}
      {nothing ? <span className="bj-muted">Tidak ada aksi untuk peran Anda</span> : null}
      {dialogs.map((kind) => (
        <button key={kind} type="button" className="bj-button bj-button--secondary" onClick={() => onStep(row, kind)}>
          {bilyetStepCopy[kind].label}
        </button>
      ))}
      {step === 'transit' ? (
        <>
          <BusyButton label="Cetak resi" busyLabel="Menyiapkan…" run={() => printLatestResi({ depositId: row.id, depositNumber: row.depositNumber })} />
          <button type="button" className="bj-button bj-button--secondary" onClick={() => onTrack(row)}>
            Lacak
          </button>
          {mayCancelPickup(row.shipmentStatus) ? (
            <button type="button" className="bj-button bj-button--secondary" onClick={() => onCancelPickup(row)}>
              Batalkan penjemputan
            </button>
          ) : null}
        </>
      ) : null}
      {step === 'sign' ? (
        <Link className="bj-button bj-button--secondary" to={`/deposito/${encodeURIComponent(row.id)}?tab=signatures`}>
          Lihat tanda tangan
        </Link>
      ) : null}
    </span>
  );
}
