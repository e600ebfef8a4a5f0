/**
 * The deposit lifecycle's rules, apart from the machine that moves between states
 * (deposit-machine.ts): the context the server fills from its rows, the events, and each event's
 * one list of checks (`EVENT_RULES`), which the machine's guards, `whyNot`, `allowedEvents` and
 * `blockedEvents` all read — so "may I?" and the reason for "no" can never disagree. In which
 * states an event is defined is the machine's alone (deposit-machine.ts depositEventSources).
 */
import type { BilyetStatus, CloseReason, DepositEventType, MaturityInstruction, ShipmentStatus, SignatureStatus, InterestPayment } from '@contract/deposit';
import {
  addDays,
  addMonths,
  formatDateId,
  formatRupiah,
  hasRole,
  HELD_FOR_PARTNER,
  heldMessage,
  interestSchedule,
  isAmountAllowed,
  isBefore,
  isIsoDate,
  isOnOrAfter,
  isOnOrBefore,
  maturityDate as computeMaturityDate,
  offeredTenor,
  previewBreak,
  refusal,
  stopAroCutoff,
  type Actor,
  type ActorRole,
  type BreakPreview,
  type EarlierInstallment,
  type Holidays,
  type HoldInForce,
  type InstallmentState,
  type IsoDate,
  type ProductRules,
  type Refusal,
  type RefusalCategory,
  type ScheduledInstallment,
  type TaxContext,
} from './deposit-rules';

export interface BreakRequest {
  requestedBy: string;
  requestedOn: IsoDate;
  breakDate: IsoDate;
  reason: string | null;
}

export interface Payment {
  reference: string;
  proofFileId: string;
  paidAt: IsoDate;
  paidBy: string;
}

export interface DepositContext {
  depositId: string;
  /** Principal of the current period (ARO+ grows it). */
  amount: number;
  rateBps: number;
  tenorMonths: number;
  /** When the customer placed and funded the deposit; the value date may not precede it. */
  placementDate: IsoDate;
  /** The staff who placed it at the counter (its maker, who may not approve it); null for the feed's and the demo's. */
  placedBy: string | null;
  /** Value date (tanggal efektif) of the placement; `deposit.changeDate` moves it. */
  depositDate: IsoDate;
  /** Start of the current period: the value date, then each rollover's or extension's start. */
  periodStart: IsoDate;
  maturityDate: IsoDate;
  /** 1 for the placement, +1 per rollover or extension. */
  periodNumber: number;
  instruction: MaturityInstruction;
  interestPayment: InterestPayment;
  /** The product as it stands today (active flag, limits, offered tenors and rates, break penalty). */
  product: ProductRules;
  /** Holidays around the maturity date, for the stop-ARO cut-off. */
  holidays: IsoDate[];
  breakRequest: BreakRequest | null;
  /** Break figures fixed by approveBreak. */
  settlement: BreakPreview | null;
  /** Set when a payout is decided: what `closeReason` becomes once it is paid. */
  disbursementReason: CloseReason | null;
  closeReason: CloseReason | null;
  payment: Payment | null;
  /** Smaller tracks (machines/bilyet, shipment, signature); the server fills their current status. */
  bilyet: BilyetStatus;
  shipment: ShipmentStatus | null;
  signature: SignatureStatus | null;
  /** A hold (blokir) in force freezes the deposit's money movements; null when none (machines/hold.ts). */
  hold: HoldInForce | null;
}

/** What the server knows about a deposit; missing lifecycle fields take their initial values. */
export type DepositInput = Omit<
  DepositContext,
  'periodStart' | 'maturityDate' | 'periodNumber' | 'breakRequest' | 'settlement' | 'disbursementReason' | 'closeReason' | 'payment' | 'bilyet' | 'shipment' | 'signature' | 'holidays' | 'placedBy' | 'hold'
> &
  Partial<DepositContext>;

