/**
 * The bilyet (deposit certificate) of one deposit, DOMAIN.md track
 * `none → issued → shipped → received → returned`, with `lost` recorded with a statement and a
 * reissue under a new number. Pure like the deposit machine: the server rebuilds a snapshot from
 * the row with `restoreBilyet` and asks `decideBilyet`; every event carries who acts and the
 * business date.
 *
 *   issued   the signed and stamped bilyet was scanned and uploaded with its number;
 *   shipped  it left the bank with a courier (a JNE pickup or a hand-entered resi);
 *   received the customer has it (courier delivery, or handed over at the counter);
 *   returned the customer gave it back for the payout;
 *   lost     its loss is recorded with a statement or police report on file.
 */
import { assign, setup, transition, type SnapshotFrom } from 'xstate';
import type { BilyetEventType, BilyetStatus, DepositStatus, ShipmentStatus } from '@contract/deposit';
import { depositStatusLabels } from './deposit';
import { formatDateId, isIsoDate, isOnOrAfter, isOnOrBefore, refusal, type Actor, type IsoDate, type Refusal } from './deposit-rules';
import { blank, firstRefusal, mayAct, optional, type Check, type Phase, type TrackRule } from './track-rules';

/** The bilyet's journey as staff read it (the deposit header and Proses Dokumen use the same words). */
export const bilyetStatusLabels: Record<BilyetStatus, string> = {
  none: 'Belum diterbitkan',
  issued: 'Diterbitkan',
  shipped: 'Dalam pengiriman',
  received: 'Diterima nasabah',
  returned: 'Dikembalikan nasabah',
  lost: 'Dicatat hilang',
};

/** Button / menu labels of the events, for the action menu and the timeline. */
export const bilyetEventLabels: Record<BilyetEventType, string> = {
  'bilyet.issue': 'Unggah Bilyet',
  'bilyet.ship': 'Catat Pengiriman',
  'bilyet.unship': 'Batalkan Pengiriman',
  'bilyet.receive': 'Catat Penerimaan',
  'bilyet.return': 'Catat Pengembalian',
  'bilyet.reportLost': 'Catat Kehilangan',
  'bilyet.reissue': 'Terbitkan Ulang Bilyet',
};

/**
 * The deposit states in which a bilyet may be issued or reissued: accepted and not yet paid out.
 * A pending deposit is not accepted yet, a rejected or cancelled one never will be, and a closed
 * one has been paid out. `approved` counts: the placement is accepted and the bank issues the
 * bilyet before the value date (the server counts those as "bilyet to issue").
 */
export const depositStatusesForBilyet: readonly DepositStatus[] = ['approved', 'active', 'breakRequested', 'matured', 'disbursing'];

/**
 * The `n`-th number of a bank's bilyet series (numbering `SERIES`): the prefix, then `n` padded
 * with zeros to `digits` (never cut: a series that outgrows its digits keeps counting).
 * ('BJ/', 42, 6) → 'BJ/000042'.
 */
