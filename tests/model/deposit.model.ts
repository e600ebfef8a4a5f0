import type { AnyMachineSnapshot } from 'xstate';
import type { DepositStatus } from '../../contract/deposit';
import { depositEventSources, depositMachine, type DepositEvent, type DepositInput } from '../../machines/deposit';
import type { Actor, ProductRules } from '../../machines/deposit-rules';
import { describeEvent as describePayload, getEdgeCoveringPaths, type GeneratedPath } from './walk';

/**
 * The deposit used by the generated paths:
 *   placed Fri 20 Feb 2026, value date Mon 2 Mar 2026, 3 months → maturity Tue 2 Jun 2026;
 *   Mon 1 Jun 2026 (Hari Lahir Pancasila) is a holiday, so the stop-ARO cut-off is Fri 29 May.
 * Business dates used by the events:
 *   25 Feb (before the value date), 2 Mar (value date), 15 Apr (mid-term), 29 May (cut-off day),
 *   2 Jun (maturity), 5 Jun (after maturity), 10 Jun (payout).
 */
export const DATES = {
  placement: '2026-02-20',
  beforeValueDate: '2026-02-25',
  valueDate: '2026-03-02',
  /** changeDate moves the value date here: 27 Feb + 3 months = 27 May. */
  changedValueDate: '2026-02-27',
  beforePlacement: '2026-02-19',
  midTerm: '2026-04-15',
  cutoffDay: '2026-05-29',
  maturity: '2026-06-02',
  afterMaturity: '2026-06-05',
  payout: '2026-06-10',
  paidAt: '2026-06-09',
} as const;

export const HOLIDAYS = ['2026-06-01'];

export const product: ProductRules = {
  id: 'prd-deposito-reguler',
  active: true,
  minAmount: 1_000_000,
  maxAmount: 2_000_000_000,
  rates: [
    {
      effectiveFrom: '2026-01-01',
      tenors: [
        { tenorMonths: 3, rateBps: 550 },
        { tenorMonths: 6, rateBps: 600 },
      ],
    },
  ],
  penaltyBps: 50,
  forfeitAccruedInterest: false,
};

export const actors = {
  operator: { id: 'usr-op-1', role: 'OPERATOR' },
  supervisor: { id: 'usr-spv-1', role: 'SUPERVISOR' },
  otherSupervisor: { id: 'usr-spv-2', role: 'SUPERVISOR' },
  admin: { id: 'usr-adm-1', role: 'ADMIN' },
  system: { id: 'system', role: 'SYSTEM' },
  partner: { id: 'partner:DEMO-MITRA', role: 'PARTNER' },
} satisfies Record<string, Actor>;

const baseInput: DepositInput = {
  depositId: 'dep-1',
  amount: 50_000_000,
  rateBps: 550,
  tenorMonths: 3,
  placementDate: DATES.placement,
  depositDate: DATES.valueDate,
  instruction: 'ARO',
  interestPayment: 'MONTHLY',
  product,
  holidays: HOLIDAYS,
};

/**
 * Three deposits walk the same events: an ARO one whose bilyet is back (a payout can be marked
 * paid), an ARO+ one whose bilyet is still with the customer (markPaid is refused), and an ARO one
 * pledged for a loan (a hold in force: DOMAIN.md "Holds") — placed, decided and rolled over as
 * any other, but never broken, extended, stopped from ARO or paid out.
 */
export const inputs = {
  aroBilyetReturned: { ...baseInput, instruction: 'ARO', bilyet: 'returned' },
  aroPlusBilyetWithCustomer: { ...baseInput, depositId: 'dep-2', instruction: 'ARO_PLUS', bilyet: 'received' },
  aroHeldAsCollateral: { ...baseInput, depositId: 'dep-3', instruction: 'ARO', bilyet: 'returned', hold: { label: 'agunan kredit KR-2026-0113', stopsInterestPayout: false } },
} satisfies Record<string, DepositInput>;