/** A full context from stored data; the maturity is computed when not given. */
export function depositContext(input: DepositInput): DepositContext {
  const periodStart = input.periodStart ?? input.depositDate;
  return {
    ...input,
    periodStart,
    maturityDate: input.maturityDate ?? computeMaturityDate(periodStart, input.tenorMonths),
    periodNumber: input.periodNumber ?? 1,
    placedBy: input.placedBy ?? null,
    holidays: input.holidays ?? [],
    breakRequest: input.breakRequest ?? null,
    settlement: input.settlement ?? null,
    disbursementReason: input.disbursementReason ?? null,
    closeReason: input.closeReason ?? null,
    payment: input.payment ?? null,
    bilyet: input.bilyet ?? 'none',
    shipment: input.shipment ?? null,
    signature: input.signature ?? null,
    hold: input.hold ?? null,
  };
}

interface EventBase {
  actor: Actor;
  /** Business date (Asia/Jakarta) of the action. */
  today: IsoDate;
}

export type DepositEvent =
  | ({ type: 'deposit.approve' } & EventBase)
  | ({ type: 'deposit.reject'; reason: string } & EventBase)
  | ({ type: 'deposit.cancel'; reason: string } & EventBase)
  /** The partner that placed it takes its placement back before the bank decides (API.md: POST /v1.0/deposito/cancel). */
  | ({ type: 'deposit.withdraw'; reason: string } & EventBase)
  | ({ type: 'deposit.changeDate'; depositDate: IsoDate; reason?: string } & EventBase)
  | ({ type: 'deposit.activate' } & EventBase)
  | ({ type: 'deposit.stopAro' } & EventBase)
  /** Daily job: `rateBps` in force today for this tenor; `netInterest` of the ending period (ARO+ rolls it). */
  | ({ type: 'deposit.rollover'; rateBps: number; netInterest: number } & EventBase)
  /** `reason`: why an ARO deposit matures instead of rolling over (rolloverBlocker), for the timeline. */
  | ({ type: 'deposit.mature'; reason?: string } & EventBase)
  | ({ type: 'deposit.extend'; tenorMonths: number; instruction?: MaturityInstruction } & EventBase)
  | ({ type: 'deposit.requestBreak'; breakDate: IsoDate; reason?: string } & EventBase)
  /** The server computes `settlement` with `previewBreak` on the break date and fixes it here. */
  | ({ type: 'deposit.approveBreak'; settlement: BreakPreview } & EventBase)
  | ({ type: 'deposit.rejectBreak'; reason: string } & EventBase)
  | ({ type: 'deposit.requestDisbursement' } & EventBase)
  | ({ type: 'deposit.markPaid'; reference: string; proofFileId: string; paidAt: IsoDate } & EventBase);

export type EventOf<T extends DepositEventType> = Extract<DepositEvent, { type: T }>;

// ---------------------------------------------------------------------------------------------
// The checks of each event. `forbidden` and `conflict` checks read only the actor, the business
// date and the context, so `allowedEvents` can run them before the user has typed anything;
// `invalid` checks read the event's own payload.

interface Check<E> {
  category: RefusalCategory;
  passes: (context: DepositContext, event: E) => boolean;
  message: (context: DepositContext, event: E) => string;
}

export interface EventRule<E> {
  role: ActorRole;
  /** A channel partner may also take it, for a deposit it placed (the service checks whose it is). */
  partnerMay?: true;
  /** Completes "Hanya … yang dapat …". */
  action: string;
  checks: ReadonlyArray<Check<E>>;
}

export const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
const isWholeNonNegative = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isAro = (context: DepositContext): boolean => context.instruction !== 'PAYOUT';

const reasonRequired: Check<{ reason?: string }> = {
  category: 'invalid',
  passes: (_, event) => !blank(event.reason),
  message: () => 'Alasan wajib diisi.',
};

/** DOMAIN.md "Holds (blokir)": money does not leave, and the deposit's terms do not change, while a hold is in force. */
const notHeld: Check<{ actor: Actor }> = {
  category: 'conflict',
  passes: (context) => context.hold === null,
  message: (context, event) => (event.actor.role === 'PARTNER' ? HELD_FOR_PARTNER : heldMessage(context.hold!)),
};

const productActive: Check<unknown> = {
  category: 'conflict',
  passes: (context) => context.product.active,
  message: () => 'Produk deposito ini sudah tidak aktif.',
};

