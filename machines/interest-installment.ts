/**
 * One interest installment (bunga bulanan or the at-maturity installment), DOMAIN.md track
 * `scheduled → due → paid`: the daily job makes it due when its pay date arrives; a supervisor
 * marks it paid with the transfer reference (in bulk, one event per installment).
 * Pure like the deposit machine: the server rebuilds a snapshot from the row and asks `decide`.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import type { InstallmentStatus } from '@contract/deposit';
import { formatDateId, hasRole, interestHeldMessage, isIsoDate, isOnOrAfter, isOnOrBefore, refusal, type Actor, type HoldInForce, type IsoDate, type Refusal } from './deposit-rules';

export const installmentStatusLabels: Record<InstallmentStatus, string> = {
  scheduled: 'Terjadwal',
  due: 'Jatuh Tempo Bayar',
  paid: 'Sudah Dibayar',
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

export type InstallmentEvent =
  | { type: 'installment.fallDue'; actor: Actor; today: IsoDate }
  | { type: 'installment.markPaid'; actor: Actor; today: IsoDate; reference: string; paidAt: IsoDate };

export type InstallmentEventType = InstallmentEvent['type'];

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const RULES: Record<InstallmentEventType, { from: InstallmentStatus; role: 'SYSTEM' | 'SUPERVISOR'; roleMessage: string }> = {
  'installment.fallDue': { from: 'scheduled', role: 'SYSTEM', roleMessage: 'Hanya proses harian sistem yang dapat menjatuhtempokan bunga.' },
  'installment.markPaid': { from: 'due', role: 'SUPERVISOR', roleMessage: 'Hanya supervisor yang dapat menandai bunga sudah dibayar.' },
};

/** The first refusal for the event assuming the state is right; `offer` skips payload checks. */
function firstRefusal(context: InstallmentContext, event: InstallmentEvent, phase: 'offer' | 'full'): Refusal | null {
  const rule = RULES[event.type];
  if (!event.actor || !hasRole(event.actor.role, rule.role)) return refusal('forbidden', rule.roleMessage);
  if (!isIsoDate(event.today)) return refusal('invalid', 'Tanggal bisnis tidak valid.');
  if (event.type === 'installment.fallDue') {
    if (!isOnOrAfter(event.today, context.payDate)) return refusal('conflict', `Tanggal bayar bunga belum tiba (${formatDateId(context.payDate)}).`);
    return null;
  }
  if (context.interestHold) return refusal('conflict', interestHeldMessage(context.interestHold));
  if (phase === 'offer') return null;
  if (blank(event.reference)) return refusal('invalid', 'Nomor referensi transfer wajib diisi.');
  if (!isIsoDate(event.paidAt)) return refusal('invalid', 'Tanggal transfer tidak valid.');
  if (!isOnOrBefore(event.paidAt, event.today)) return refusal('invalid', 'Tanggal transfer tidak boleh setelah hari ini.');
  if (!isOnOrAfter(event.paidAt, context.payDate)) return refusal('invalid', `Tanggal transfer tidak boleh sebelum tanggal bayar bunga (${formatDateId(context.payDate)}).`);
  return null;
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
      const { reference, paidAt, actor } = event as Extract<InstallmentEvent, { type: 'installment.markPaid' }>;
      return { reference: reference.trim(), paidAt, paidBy: actor.id };
    }),
  },
}).createMachine({
  id: 'interestInstallment',
  initial: 'scheduled',
  context: ({ input }) => ({ reference: null, paidAt: null, paidBy: null, interestHold: null, ...input }),
  states: {
    scheduled: { on: { 'installment.fallDue': { guard: 'allowed', target: 'due' } } },
    due: { on: { 'installment.markPaid': { guard: 'allowed', target: 'paid', actions: 'recordPayment' } } },
    paid: { type: 'final' },
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
  if (!event.actor || !hasRole(event.actor.role, rule.role)) return refusal('forbidden', rule.roleMessage);
  const status = snapshot.value as InstallmentStatus;
  if (status !== rule.from) {
    return refusal('conflict', `Bunga tidak dalam status ${installmentStatusLabels[rule.from]} (status saat ini: ${installmentStatusLabels[status]}).`);
  }
  return firstRefusal(snapshot.context, event, 'full');
}

/** The installment events this actor may start today. */
export function installmentAllowedEvents(snapshot: InstallmentSnapshot, actor: Actor, today: IsoDate): InstallmentEventType[] {
  return (Object.keys(RULES) as InstallmentEventType[]).filter(
    (type) => snapshot.value === RULES[type].from && firstRefusal(snapshot.context, { type, actor, today } as InstallmentEvent, 'offer') === null,
  );
}

export type InstallmentDecision =
  | { ok: true; snapshot: InstallmentSnapshot; status: InstallmentStatus; context: InstallmentContext }
  | { ok: false; refusal: Refusal };

export function decideInstallment(snapshot: InstallmentSnapshot, event: InstallmentEvent): InstallmentDecision {
  const reason = installmentWhyNot(snapshot, event);
  if (reason) return { ok: false, refusal: reason };
  const [next] = transition(interestInstallmentMachine, snapshot, event);
  return { ok: true, snapshot: next, status: next.value as InstallmentStatus, context: next.context };
}