/**
 * A settlement consistent with itself, with an earlier period's unpaid installment (100 000 gross,
 * 20 000 tax): 50 000 000 + 300 000 − 60 000 − 250 000 + 100 000 − 20 000 = 50 070 000.
 */
export const settlement = { principal: 50_000_000, accruedInterest: 300_000, forfeitedInterest: 0, tax: 60_000, penalty: 250_000, earlierInterest: 100_000, earlierTax: 20_000, payout: 50_070_000 };

const at = (today: string) => ({ today });

/**
 * Representative events: for each row of DOMAIN.md one that its guards accept in the right state,
 * and ones they refuse (wrong role, missing reason, wrong business date, bad payload).
 */
export const events: DepositEvent[] = [
  { type: 'deposit.approve', actor: actors.supervisor, ...at(DATES.beforeValueDate) },
  { type: 'deposit.approve', actor: actors.admin, ...at(DATES.valueDate) },
  { type: 'deposit.approve', actor: actors.operator, ...at(DATES.valueDate) },
  { type: 'deposit.reject', actor: actors.supervisor, reason: 'Dokumen KTP tidak terbaca.', ...at(DATES.beforeValueDate) },
  { type: 'deposit.reject', actor: actors.supervisor, reason: '   ', ...at(DATES.beforeValueDate) },
  { type: 'deposit.cancel', actor: actors.supervisor, reason: 'Nasabah membatalkan penempatan.', ...at(DATES.beforeValueDate) },
  { type: 'deposit.cancel', actor: actors.operator, reason: 'Nasabah membatalkan penempatan.', ...at(DATES.beforeValueDate) },
  { type: 'deposit.withdraw', actor: actors.partner, reason: 'Nasabah membatalkan di aplikasi mitra.', ...at(DATES.beforeValueDate) },
  { type: 'deposit.withdraw', actor: actors.partner, reason: ' ', ...at(DATES.beforeValueDate) },
  { type: 'deposit.withdraw', actor: actors.supervisor, reason: 'Nasabah membatalkan penempatan.', ...at(DATES.beforeValueDate) },
  { type: 'deposit.cancel', actor: actors.partner, reason: 'Nasabah membatalkan di aplikasi mitra.', ...at(DATES.beforeValueDate) },
  { type: 'deposit.changeDate', actor: actors.supervisor, depositDate: DATES.changedValueDate, ...at(DATES.beforeValueDate) },
  { type: 'deposit.changeDate', actor: actors.supervisor, depositDate: DATES.beforePlacement, ...at(DATES.beforeValueDate) },
  // Moved to a day already past: an approved deposit starts at once.
  { type: 'deposit.changeDate', actor: actors.supervisor, depositDate: DATES.changedValueDate, ...at(DATES.valueDate) },
  { type: 'deposit.activate', actor: actors.system, ...at(DATES.valueDate) },
  { type: 'deposit.activate', actor: actors.system, ...at(DATES.beforeValueDate) },
  { type: 'deposit.activate', actor: actors.supervisor, ...at(DATES.valueDate) },
  { type: 'deposit.stopAro', actor: actors.operator, ...at(DATES.midTerm) },
  { type: 'deposit.stopAro', actor: actors.operator, ...at(DATES.cutoffDay) },
  { type: 'deposit.rollover', actor: actors.system, rateBps: 500, netInterest: 550_000, ...at(DATES.maturity) },
  { type: 'deposit.rollover', actor: actors.system, rateBps: 500, netInterest: 550_000, ...at(DATES.midTerm) },
  { type: 'deposit.mature', actor: actors.system, ...at(DATES.maturity) },
  { type: 'deposit.mature', actor: actors.operator, ...at(DATES.maturity) },
  { type: 'deposit.extend', actor: actors.operator, tenorMonths: 6, ...at(DATES.afterMaturity) },
  { type: 'deposit.extend', actor: actors.operator, tenorMonths: 12, ...at(DATES.afterMaturity) },
  { type: 'deposit.requestBreak', actor: actors.operator, breakDate: DATES.midTerm, reason: 'Kebutuhan biaya sekolah.', ...at(DATES.midTerm) },
  { type: 'deposit.requestBreak', actor: actors.supervisor, breakDate: DATES.midTerm, ...at(DATES.midTerm) },
  { type: 'deposit.requestBreak', actor: actors.operator, breakDate: DATES.maturity, ...at(DATES.maturity) },
  { type: 'deposit.requestBreak', actor: actors.partner, breakDate: DATES.midTerm, reason: 'Diajukan nasabah di aplikasi mitra.', ...at(DATES.midTerm) },
  { type: 'deposit.approveBreak', actor: actors.supervisor, settlement, ...at(DATES.midTerm) },
  { type: 'deposit.approveBreak', actor: actors.operator, settlement, ...at(DATES.midTerm) },
  { type: 'deposit.approveBreak', actor: actors.partner, settlement, ...at(DATES.midTerm) },
  { type: 'deposit.approveBreak', actor: actors.otherSupervisor, settlement: { ...settlement, payout: 49_990_000 }, ...at(DATES.midTerm) },
  { type: 'deposit.rejectBreak', actor: actors.supervisor, reason: 'Nasabah membatalkan pengajuan.', ...at(DATES.midTerm) },
  { type: 'deposit.rejectBreak', actor: actors.supervisor, reason: '', ...at(DATES.midTerm) },
  { type: 'deposit.requestDisbursement', actor: actors.operator, ...at(DATES.afterMaturity) },
  { type: 'deposit.requestDisbursement', actor: actors.system, ...at(DATES.afterMaturity) },
  { type: 'deposit.markPaid', actor: actors.supervisor, reference: 'TRF-20260609-001', proofFileId: 'file-77', paidAt: DATES.paidAt, ...at(DATES.payout) },
  { type: 'deposit.markPaid', actor: actors.supervisor, reference: 'TRF-20260609-001', proofFileId: '', paidAt: DATES.paidAt, ...at(DATES.payout) },
  { type: 'deposit.markPaid', actor: actors.operator, reference: 'TRF-20260609-001', proofFileId: 'file-77', paidAt: DATES.paidAt, ...at(DATES.payout) },
];

