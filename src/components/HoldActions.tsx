import { useState } from 'react';
import { formatDateTime } from '../lib/format';
import type { Hold, HoldDecisionEvent } from '../lib/holds-api';
import { Dialog } from './Dialog';
import type { BadgeTone } from './StatusBadge';

/**
 * A hold's (blokir's) own actions, shared by the deposit's Blokir tab and the Blokir list: the
 * buttons its `allowedEvents` offer — what the server's hold machine lets this user start now,
 * never decided again here — and the dialog that confirms each.
 */

export const holdActionLabels: Record<HoldDecisionEvent, string> = {
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

export interface HoldDecisionDialogProps {
  hold: Hold;
  event: HoldDecisionEvent;
  pending: boolean;
  /** The server's refusal of the last attempt, shown in the dialog: the toast sits behind the modal. */
  refusal: string | null;
  onClose: () => void;
  /** The reason typed ('' for an approval, which asks none). */
  onSubmit: (reason: string) => void;
}

/** Confirms one decision on a hold: what it is about, and the reason when the decision needs one. */
export function HoldDecisionDialog({ hold, event, pending, refusal, onClose, onSubmit }: HoldDecisionDialogProps) {
  const copy = COPY[event];
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (form: HTMLFormElement) => {
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (copy.reason && !reason) {
      setProblem(`${copy.reason} wajib diisi.`);
      return;
    }
    setProblem(null);
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
      pending={pending}
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
      {copy.reason ? (
        <label className="bj-field">
          <span className="bj-field__label">
            {copy.reason}
            <span className="bj-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </span>
          <textarea className="bj-field__input" name="reason" rows={3} maxLength={500} required aria-required="true" />
        </label>
      ) : null}
      {problem || refusal ? (
        <p className="bj-field__problem" role="alert">
          {problem ?? refusal}
        </p>
      ) : null}
    </Dialog>
  );
}

/** A screen's open decision on a hold (app/use-hold-decision.ts), as the dialog needs it. */
export interface OpenDecision {
  open: { hold: Hold; event: HoldDecisionEvent } | null;
  pending: boolean;
  refusal: string | null;
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
      pending={decision.pending}
      refusal={decision.refusal}
      onClose={decision.close}
      onSubmit={(reason) => void decision.decide(reason)}
    />
  );
}