export function seriesBilyetNumber(series: { prefix: string; digits: number }, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Nomor urut bilyet tidak valid: ${n}`);
  return `${series.prefix.trim()}${String(n).padStart(series.digits, '0')}`;
}

export interface BilyetContext {
  depositId: string;
  /** The deposit's main state, filled by the server from the deposit row at every restore (not a bilyet column). */
  depositStatus: DepositStatus;
  /** The status of the deposit's latest JNE shipment, if any, filled at every restore (not a bilyet column). */
  shipmentStatus: ShipmentStatus | null;
  /** The number of the bilyet in force (after a reissue, the new one). */
  number: string | null;
  issuedOn: IsoDate | null;
  scanDocumentId: string | null;
  courier: string | null;
  awb: string | null;
  shippedOn: IsoDate | null;
  receivedAt: IsoDate | null;
  /** Who took it: the customer (or their proxy) at the counter, or the courier's receiver name. */
  receivedBy: string | null;
  receiptDocumentId: string | null;
  handedOverAtCounter: boolean;
  returnedAt: IsoDate | null;
  returnDocumentId: string | null;
  /** The last loss recorded; kept after a reissue, as the statement stays on file. */
  lostReason: string | null;
  lostOn: IsoDate | null;
  statementDocumentId: string | null;
  /** Numbers of earlier bilyets of this deposit that were lost and replaced, oldest first. */
  previousNumbers: string[];
}

export type BilyetInput = Pick<BilyetContext, 'depositId' | 'depositStatus'> & Partial<BilyetContext>;

/** A full context from stored data; fields not given take their initial (empty) values. */
export function bilyetContext(input: BilyetInput): BilyetContext {
  return {
    shipmentStatus: null,
    number: null,
    issuedOn: null,
    scanDocumentId: null,
    courier: null,
    awb: null,
    shippedOn: null,
    receivedAt: null,
    receivedBy: null,
    receiptDocumentId: null,
    handedOverAtCounter: false,
    returnedAt: null,
    returnDocumentId: null,
    lostReason: null,
    lostOn: null,
    statementDocumentId: null,
    previousNumbers: [],
    ...input,
  };
}

interface EventBase {
  actor: Actor;
  /** Business date (Asia/Jakarta) of the action. */
  today: IsoDate;
}

export type BilyetEvent =
  /** The signed, stamped bilyet scanned and uploaded (document BILYET_SCAN) with its printed number. */
  | ({ type: 'bilyet.issue'; bilyetNumber: string; scanDocumentId: string } & EventBase)
  /** It left with a courier: the JNE pickup was booked (courier 'JNE', its AWB) or staff typed the resi. */
  | ({ type: 'bilyet.ship'; courier: string; awb: string } & EventBase)
  /** Back at the bank undelivered: the JNE pickup was cancelled, the shipment failed, or the resi was wrong. */
  | ({ type: 'bilyet.unship' } & EventBase)
  /**
   * The customer has it: staff record the receipt (tanda terima, BILYET_RECEIPT), the courier
   * reports delivery (SYSTEM, with the courier's receiver name), or — from `issued` — the
   * customer collected it at the branch (`handedOverAtCounter: true`).
   */
  | ({ type: 'bilyet.receive'; receivedAt: IsoDate; receivedBy: string; receiptDocumentId?: string; handedOverAtCounter?: boolean } & EventBase)
  /** The customer gave it back for the payout (BILYET_RETURN optional). */
  | ({ type: 'bilyet.return'; returnedAt: IsoDate; documentId?: string } & EventBase)
  /** Its loss, with the loss statement or police report (BILYET_LOSS_STATEMENT). */
  | ({ type: 'bilyet.reportLost'; reason: string; statementDocumentId: string } & EventBase)
  /** A replacement under a new number, scanned and uploaded like the first. */
  | ({ type: 'bilyet.reissue'; bilyetNumber: string; scanDocumentId: string } & EventBase);

type EventOf<T extends BilyetEventType> = Extract<BilyetEvent, { type: T }>;
type BilyetCheck<E> = Check<BilyetStatus, BilyetContext, E>;

// ---------------------------------------------------------------------------------------------
// The checks of each event.

const depositAccepted: BilyetCheck<unknown> = {
  category: 'conflict',
  passes: ({ context }) => depositStatusesForBilyet.includes(context.depositStatus),
  message: ({ context }) =>
    context.depositStatus === 'pending'
      ? 'Deposito belum disetujui; bilyet belum dapat diterbitkan.'
      : `Deposito berstatus ${depositStatusLabels[context.depositStatus]}; bilyet tidak dapat diterbitkan.`,
};

const numberGiven: BilyetCheck<{ bilyetNumber: string }> = {
  category: 'invalid',
  payload: true,
  passes: ({ event }) => !blank(event.bilyetNumber),
  message: () => 'Nomor bilyet wajib diisi.',
};

const scanGiven: BilyetCheck<{ scanDocumentId: string }> = {
  category: 'invalid',
  payload: true,
  passes: ({ event }) => !blank(event.scanDocumentId),
  message: () => 'Pindaian bilyet yang sudah ditandatangani wajib diunggah.',
};

/** A date staff type for something that happened: a real date, not after today, not before `since`. */
function pastDateChecks<K extends string>(
  field: K,
  label: string,
  since: (context: BilyetContext) => { date: IsoDate | null; what: string },
): Array<BilyetCheck<{ [F in K]: IsoDate } & EventBase>> {
  return [
    { category: 'invalid', payload: true, passes: ({ event }) => isIsoDate(event[field]), message: () => `${label} tidak valid.` },
    {
      category: 'invalid',
      payload: true,
      passes: ({ event }) => isOnOrBefore(event[field], event.today),
      message: () => `${label} tidak boleh setelah hari ini.`,
    },
    {
      category: 'invalid',
      payload: true,
      // Rows from before the bilyet columns existed may not know the earlier date: nothing to compare.
      passes: ({ context, event }) => {
        const { date } = since(context);
        return date === null || isOnOrAfter(event[field], date);
      },
      message: ({ context }) => {
        const { date, what } = since(context);
        return `${label} tidak boleh sebelum ${what} (${formatDateId(date ?? '')}).`;
      },
    },
  ];
}

const RULES: { [T in BilyetEventType]: TrackRule<BilyetStatus, BilyetContext, EventOf<T>> } = {
  'bilyet.issue': {
    from: ['none'],
    roles: ['OPERATOR'],
    roleMessage: 'Hanya staf BPR yang dapat menerbitkan bilyet.',
    checks: [depositAccepted, numberGiven, scanGiven],
  },
  'bilyet.ship': {
    from: ['issued'],
    roles: ['OPERATOR'],
    roleMessage: 'Hanya staf BPR yang dapat mencatat pengiriman bilyet.',
    checks: [
      { category: 'invalid', payload: true, passes: ({ event }) => !blank(event.courier), message: () => 'Nama kurir wajib diisi.' },
      { category: 'invalid', payload: true, passes: ({ event }) => !blank(event.awb), message: () => 'Nomor resi wajib diisi.' },
    ],
  },
  'bilyet.unship': {
    from: ['shipped'],
    roles: ['OPERATOR'],
    roleMessage: 'Hanya staf BPR yang dapat membatalkan pengiriman bilyet.',
    checks: [
      {
        category: 'conflict',
        // A live JNE shipment is undone on the shipment (cancel the pickup) or ends with the courier.
        passes: ({ context }) => context.shipmentStatus === null || context.shipmentStatus === 'cancelled' || context.shipmentStatus === 'failed',
        message: ({ context }) =>
          context.shipmentStatus === 'requested'
            ? 'Penjemputan JNE bilyet ini masih aktif; batalkan penjemputan lebih dahulu.'
            : 'Bilyet sedang dibawa kurir JNE; tunggu hasil pengiriman.',
      },
    ],
  },
  'bilyet.receive': {
    from: ['issued', 'shipped'],
    roles: ['OPERATOR', 'SYSTEM'],
    roleMessage: 'Hanya staf BPR atau kurir yang dapat mencatat penerimaan bilyet.',
    checks: [
      {
        category: 'forbidden',
        passes: ({ status, event }) => status !== 'issued' || event.actor.role !== 'SYSTEM',
        message: () => 'Bilyet belum dikirim kurir; penyerahan di kantor dicatat oleh staf BPR.',
      },
      {
        category: 'conflict',
        payload: true,
        passes: ({ status, event }) => status !== 'issued' || event.handedOverAtCounter === true,
        message: () => 'Bilyet belum dikirim; catat pengiriman lebih dahulu, atau catat bilyet diserahkan langsung di kantor.',
      },
      {
        category: 'conflict',
        payload: true,
        passes: ({ status, event }) => status !== 'shipped' || event.handedOverAtCounter !== true,
        message: () => 'Bilyet sedang dalam pengiriman kurir; penyerahan di kantor tidak dapat dicatat.',
      },
      { category: 'invalid', payload: true, passes: ({ event }) => !blank(event.receivedBy), message: () => 'Nama penerima bilyet wajib diisi.' },
      ...pastDateChecks('receivedAt', 'Tanggal diterima', (context) => ({ date: context.issuedOn, what: 'tanggal terbit bilyet' })),
    ],
  },
  'bilyet.return': {
    from: ['received'],
    roles: ['OPERATOR'],
    roleMessage: 'Hanya staf BPR yang dapat mencatat pengembalian bilyet.',
    checks: pastDateChecks('returnedAt', 'Tanggal pengembalian', (context) =>
      context.receivedAt !== null ? { date: context.receivedAt, what: 'tanggal bilyet diterima nasabah' } : { date: context.issuedOn, what: 'tanggal terbit bilyet' },
    ),
  },
  'bilyet.reportLost': {
    from: ['issued', 'shipped', 'received'],
    // A loss voids a paper worth the deposit and lets a payout go without it: a supervisor's call (DOMAIN.md roles).
    roles: ['SUPERVISOR'],
    roleMessage: 'Hanya supervisor yang dapat mencatat kehilangan bilyet.',
    checks: [
      { category: 'invalid', payload: true, passes: ({ event }) => !blank(event.reason), message: () => 'Alasan kehilangan wajib diisi.' },
      {
        category: 'invalid',
        payload: true,
        passes: ({ event }) => !blank(event.statementDocumentId),
        message: () => 'Surat keterangan kehilangan atau laporan polisi wajib diunggah.',
      },
    ],
  },
  'bilyet.reissue': {
    from: ['lost'],
    roles: ['OPERATOR'],
    roleMessage: 'Hanya staf BPR yang dapat menerbitkan ulang bilyet.',
    checks: [
      depositAccepted,
      numberGiven,
      {
        category: 'invalid',
        payload: true,
        passes: ({ context, event }) => {
          const number = event.bilyetNumber.trim();
          return number !== context.number && !context.previousNumbers.includes(number);
        },
        message: () => 'Bilyet pengganti harus bernomor baru, bukan nomor bilyet yang hilang.',
      },
      scanGiven,
    ],
  },
};

/** The states in which each event is defined. */
export const bilyetEventSources: { [T in BilyetEventType]: readonly BilyetStatus[] } = Object.fromEntries(
  Object.entries(RULES).map(([type, rule]) => [type, rule.from]),
) as never;

const ruleOf = (type: BilyetEventType) => RULES[type] as unknown as TrackRule<BilyetStatus, BilyetContext, BilyetEvent> | undefined;

function refusalFor(status: BilyetStatus, context: BilyetContext, event: BilyetEvent, phase: Phase): Refusal | null {
  return firstRefusal(ruleOf(event.type)!, { status, context, event }, phase);
}

// ---------------------------------------------------------------------------------------------

export const bilyetMachine = setup({
  types: {
    context: {} as BilyetContext,
    events: {} as BilyetEvent,
    input: {} as BilyetInput,
  },
  guards: {
    /** Every check of the event passes in state `from` (the transition's source). */
    allowed: ({ context, event }, params: { from: BilyetStatus }) => refusalFor(params.from, context, event, 'full') === null,
  },
  actions: {
    recordIssue: assign(({ event }) => {
      const { bilyetNumber, scanDocumentId, today } = event as EventOf<'bilyet.issue'>;
      return { number: bilyetNumber.trim(), issuedOn: today, scanDocumentId };
    }),
    recordShipment: assign(({ event }) => {
      const { courier, awb, today } = event as EventOf<'bilyet.ship'>;
      return { courier: courier.trim(), awb: awb.trim(), shippedOn: today };
    }),
    clearShipment: assign({ courier: null, awb: null, shippedOn: null }),
    recordReceipt: assign(({ event }) => {
      const { receivedAt, receivedBy, receiptDocumentId, handedOverAtCounter } = event as EventOf<'bilyet.receive'>;
      return { receivedAt, receivedBy: receivedBy.trim(), receiptDocumentId: optional(receiptDocumentId), handedOverAtCounter: handedOverAtCounter === true };
    }),
    recordReturn: assign(({ event }) => {
      const { returnedAt, documentId } = event as EventOf<'bilyet.return'>;
      return { returnedAt, returnDocumentId: optional(documentId) };
    }),
    recordLoss: assign(({ event }) => {
      const { reason, statementDocumentId, today } = event as EventOf<'bilyet.reportLost'>;
      return { lostReason: reason.trim(), statementDocumentId, lostOn: today };
    }),
    recordReissue: assign(({ context, event }) => {
      const { bilyetNumber, scanDocumentId, today } = event as EventOf<'bilyet.reissue'>;
      return {
        previousNumbers: context.number === null ? context.previousNumbers : [...context.previousNumbers, context.number],
        number: bilyetNumber.trim(),
        issuedOn: today,
        scanDocumentId,
        // The replacement starts its own journey; the lost one's shipment and receipt are history.
        courier: null,
        awb: null,
        shippedOn: null,
        receivedAt: null,
        receivedBy: null,
        receiptDocumentId: null,
        handedOverAtCounter: false,
      };
    }),
  },
}).createMachine({
  id: 'bilyet',
  initial: 'none',
  context: ({ input }) => bilyetContext(input),
  states: {
    none: {
      on: { 'bilyet.issue': { guard: { type: 'allowed', params: { from: 'none' } }, target: 'issued', actions: 'recordIssue' } },
    },
    issued: {
      on: {
        'bilyet.ship': { guard: { type: 'allowed', params: { from: 'issued' } }, target: 'shipped', actions: 'recordShipment' },
        // A bilyet need not travel: a customer who collects it at the branch takes it from the
        // counter, so the receipt is recorded straight from `issued` (staff only, flagged as such).
        'bilyet.receive': { guard: { type: 'allowed', params: { from: 'issued' } }, target: 'received', actions: 'recordReceipt' },
        'bilyet.reportLost': { guard: { type: 'allowed', params: { from: 'issued' } }, target: 'lost', actions: 'recordLoss' },
      },
    },
    shipped: {
      on: {
        'bilyet.unship': { guard: { type: 'allowed', params: { from: 'shipped' } }, target: 'issued', actions: 'clearShipment' },
        'bilyet.receive': { guard: { type: 'allowed', params: { from: 'shipped' } }, target: 'received', actions: 'recordReceipt' },
        'bilyet.reportLost': { guard: { type: 'allowed', params: { from: 'shipped' } }, target: 'lost', actions: 'recordLoss' },
      },
    },
    received: {
      on: {
        'bilyet.return': { guard: { type: 'allowed', params: { from: 'received' } }, target: 'returned', actions: 'recordReturn' },
        'bilyet.reportLost': { guard: { type: 'allowed', params: { from: 'received' } }, target: 'lost', actions: 'recordLoss' },
      },
    },
    returned: { type: 'final' },
    lost: {
      on: { 'bilyet.reissue': { guard: { type: 'allowed', params: { from: 'lost' } }, target: 'issued', actions: 'recordReissue' } },
    },
  },
});

export type BilyetSnapshot = SnapshotFrom<typeof bilyetMachine>;

/** A snapshot rebuilt from stored data (with the deposit's status and its shipment's), for `bilyetWhyNot`, `bilyetAllowedEvents` and `decideBilyet`. */
export function restoreBilyet(status: BilyetStatus, context: BilyetContext): BilyetSnapshot {
  return bilyetMachine.resolveState({ value: status, context });
}

function stateMessage(from: readonly BilyetStatus[], status: BilyetStatus): string {
  return `Bilyet tidak dalam status ${from.map((s) => bilyetStatusLabels[s]).join(' atau ')} (status saat ini: ${bilyetStatusLabels[status]}).`;
}

/**
 * Why `event` is refused for this bilyet, or null when the machine accepts it. Same categories as
 * the deposit's `whyNot`: forbidden 403 (role; the job recording a counter handover), conflict 409
 * (state; deposit not accepted; a live JNE shipment; counter vs courier), invalid 400 (payload).
 * Role first, then state, then the deposit's and shipment's conditions, then the payload.
 */
export function bilyetWhyNot(snapshot: BilyetSnapshot, event: BilyetEvent): Refusal | null {
  const rule = ruleOf(event.type);
  if (!rule) return refusal('invalid', 'Jenis aksi tidak dikenal.');
  if (!mayAct(event.actor, rule.roles)) return refusal('forbidden', rule.roleMessage);
  const status = snapshot.value as BilyetStatus;
  if (!rule.from.includes(status)) return refusal('conflict', stateMessage(rule.from, status));
  return refusalFor(status, snapshot.context, event, 'full');
}

/** The bilyet events this actor may start today; the payload is asked for afterwards. */
export function bilyetAllowedEvents(snapshot: BilyetSnapshot, actor: Actor, today: IsoDate): BilyetEventType[] {
  const status = snapshot.value as BilyetStatus;
  return (Object.keys(RULES) as BilyetEventType[]).filter(
    (type) => RULES[type].from.includes(status) && refusalFor(status, snapshot.context, { type, actor, today } as BilyetEvent, 'offer') === null,
  );
}

type BilyetDecision =
  | { ok: true; snapshot: BilyetSnapshot; status: BilyetStatus; context: BilyetContext }
  | { ok: false; refusal: Refusal };

/** Whether the event is allowed and, when it is, the next state and context to store (pure). */
export function decideBilyet(snapshot: BilyetSnapshot, event: BilyetEvent): BilyetDecision {
  const reason = bilyetWhyNot(snapshot, event);
  if (reason) return { ok: false, refusal: reason };
  const [next] = transition(bilyetMachine, snapshot, event);
  return { ok: true, snapshot: next, status: next.value as BilyetStatus, context: next.context };
}