/**
 * Why an ARO/ARO+ deposit cannot roll over at its maturity, or null when it can (DOMAIN.md
 * "Products, rates and settings"): a deactivated product takes no new period, and a tenor the
 * product no longer offers on the rollover date has no rate. It then matures instead, and the
 * reason goes on the timeline.
 */
export function rolloverBlocker(context: Pick<DepositContext, 'product' | 'tenorMonths' | 'maturityDate'>): string | null {
  if (!context.product.active) return 'Produk deposito sudah tidak aktif, sehingga deposito tidak diperpanjang otomatis.';
  if (offeredTenor(context.product, context.tenorMonths, context.maturityDate) === undefined) {
    return `Tenor ${context.tenorMonths} bulan tidak ditawarkan lagi per ${formatDateId(context.maturityDate)}, sehingga deposito tidak diperpanjang otomatis.`;
  }
  return null;
}

const maturityReached: Check<EventBase> = {
  category: 'conflict',
  passes: (context, event) => isOnOrAfter(event.today, context.maturityDate),
  message: (context) => `Deposito belum jatuh tempo (jatuh tempo ${formatDateId(context.maturityDate)}).`,
};

/** A value date may move up to a year after the placement (DOMAIN.md: deposit.changeDate). */
export function latestValueDate(placementDate: IsoDate): IsoDate {
  return addMonths(placementDate, 12);
}

/**
 * Whether the bilyet lets a payout be marked paid, and if not what staff must record first
 * (DOMAIN.md: `deposit.markPaid` needs the bilyet returned, or lost with a statement on file).
 * - `none` passes: a bilyet never issued is not in anyone's hands, there is nothing to return.
 * - `returned` passes: the customer gave it back.
 * - `lost` passes: the bilyet machine (machines/bilyet.ts) only reaches `lost` with a reason and
 *   the loss statement or police report uploaded, so a lost bilyet always has its statement on
 *   file — what the bank keeps in place of the bilyet it cannot get back.
 * - `issued`, `shipped`, `received`: the bilyet is at the bank, with the courier or with the
 *   customer; the message names what to record next.
 */
export function bilyetPayoutRefusal(bilyet: BilyetStatus): string | null {
  const orLost = 'atau catat kehilangan dengan surat keterangan, sebelum pencairan ditandai dibayar.';
  switch (bilyet) {
    case 'none':
    case 'returned':
    case 'lost':
      return null;
    case 'issued':
      return `Bilyet deposito masih di bank; catat penerimaan lalu pengembalian bilyet, ${orLost}`;
    case 'shipped':
      return `Bilyet deposito masih dalam pengiriman; catat penerimaan lalu pengembalian bilyet, ${orLost}`;
    case 'received':
      return `Bilyet deposito belum dikembalikan nasabah; catat pengembalian bilyet, ${orLost}`;
  }
}

/** The day a decided payout is due: the break date of an early withdrawal, else the maturity. */
function payoutDate(context: Pick<DepositContext, 'disbursementReason' | 'breakRequest' | 'maturityDate'>): IsoDate {
  return context.disbursementReason === 'broken' && context.breakRequest ? context.breakRequest.breakDate : context.maturityDate;
}

const validDate = <K extends string>(field: K, label: string): Check<{ [F in K]: unknown }> => ({
  category: 'invalid',
  passes: (_, event) => isIsoDate(event[field]),
  message: () => `${label} tidak valid.`,
});

