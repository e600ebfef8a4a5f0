import type { Submission } from '../app/use-submit';
import { formatDateTime } from '../lib/format';
import type { Hold, HoldDecisionEvent } from '../lib/holds-api';
import { Dialog } from './Dialog';
import { TextAreaField } from './TextField';
import type { BadgeTone } from './StatusBadge';

/**
 * A hold's (blokir's) own actions, shared by the deposit's Blokir tab and the Blokir list: the
 * buttons its `allowedEvents` offer — what the server's hold machine lets this user start now,
 * never decided again here — and the dialog that confirms each.
 */

const holdActionLabels: Record<HoldDecisionEvent, string> = {
  'hold.requestRelease': 'Ajukan Pelepasan',
  'hold.approveRelease': 'Setujui Pelepasan',
  'hold.rejectRelease': 'Tolak Pelepasan',
};

/** The toast after each decision went through. */
export const holdDecisionDone: Record<HoldDecisionEvent, string> = {
  'hold.requestRelease': 'Pelepasan blokir diajukan; menunggu persetujuan supervisor lain.',
  'hold.approveRelease': 'Blokir dilepas.',
  'hold.rejectRelease': 'Pengajuan pelepasan blokir ditolak; blokir tetap berlaku.',
};

/** A hold's status pill: in force (red), waiting for its release (amber), released (grey). */
export const holdStatusTones: Record<Hold['status'], BadgeTone> = { active: 'danger', releaseRequested: 'warning', released: 'neutral' };

const ORDER: readonly HoldDecisionEvent[] = ['hold.requestRelease', 'hold.approveRelease', 'hold.rejectRelease'];

/** The hold's buttons, in a fixed order; nothing when it offers none. */
export function HoldActionButtons({ hold, onOpen }: { hold: Pick<Hold, 'allowedEvents'>; onOpen: (event: HoldDecisionEvent) => void }) {
  const offered = ORDER.filter((event) => hold.allowedEvents.includes(event));
  if (offered.length === 0) return null;
  return (
    <span className="bj-row-actions" data-testid="hold-actions">
      {offered.map((event) => (
        <button
          key={event}
          type="button"
          className={`bj-button bj-button--${event === 'hold.rejectRelease' ? 'ghost' : 'secondary'}`}
          onClick={() => onOpen(event)}
        >
          {holdActionLabels[event]}
        </button>
      ))}
    </span>
  );
}

const COPY: Record<HoldDecisionEvent, { title: string; confirm: string; lead: string; reason: string | null }> = {
  'hold.requestRelease': {
    title: 'Ajukan Pelepasan Blokir',
    confirm: 'Ajukan Pelepasan',
    lead: 'Blokir tetap berlaku sampai pelepasan disetujui supervisor lain.',
    reason: 'Alasan pelepasan',
  },
  'hold.approveRelease': {
    title: 'Setujui Pelepasan Blokir',
    confirm: 'Setujui Pelepasan',
    lead: 'Setelah disetujui, blokir ini tidak lagi menahan pencairan, perpanjangan atau perubahan deposito.',
    reason: null,
  },
  'hold.rejectRelease': {
    title: 'Tolak Pelepasan Blokir',
    confirm: 'Tolak Pelepasan',
    lead: 'Blokir tetap berlaku; alasan penolakan tercatat di riwayat deposito.',
    reason: 'Alasan penolakan',
  },
};

interface HoldDecisionDialogProps {
  hold: Hold;
  event: HoldDecisionEvent;
  /** The decision's request: pending, and the server's refusal shown in the dialog (the toast sits behind the modal). */
  submission: Submission;
  onClose: () => void;
  /** The reason typed ('' for an approval, which asks none). */
  onSubmit: (reason: string) => void;
}

/** Confirms one decision on a hold: what it is about, and the reason when the decision needs one. */
function HoldDecisionDialog({ hold, event, submission, onClose, onSubmit }: HoldDecisionDialogProps) {
  const copy = COPY[event];
  const submit = (form: HTMLFormElement) => {
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (copy.reason && !reason) return submission.invalid({ fieldProblems: { reason: [`${copy.reason} wajib diisi.`] } });
    onSubmit(reason);
  };
  const request = hold.releaseRequest;
  return (
    <Dialog
      title={`${copy.title} · ${hold.depositNumber}`}
      open
      onClose={onClose}
      onSubmit={submit}
      confirmLabel={copy.confirm}
      confirmTone={event === 'hold.rejectRelease' ? 'danger' : 'primary'}
      submission={submission}
    >
      <p>
        <strong>
          {hold.reasonLabel} · {hold.reference}
        </strong>{' '}
        pada deposito {hold.depositNumber} ({hold.customerName}).
      </p>
      {request && event !== 'hold.requestRelease' ? (
        <p data-testid="hold-release-request">
          Diajukan oleh {request.by.name} pada {formatDateTime(request.at)}: {request.reason}
        </p>
      ) : null}
      <p className="bj-dialog__lead">{copy.lead}</p>
      {copy.reason ? <TextAreaField label={copy.reason} name="reason" rows={3} maxLength={500} required /> : null}
    </Dialog>
  );
}

/** A screen's open decision on a hold (app/use-hold-decision.ts), as the dialog needs it. */
interface OpenDecision {
  open: { hold: Hold; event: HoldDecisionEvent } | null;
  submission: Submission;
  close: () => void;
  decide: (reason: string) => Promise<unknown>;
}

/** The dialog of whichever hold's decision is open, or nothing: one place for the Blokir tab and the Blokir list. */
export function OpenHoldDecisionDialog({ decision }: { decision: OpenDecision }) {
  if (!decision.open) return null;
  return (
    <HoldDecisionDialog
      key={`${decision.open.hold.id}-${decision.open.event}`}
      hold={decision.open.hold}
      event={decision.open.event}
      submission={decision.submission}
      onClose={decision.close}
      onSubmit={(reason) => void decision.decide(reason)}
    />
  );
}
