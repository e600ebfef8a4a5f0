/**
 * One interest installment (bunga bulanan or the at-maturity installment), DOMAIN.md track
 * `scheduled → due → paid`: the daily job makes it due when its pay date arrives; a supervisor
 * marks it paid with the transfer reference (in bulk, one event per installment).
 *
 * Its deposit's transitions move it too, each as a consequence of a deposit event the deposit
 * machine already allowed (never offered on their own, see `installmentAllowedEvents`):
 * - a payout (maturity payout, or a break's earlier periods) posts a scheduled one before its pay
 *   date (`postForPayout`), and its transfer pays the due ones (`settleWithPayout`);
 * - an ARO+ rollover capitalises the ending period's open one: paid into the principal (`capitalise`);
 * - a rejection, cancellation, withdrawal or approved break ends the open ones unpaid (`cancel`).
 * Pure like the deposit machine: the server rebuilds a snapshot from the row and asks `decide`.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import type { InstallmentStatus } from '@contract/deposit';
import {
  ARO_PLUS_REFERENCE,
  formatDateId,
  hasRole,
  interestHeldMessage,
  isIsoDate,
  isOnOrAfter,
  isOnOrBefore,
  refusal,
  type Actor,
  type ActorRole,
  type HoldInForce,
  type IsoDate,
  type Refusal,
} from './deposit-rules';

export const installmentStatusLabels: Record<InstallmentStatus, string> = {
  scheduled: 'Terjadwal',
  due: 'Jatuh Tempo Bayar',
  paid: 'Sudah Dibayar',
  cancelled: 'Dibatalkan',
};

export interface InstallmentContext {
  installmentId: string;
  depositId: string;
  sequence: number;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  /** The working day the transfer is made (schedule.ts). */
  payDate: IsoDate;
  grossInterest: number;
  tax: number;
  netInterest: number;
  reference: string | null;
  paidAt: IsoDate | null;
  paidBy: string | null;
  /** Its deposit's hold in force when that hold stops interest payouts (DOMAIN.md "Holds"), else null. */
  interestHold: Pick<HoldInForce, 'label'> | null;
}

export type InstallmentInput = Omit<InstallmentContext, 'reference' | 'paidAt' | 'paidBy' | 'interestHold'> & Partial<InstallmentContext>;

/** The tax and net interest of a posting (DOMAIN.md "Tax": decided on the posting date). */
export interface Posting {
  tax: number;
  netInterest: number;
}

export type InstallmentEvent =
  | { type: 'installment.fallDue'; actor: Actor; today: IsoDate }
  | { type: 'installment.markPaid'; actor: Actor; today: IsoDate; reference: string; paidAt: IsoDate }
  | ({ type: 'installment.postForPayout'; actor: Actor; today: IsoDate } & Posting)
  | { type: 'installment.settleWithPayout'; actor: Actor; today: IsoDate; reference: string; paidAt: IsoDate }
  | ({ type: 'installment.capitalise'; actor: Actor; today: IsoDate; paidAt: IsoDate } & Posting)
  | { type: 'installment.cancel'; actor: Actor; today: IsoDate };

type InstallmentEventType = InstallmentEvent['type'];

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
const isWholeNonNegative = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

interface Rule {
  /** The states the event is defined in. */
  from: readonly InstallmentStatus[];
  role: ActorRole;
  /** A channel partner may take it too (its withdrawal ends the installments). */
  partnerMay?: boolean;
  /** Only as a consequence of a deposit transition the deposit machine allowed: never offered alone. */
  followsDeposit?: boolean;
  roleMessage: string;
}