/** Each event's rule (deposit-machine.ts reads it; machines/deposit.ts does not export it). */
export const EVENT_RULES: { [T in DepositEventType]: EventRule<EventOf<T>> } = {
  'deposit.approve': {
    role: 'SUPERVISOR',
    action: 'menyetujui deposito',
    checks: [
      {
        // Four eyes (DOMAIN.md "At the counter"): the maker of a placement does not approve it.
        category: 'conflict',
        passes: (context, event) => context.placedBy === null || context.placedBy !== event.actor.id,
        message: () => 'Penempatan ini Anda catat sendiri; persetujuannya harus oleh supervisor lain.',
      },
      productActive,
      {
        category: 'conflict',
        passes: (context) => isAmountAllowed(context.product, context.amount),
        message: ({ product, amount }) =>
          product.maxAmount === null
            ? `Nominal ${formatRupiah(amount)} di bawah minimum produk ${formatRupiah(product.minAmount)}.`
            : `Nominal ${formatRupiah(amount)} di luar batas produk (${formatRupiah(product.minAmount)} – ${formatRupiah(product.maxAmount)}).`,
      },
      {
        category: 'conflict',
        passes: (context) => offeredTenor(context.product, context.tenorMonths, context.depositDate) !== undefined,
        message: (context) => `Tenor ${context.tenorMonths} bulan tidak ditawarkan produk ini.`,
      },
    ],
  },
  'deposit.reject': { role: 'SUPERVISOR', action: 'menolak deposito', checks: [reasonRequired] },
  'deposit.cancel': { role: 'SUPERVISOR', action: 'membatalkan deposito', checks: [reasonRequired] },
  'deposit.withdraw': { role: 'PARTNER', action: 'menarik penempatannya sebelum diputuskan', checks: [reasonRequired] },
  'deposit.changeDate': {
    role: 'SUPERVISOR',
    action: 'mengubah tanggal efektif deposito',
    checks: [
      validDate('depositDate', 'Tanggal efektif'),
      {
        category: 'invalid',
        passes: (context, event) => isOnOrAfter(event.depositDate, context.placementDate),
        message: (context) => `Tanggal efektif tidak boleh sebelum tanggal penempatan (${formatDateId(context.placementDate)}).`,
      },
      {
        category: 'invalid',
        passes: (context, event) => isOnOrBefore(event.depositDate, latestValueDate(context.placementDate)),
        message: (context) => `Tanggal efektif paling lambat satu tahun setelah tanggal penempatan (${formatDateId(latestValueDate(context.placementDate))}).`,
      },
    ],
  },
  'deposit.activate': {
    role: 'SYSTEM',
    action: 'mengaktifkan deposito',
    checks: [
      {
        category: 'conflict',
        passes: (context, event) => isOnOrBefore(context.depositDate, event.today),
        message: (context) => `Tanggal efektif belum tiba (${formatDateId(context.depositDate)}).`,
      },
    ],
  },
  'deposit.stopAro': {
    role: 'OPERATOR',
    action: 'menghentikan ARO',
    checks: [
      notHeld,
      { category: 'conflict', passes: isAro, message: () => 'Instruksi jatuh tempo deposito ini sudah bukan ARO.' },
      {
        category: 'conflict',
        // Strictly before the cut-off = maturity − 1 working day (deposit-rules/cutoff.ts).
        passes: (context, event) => isBefore(event.today, stopAroCutoff(context.maturityDate, context.holidays)),
        message: (context) =>
          `Batas waktu penghentian ARO telah lewat: paling lambat ${formatDateId(addDays(stopAroCutoff(context.maturityDate, context.holidays), -1))}.`,
      },
    ],
  },
  'deposit.rollover': {
    role: 'SYSTEM',
    action: 'memperpanjang deposito secara otomatis',
    checks: [
      { category: 'conflict', passes: isAro, message: () => 'Deposito non-ARO tidak diperpanjang otomatis.' },
      maturityReached,
      { category: 'conflict', passes: (context) => rolloverBlocker(context) === null, message: (context) => rolloverBlocker(context) ?? '' },
      {
        category: 'invalid',
        passes: (_, event) => isWholeNonNegative(event.rateBps) && event.rateBps > 0,
        message: () => 'Suku bunga perpanjangan tidak valid.',
      },
      {
        category: 'invalid',
        passes: (_, event) => isWholeNonNegative(event.netInterest),
        message: () => 'Bunga bersih periode yang berakhir tidak valid.',
      },
    ],
  },
  'deposit.mature': {
    role: 'SYSTEM',
    action: 'menandai deposito jatuh tempo',
    checks: [
      {
        category: 'conflict',
        passes: (context) => !isAro(context) || rolloverBlocker(context) !== null,
        message: () => 'Deposito ARO diperpanjang otomatis saat jatuh tempo.',
      },
      maturityReached,
    ],
  },
  'deposit.extend': {
    role: 'OPERATOR',
    action: 'memperpanjang deposito',
    checks: [
      notHeld,
      productActive,
      {
        category: 'invalid',
        passes: (context, event) => offeredTenor(context.product, event.tenorMonths, event.today) !== undefined,
        message: (_, event) => `Tenor ${String(event.tenorMonths)} bulan tidak ditawarkan produk ini.`,
      },
      {
        category: 'invalid',
        passes: (_, event) => event.instruction === undefined || ['ARO', 'ARO_PLUS', 'PAYOUT'].includes(event.instruction),
        message: () => 'Instruksi jatuh tempo tidak valid.',
      },
    ],
  },
  'deposit.requestBreak': {
    role: 'OPERATOR',
    // The customer who bought through a partner asks there; staff decide it as any other.
    partnerMay: true,
    action: 'mengajukan pencairan awal',
    checks: [
      notHeld,
      {
        category: 'conflict',
        passes: (context, event) => isBefore(event.today, context.maturityDate),
        message: (context) => `Deposito sudah jatuh tempo (${formatDateId(context.maturityDate)}); pencairan awal tidak dapat diajukan.`,
      },
      validDate('breakDate', 'Tanggal pencairan'),
      {
        category: 'invalid',
        passes: (context, event) =>
          isOnOrAfter(event.breakDate, event.today) && isOnOrAfter(event.breakDate, context.periodStart) && isBefore(event.breakDate, context.maturityDate),
        message: (context) => `Tanggal pencairan harus mulai hari ini dan sebelum jatuh tempo (${formatDateId(context.maturityDate)}).`,
      },
    ],
  },
  'deposit.approveBreak': {
    role: 'SUPERVISOR',
    action: 'menyetujui pencairan awal',
    checks: [
      notHeld,
      {
        category: 'forbidden',
        passes: (context, event) => context.breakRequest?.requestedBy !== event.actor.id,
        message: () => 'Pengajuan pencairan awal harus disetujui oleh supervisor lain, bukan pengajunya.',
      },
      {
        category: 'invalid',
        passes: (_, event) => {
          const s = event.settlement as BreakPreview | undefined;
          return (
            s !== undefined &&
            [s.principal, s.accruedInterest, s.forfeitedInterest, s.tax, s.penalty, s.earlierInterest, s.earlierTax, s.payout].every(isWholeNonNegative) &&
            s.principal + s.accruedInterest - s.tax - s.penalty + s.earlierInterest - s.earlierTax === s.payout
          );
        },
        message: () => 'Rincian pencairan awal tidak valid; hitung ulang pratinjau pencairan.',
      },
    ],
  },
  'deposit.rejectBreak': { role: 'SUPERVISOR', action: 'menolak pencairan awal', checks: [reasonRequired] },
  'deposit.requestDisbursement': { role: 'OPERATOR', action: 'mengajukan pencairan', checks: [notHeld] },
  'deposit.markPaid': {
    role: 'SUPERVISOR',
    action: 'menandai pencairan sudah dibayar',
    checks: [
      notHeld,
      {
        category: 'conflict',
        passes: (context) => bilyetPayoutRefusal(context.bilyet) === null,
        message: (context) => bilyetPayoutRefusal(context.bilyet)!,
      },
      { category: 'invalid', passes: (_, event) => !blank(event.reference), message: () => 'Nomor referensi transfer wajib diisi.' },
      { category: 'invalid', passes: (_, event) => !blank(event.proofFileId), message: () => 'Bukti transfer wajib diunggah.' },
      validDate('paidAt', 'Tanggal transfer'),
      {
        category: 'invalid',
        passes: (_, event) => isOnOrBefore(event.paidAt, event.today),
        message: () => 'Tanggal transfer tidak boleh setelah hari ini.',
      },
      {
        category: 'invalid',
        passes: (context, event) => isOnOrAfter(event.paidAt, payoutDate(context)),
        message: (context) => `Tanggal transfer tidak boleh sebelum tanggal pencairan (${formatDateId(payoutDate(context))}).`,
      },
    ],
  },
};