/**
 * Only events the state defines are offered to the walk: an event a state does not know is not
 * a guarded branch, just noise. Events the guards refuse stay in, as self-loops.
 */
const filterEvents = (snapshot: AnyMachineSnapshot, event: { type: string }) =>
  (depositEventSources[event.type as DepositEvent['type']] ?? []).includes(snapshot.value as DepositStatus);

export interface DepositPath extends GeneratedPath<DepositEvent> {
  /** Which deposit of `inputs` the path starts from. */
  input: DepositInput;
  inputName: keyof typeof inputs;
  label: string;
}

/** 'deposit.approve by SUPERVISOR usr-spv-1 on 2026-02-25', then the rest of the payload. */
export function describeEvent(event: { type: string }): string {
  if (event.type === 'xstate.init') return event.type;
  const { type, actor, today, ...payload } = event as DepositEvent;
  const rest = describePayload({ type, ...payload }).slice(type.length);
  return `${type} by ${actor.role} ${actor.id} on ${today}${rest}`;
}

export const machine = depositMachine;

export const paths: DepositPath[] = (Object.keys(inputs) as Array<keyof typeof inputs>).flatMap((inputName) =>
  getEdgeCoveringPaths(depositMachine, { events, input: inputs[inputName], filterEvents }).map((path) => ({
    ...(path as GeneratedPath<DepositEvent>),
    input: inputs[inputName],
    inputName,
    label: inputName,
  })),
);

export const name = 'deposit';