const RULES: Record<InstallmentEventType, Rule> = {
  'installment.fallDue': { from: ['scheduled'], role: 'SYSTEM', roleMessage: 'Hanya proses harian sistem yang dapat menjatuhtempokan bunga.' },
  'installment.markPaid': { from: ['due'], role: 'SUPERVISOR', roleMessage: 'Hanya supervisor yang dapat menandai bunga sudah dibayar.' },
  'installment.postForPayout': { from: ['scheduled'], role: 'OPERATOR', followsDeposit: true, roleMessage: 'Hanya staf BPR yang dapat membukukan bunga untuk pencairan.' },
  'installment.settleWithPayout': { from: ['due'], role: 'SUPERVISOR', followsDeposit: true, roleMessage: 'Hanya supervisor yang dapat menandai bunga dibayar bersama pencairan.' },
  'installment.capitalise': { from: ['scheduled', 'due'], role: 'SYSTEM', followsDeposit: true, roleMessage: 'Hanya proses harian sistem yang dapat mengkapitalisasi bunga (ARO+).' },
  'installment.cancel': { from: ['scheduled', 'due'], role: 'OPERATOR', partnerMay: true, followsDeposit: true, roleMessage: 'Hanya staf BPR atau mitra penempatnya yang dapat membatalkan bunga.' },
};

function mayTake(actor: Actor | undefined, rule: Rule): boolean {
  return !!actor && (hasRole(actor.role, rule.role) || (rule.partnerMay === true && actor.role === 'PARTNER'));
}

/** A posting's figures are whole rupiah and add up to the installment's gross interest. */
function postingRefusal(context: InstallmentContext, posting: Posting): Refusal | null {
  if (!isWholeNonNegative(posting.tax) || !isWholeNonNegative(posting.netInterest) || posting.tax + posting.netInterest !== context.grossInterest) {
    return refusal('invalid', 'Pajak dan bunga bersih tidak sesuai dengan bunga bruto angsuran ini.');
  }
  return null;
}

/** The transfer's reference and date: given, and not after today. */
function transferRefusal(event: { today: IsoDate; reference: string; paidAt: IsoDate }): Refusal | null {
  if (blank(event.reference)) return refusal('invalid', 'Nomor referensi transfer wajib diisi.');
  if (!isIsoDate(event.paidAt)) return refusal('invalid', 'Tanggal transfer tidak valid.');
  if (!isOnOrBefore(event.paidAt, event.today)) return refusal('invalid', 'Tanggal transfer tidak boleh setelah hari ini.');
  return null;
}

/** The first refusal for the event assuming the state is right; `offer` skips payload checks. */
function firstRefusal(context: InstallmentContext, event: InstallmentEvent, phase: 'offer' | 'full'): Refusal | null {
  const rule = RULES[event.type];
  if (!mayTake(event.actor, rule)) return refusal('forbidden', rule.roleMessage);
  if (!isIsoDate(event.today)) return refusal('invalid', 'Tanggal bisnis tidak valid.');
  switch (event.type) {
    case 'installment.fallDue':
      if (!isOnOrAfter(event.today, context.payDate)) return refusal('conflict', `Tanggal bayar bunga belum tiba (${formatDateId(context.payDate)}).`);
      return null;
    case 'installment.markPaid': {
      if (context.interestHold) return refusal('conflict', interestHeldMessage(context.interestHold));
      if (phase === 'offer') return null;
      const transfer = transferRefusal(event);
      if (transfer) return transfer;
      if (!isOnOrAfter(event.paidAt, context.payDate)) return refusal('invalid', `Tanggal transfer tidak boleh sebelum tanggal bayar bunga (${formatDateId(context.payDate)}).`);
      return null;
    }
    case 'installment.postForPayout':
      return phase === 'offer' ? null : postingRefusal(context, event);
    case 'installment.settleWithPayout':
      return phase === 'offer' ? null : transferRefusal(event);
    case 'installment.capitalise':
      if (phase === 'offer') return null;
      if (!isIsoDate(event.paidAt) || !isOnOrBefore(event.paidAt, event.today)) return refusal('invalid', 'Tanggal kapitalisasi tidak valid.');
      return postingRefusal(context, event);
    case 'installment.cancel':
      return null;
  }
}