/** The role each event needs (SYSTEM = the daily job). */
export const depositEventRoles: { [T in DepositEventType]: ActorRole } = Object.fromEntries(
  Object.entries(EVENT_RULES).map(([type, rule]) => [type, rule.role]),
) as never;

/** Whether the actor's role may take the rule's event at all. */
export function mayTake(actor: Actor | undefined, rule: EventRule<never>): actor is Actor {
  if (!actor) return false;
  return hasRole(actor.role, rule.role) || (rule.partnerMay === true && actor.role === 'PARTNER');
}

export function roleMessage(rule: EventRule<never>): string {
  switch (rule.role) {
    case 'SYSTEM':
      return `Hanya proses harian sistem yang dapat ${rule.action}.`;
    case 'PARTNER':
      return `Hanya mitra yang menempatkan deposito ini yang dapat ${rule.action}.`;
    case 'OPERATOR':
      return rule.partnerMay ? `Hanya staf BPR atau mitra penempatnya yang dapat ${rule.action}.` : `Hanya staf BPR yang dapat ${rule.action}.`;
    case 'SUPERVISOR':
      return `Hanya supervisor yang dapat ${rule.action}.`;
    case 'ADMIN':
      return `Hanya admin yang dapat ${rule.action}.`;
  }
}

type Phase = 'offer' | 'full';