export const interestInstallmentMachine = setup({
  types: {
    context: {} as InstallmentContext,
    events: {} as InstallmentEvent,
    input: {} as InstallmentInput,
  },
  guards: {
    allowed: ({ context, event }) => firstRefusal(context, event, 'full') === null,
  },
  actions: {
    recordPayment: assign(({ event }) => {
      const { reference, paidAt, actor } = event as Extract<InstallmentEvent, { type: 'installment.markPaid' | 'installment.settleWithPayout' }>;
      return { reference: reference.trim(), paidAt, paidBy: actor.id };
    }),
    recordPosting: assign(({ event }) => {
      const { tax, netInterest } = event as Extract<InstallmentEvent, { type: 'installment.postForPayout' }>;
      return { tax, netInterest };
    }),
    /** ARO+: the net interest joins the principal on the maturity date, recorded as paid with ARO+'s reference. */
    recordCapitalisation: assign(({ event }) => {
      const { tax, netInterest, paidAt, actor } = event as Extract<InstallmentEvent, { type: 'installment.capitalise' }>;
      return { tax, netInterest, reference: ARO_PLUS_REFERENCE, paidAt, paidBy: actor.id };
    }),
  },
}).createMachine({
  id: 'interestInstallment',
  initial: 'scheduled',
  context: ({ input }) => ({ reference: null, paidAt: null, paidBy: null, interestHold: null, ...input }),
  states: {
    scheduled: {
      on: {
        'installment.fallDue': { guard: 'allowed', target: 'due' },
        'installment.postForPayout': { guard: 'allowed', target: 'due', actions: 'recordPosting' },
        'installment.capitalise': { guard: 'allowed', target: 'paid', actions: 'recordCapitalisation' },
        'installment.cancel': { guard: 'allowed', target: 'cancelled' },
      },
    },
    due: {
      on: {
        'installment.markPaid': { guard: 'allowed', target: 'paid', actions: 'recordPayment' },
        'installment.settleWithPayout': { guard: 'allowed', target: 'paid', actions: 'recordPayment' },
        'installment.capitalise': { guard: 'allowed', target: 'paid', actions: 'recordCapitalisation' },
        'installment.cancel': { guard: 'allowed', target: 'cancelled' },
      },
    },
    paid: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type InstallmentSnapshot = SnapshotFrom<typeof interestInstallmentMachine>;

export function restoreInstallment(status: InstallmentStatus, context: InstallmentContext): InstallmentSnapshot {
  return interestInstallmentMachine.resolveState({ value: status, context });
}

/** Same categories as the deposit's `whyNot`: forbidden 403 (role), conflict 409 (state, pay date not reached), invalid 400. */
export function installmentWhyNot(snapshot: InstallmentSnapshot, event: InstallmentEvent): Refusal | null {
  const rule = RULES[event.type];
  if (!rule) return refusal('invalid', 'Jenis aksi tidak dikenal.');
  if (!mayTake(event.actor, rule)) return refusal('forbidden', rule.roleMessage);
  const status = snapshot.value as InstallmentStatus;
  if (!rule.from.includes(status)) {
    const expected = rule.from.map((from) => installmentStatusLabels[from]).join(' atau ');
    return refusal('conflict', `Bunga tidak dalam status ${expected} (status saat ini: ${installmentStatusLabels[status]}).`);
  }
  return firstRefusal(snapshot.context, event, 'full');
}

/**
 * The installment events this actor may start today: those a screen or the job offers on their
 * own (a deposit transition's consequences are never offered alone).
 */
export function installmentAllowedEvents(snapshot: InstallmentSnapshot, actor: Actor, today: IsoDate): InstallmentEventType[] {
  return (Object.keys(RULES) as InstallmentEventType[]).filter((type) => {
    const rule = RULES[type];
    return !rule.followsDeposit && rule.from.includes(snapshot.value as InstallmentStatus) && firstRefusal(snapshot.context, { type, actor, today } as InstallmentEvent, 'offer') === null;
  });
}

type InstallmentDecision =
  | { ok: true; snapshot: InstallmentSnapshot; status: InstallmentStatus; context: InstallmentContext }
  | { ok: false; refusal: Refusal };

export function decideInstallment(snapshot: InstallmentSnapshot, event: InstallmentEvent): InstallmentDecision {
  const reason = installmentWhyNot(snapshot, event);
  if (reason) return { ok: false, refusal: reason };
  const [next] = transition(interestInstallmentMachine, snapshot, event);
  return { ok: true, snapshot: next, status: next.value as InstallmentStatus, context: next.context };
}