/**
 * The first refusal for `event` given the context, assuming the state is one the event is
 * defined in. `offer` skips the payload checks (what `allowedEvents` asks); `full` runs all.
 * Order: who (403), the business date given (400), then the deposit's conditions (409), then
 * the payload (400).
 */
export function firstRefusal(context: DepositContext, event: DepositEvent, phase: Phase): Refusal | null {
  const rule = EVENT_RULES[event.type] as EventRule<DepositEvent>;
  if (!mayTake(event.actor, rule as EventRule<never>)) return refusal('forbidden', roleMessage(rule as EventRule<never>));
  for (const check of rule.checks) {
    if (check.category === 'forbidden' && !check.passes(context, event)) return refusal('forbidden', check.message(context, event));
  }
  if (!isIsoDate(event.today)) return refusal('invalid', 'Tanggal bisnis tidak valid.');
  for (const check of rule.checks) {
    if (check.category === 'conflict' && !check.passes(context, event)) return refusal('conflict', check.message(context, event));
  }
  if (phase === 'offer') return null;
  for (const check of rule.checks) {
    if (check.category === 'invalid' && !check.passes(context, event)) return refusal('invalid', check.message(context, event));
  }
  return null;
}

/**
 * The break figures for this deposit on `breakDate` with its product's penalty rule: what the
 * confirmation shows before `deposit.requestBreak`, and what the server recomputes on the
 * requested break date and passes as `settlement` with `deposit.approveBreak`.
 */
export function previewBreakFor(
  context: DepositContext,
  args: { breakDate: IsoDate; installments: readonly InstallmentState[]; tax: TaxContext; earlierInstallments?: readonly EarlierInstallment[] },
): BreakPreview {
  return previewBreak({
    principal: context.amount,
    rateBps: context.rateBps,
    periodStart: context.periodStart,
    maturityDate: context.maturityDate,
    breakDate: args.breakDate,
    installments: args.installments,
    penalty: { penaltyBps: context.product.penaltyBps, forfeitAccruedInterest: context.product.forfeitAccruedInterest },
    tax: args.tax,
    earlierInstallments: args.earlierInstallments ?? [],
  });
}

/**
 * The interest installments of the current period (after approve, changeDate, rollover or
 * extend), with the full holiday list setting (the context only carries those near maturity).
 */
export function scheduleFor(context: DepositContext, holidays: Holidays): ScheduledInstallment[] {
  return interestSchedule({
    principal: context.amount,
    rateBps: context.rateBps,
    periodStart: context.periodStart,
    tenorMonths: context.tenorMonths,
    holidays,
    interestPayment: context.interestPayment,
  });
}
