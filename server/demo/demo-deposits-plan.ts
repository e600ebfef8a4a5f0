import {
  decide,
  depositContext,
  previewBreakFor,
  restoreDeposit,
  scheduleFor,
  type Actor,
  type DepositContext,
  type DepositEvent,
  type DepositSnapshot,
} from '../../machines/deposit';
import {
  addDays,
  addMonths,
  ARO_PLUS_REFERENCE,
  daysBetween,
  isAmountAllowed,
  isBefore,
  isOnOrBefore,
  maturityPayout,
  offeredTenor,
  tenorsOn,
  stopAroCutoff,
  taxInterest,
  workingDayOnOrAfter,
  type IsoDate,
  type ProductRules,
  type TaxSettings,
} from '../../machines/deposit-rules';
import type { BilyetStatus, DepositStatus, InterestPayment, MaturityInstruction } from '../../contract/deposit';
import { wibTimestamp } from '../platform/business-date';
import { chooseShowcases, DEMO_FILE_KINDS, emptyTrackRows, playDepositTracks, type DemoTrackRows, type DepositTrackFacts, type TrackBank } from './demo-tracks-plan';
import { depositRandom, seededRandom, type Random } from './demo-random';
import type { AroLetterRow, AuditRow, ChangeRequestRow, CustomerRow, DepositPeriodRow, DepositRow, DisbursementRow, InstallmentRow } from '../platform/db/schema';
import { newDepositRow, newPeriodRow } from '../deposits/deposit-placement';
import { rowChanges } from '../deposits/deposit-state';
import { newAroLetterRow } from '../deposits/transition-service';
import { scheduledInstallmentRow } from '../interest/installment-service';
import { pendingPayoutRow } from '../disbursements/payout-service';

/**
 * Demo deposits as pure data: each deposit's whole history is played through the real lifecycle
 * machine (`decide`) day by day — placement, approval, activation, rollovers, breaks, maturity,
 * payouts — by a seeded PRNG, so the same inputs always give the same rows and every amount,
 * maturity, schedule and status agrees with machines/deposit-rules. Then its bilyet, shipments
 * and signature request are played through their machines on that history (demo-tracks-plan.ts).
 * Nothing here touches the database; demo-deposits.ts writes the rows.
 */

// ----------------------------------------------------------------------------------------- rows

export interface DemoProduct {
  rules: ProductRules;
  name: string;
  interestPayment: InterestPayment;
  instructionsAllowed: MaturityInstruction[];
}

export type DemoCustomerRow = CustomerRow;
export type DemoDepositRow = DepositRow;
export type DemoPeriodRow = DepositPeriodRow;
export type DemoInstallmentRow = InstallmentRow;
export type DemoDisbursementRow = DisbursementRow;
export type DemoChangeRequestRow = ChangeRequestRow;
export type DemoAuditRow = AuditRow;
export type DemoAroLetterRow = AroLetterRow;

export interface DemoRows {
  customers: DemoCustomerRow[];
  deposits: DemoDepositRow[];
  periods: DemoPeriodRow[];
  installments: DemoInstallmentRow[];
  disbursements: DemoDisbursementRow[];
  changeRequests: DemoChangeRequestRow[];
  audit: DemoAuditRow[];
  aroLetters: DemoAroLetterRow[];
  /** Bilyets, their numbers and documents, shipments, signature requests and the sandboxes' rows. */
  tracks: DemoTrackRows;
}

interface DemoBankInput {
  bankId: string;
  /** Short code in deposit numbers, e.g. 'DS'. */
  code: string;
  depositCount: number;
  customerCount: number;
  products: readonly DemoProduct[];
  /** Staff who act in the histories (ids of real users of this bank). */
  operatorId: string;
  supervisorIds: readonly string[];
  holidays: readonly IsoDate[];
  tax: TaxSettings;
  /** Business date (Asia/Jakarta) the histories run up to. */
  today: IsoDate;
  /** How far back placements start. */
  months: number;
  seed: number;
  /** The instant the journeys run up to (ISO); default noon WIB of `today`. */
  now?: string;
  /** PUBLIC_URL, for the Privy sandbox's signing links; default http://localhost:3000. */
  publicUrl?: string;
  /** The bank as the courier sees the sender, and who the courier calls there. */
  bankName?: string;
  bankAddress?: string;
  bankContact?: { name: string; phone: string };
}

// ----------------------------------------------------------------------------------- name lists

const FIRST_NAMES = [
  'Budi', 'Siti', 'Agus', 'Dewi', 'Bambang', 'Sri', 'Hendra', 'Rina', 'Joko', 'Wati', 'Andi', 'Yuliana', 'Rudi', 'Ratna',
  'Eko', 'Nur', 'Dedi', 'Lestari', 'Ahmad', 'Fitri', 'Slamet', 'Indah', 'Wahyu', 'Maya', 'Teguh', 'Puspita', 'Yusuf',
  'Kartini', 'Hadi', 'Ayu', 'Suparman', 'Rahmawati', 'Irwan', 'Endang', 'Fajar', 'Nurul', 'Gunawan', 'Sari', 'Bayu', 'Dian',
];
const LAST_NAMES = [
  'Santoso', 'Rahayu', 'Wijaya', 'Lestari', 'Saputra', 'Kurniawan', 'Hidayat', 'Setiawan', 'Pratama', 'Susanti',
  'Nugroho', 'Wibowo', 'Handayani', 'Siregar', 'Nasution', 'Harahap', 'Simanjuntak', 'Purnomo', 'Utami', 'Gunadi',
  'Firmansyah', 'Permana', 'Sulistyo', 'Syahputra', 'Anggraini', 'Maharani', 'Ramadhan', 'Hakim', 'Putri', 'Halim',
];
const STREETS = ['Jl. Diponegoro', 'Jl. Sudirman', 'Jl. Ahmad Yani', 'Jl. Gatot Subroto', 'Jl. Pahlawan', 'Jl. Veteran', 'Jl. Merdeka', 'Jl. Pemuda'];
/** Each city with how many districts (kecamatan, numbered from 01) the geography has: a demo NIK names one that exists. */
const CITIES = [
  { name: 'Bandung', code: '3273', districts: 30 },
  { name: 'Semarang', code: '3374', districts: 16 },
  { name: 'Cimahi', code: '3277', districts: 3 },
  { name: 'Surakarta', code: '3372', districts: 5 },
  { name: 'Bogor', code: '3271', districts: 6 },
  { name: 'Garut', code: '3205', districts: 42 },
];
const PAYOUT_BANKS = ['BCA', 'BRI', 'Mandiri', 'BNI', 'BSI', 'CIMB Niaga'];
/** Their sandi bank (machines/customer-rules/indonesian-banks.ts). */
const PAYOUT_BANK_CODES: Record<string, string> = { BCA: '014', BRI: '002', Mandiri: '008', BNI: '009', BSI: '451', 'CIMB Niaga': '022' };
// The CIF fields below come from the customer's index, not the PRNG: drawing more numbers would
// change every demo deposit after the first customer.
const OCCUPATIONS = ['Karyawan swasta', 'Wiraswasta', 'Pegawai negeri sipil', 'Guru', 'Pedagang', 'Pensiunan', 'Petani'];
const SOURCES_OF_FUNDS = ['Gaji', 'Hasil usaha', 'Gaji', 'Gaji', 'Hasil usaha', 'Pensiun', 'Hasil usaha'];
const MOTHERS = ['Siti Aminah', 'Sri Wahyuni', 'Dewi Sartika', 'Nur Hasanah', 'Endang Lestari', 'Tuti Rahayu'];
const CHANNELS = ['Komunal', 'Komunal', 'Komunal', 'Mitra Tani Digital', null, null];
const REJECT_REASONS = ['Dokumen KTP tidak terbaca.', 'Data nasabah tidak sesuai dengan KTP.', 'Dana belum diterima di rekening BPR.'];
const CANCEL_REASONS = ['Nasabah membatalkan penempatan.', 'Dana dikembalikan atas permintaan nasabah.'];
const BREAK_REASONS = ['Kebutuhan biaya pendidikan anak.', 'Biaya pengobatan keluarga.', 'Modal usaha.', 'Renovasi rumah.'];
const BREAK_REJECT_REASONS = ['Bilyet asli belum diserahkan nasabah.', 'Tanda tangan pada formulir tidak sesuai.'];
const AMOUNTS = [5_000_000, 10_000_000, 15_000_000, 25_000_000, 50_000_000, 75_000_000, 100_000_000, 150_000_000, 250_000_000, 500_000_000];

// -------------------------------------------------------------------------------------- helpers

function makeCustomer(random: Random, bankId: string, createdOn: IsoDate, index: number): DemoCustomerRow {
  const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const city = random.pick(CITIES);
  const female = random.chance(0.5);
  const birthDay = random.int(1, 28) + (female ? 40 : 0);
  const birth = `${String(birthDay).padStart(2, '0')}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(55, 99)).padStart(2, '0')}`;
  // NIK: region (6) + birth DDMMYY (+40 on the day for women) + serial (4); the serial keeps it unique per bank.
  // The draw stays as it was (every later draw depends on it); it is folded onto the city's districts.
  const district = ((random.int(1, 40) - 1) % city.districts) + 1;
  const nik = `${city.code}${String(district).padStart(2, '0')}${birth}${String(index + 1).padStart(4, '0')}`;
  const created = wibTimestamp(createdOn, random.int(8, 15), random.int(0, 59));
  const drawn = {
    id: random.id(),
    bank_id: bankId,
    name,
    nik,
    npwp: random.chance(0.6) ? `${random.int(10, 99)}.${random.int(100, 999)}.${random.int(100, 999)}.${random.int(1, 9)}-${random.int(100, 999)}.000` : null,
    phone: `08${random.pick(['12', '13', '21', '52', '57', '77', '81'])}${String(random.int(10_000_000, 99_999_999))}`,
    email: random.chance(0.7) ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${random.int(1, 99)}@contoh.id` : null,
    address: `${random.pick(STREETS)} No. ${random.int(1, 200)}, ${city.name}`,
    payout_bank_name: random.pick(PAYOUT_BANKS),
    payout_account_number: String(random.int(1_000_000_000, 9_999_999_999)),
    payout_account_name: name,
    created_at: created,
    updated_at: created,
  };
  return {
    ...drawn,
    kind: 'INDIVIDUAL',
    birth_place: city.name,
    birth_date: `19${birth.slice(4, 6)}-${birth.slice(2, 4)}-${String(birthDay - (female ? 40 : 0)).padStart(2, '0')}`,
    gender: female ? 'FEMALE' : 'MALE',
    mother_maiden_name: MOTHERS[index % MOTHERS.length]!,
    rt_rw: `${String((index % 12) + 1).padStart(3, '0')}/${String((index % 7) + 1).padStart(3, '0')}`,
    province_id: null,
    city_id: null,
    district_id: null,
    village_id: null,
    zip_code: null,
    occupation: OCCUPATIONS[index % OCCUPATIONS.length]!,
    source_of_funds: SOURCES_OF_FUNDS[index % SOURCES_OF_FUNDS.length]!,
    account_purpose: 'Simpanan berjangka',
    legal_form: null,
    nib: null,
    established_on: null,
    representatives: '[]',
    payout_bank_code: PAYOUT_BANK_CODES[drawn.payout_bank_name] ?? null,
    // A few customers the bank watches: their placements show the risk on the approval.
    risk_level: index % 40 === 7 ? 'HIGH' : index % 15 === 4 ? 'MEDIUM' : 'LOW',
    version: 1,
    created_by: null,
  };
}

function amountFor(random: Random, product: ProductRules): number {
  const allowed = AMOUNTS.filter((amount) => isAmountAllowed(product, amount));
  return allowed.length > 0 ? random.pick(allowed) : product.minAmount;
}

/** Which staff decides: some randomness so timelines show more than one name. */
function supervisor(random: Random, input: DemoBankInput): Actor {
  return { id: random.pick(input.supervisorIds), role: 'SUPERVISOR' };
}

const SYSTEM: Actor = { id: 'SYSTEM', role: 'SYSTEM' };

// ------------------------------------------------------------------------------------ histories

interface CustomerActivity {
  from: IsoDate;
  /** Exclusive; null = still active. */
  to: IsoDate | null;
  amount: number;
}

/** One deposit's life, played through the machine; throws if the machine refuses a step. */
class DepositStory {
  snapshot: DepositSnapshot;
  readonly audit: DemoAuditRow[] = [];
  readonly periods: DemoPeriodRow[] = [];
  readonly installments: DemoInstallmentRow[] = [];
  readonly disbursements: DemoDisbursementRow[] = [];
  readonly aroLetters: DemoAroLetterRow[] = [];
  /** Principal held active over time (tax threshold of later postings). */
  readonly activity: CustomerActivity[] = [];
  version = 1;
  updatedAt: string;
  statusReason: string | null = null;
  lastEventDay: IsoDate;
  /** Installments whose tax was fixed when they were capitalised (ARO+) or put in a maturity payout. */
  readonly taxFixed = new Set<string>();
  /** The unpaid installments a maturity payout pays (README "Pembayaran saat jatuh tempo"). */
  readonly payoutInstallments: DemoInstallmentRow[] = [];
  /** The deposit's own stream for its documents' journeys (demo-tracks-plan.ts). */
  readonly tracks: Random;
  /** Staff issue its bilyet once accepted (a few never get to it). */
  readonly hasBilyet: boolean;
  /** The bilyet's status the machine was told when the payout was marked paid. */
  paidWithBilyet: BilyetStatus | null = null;
  private lastAt = '';

  constructor(
    private readonly random: Random,
    private readonly input: DemoBankInput,
    readonly depositId: string,
    readonly customerId: string,
    context: DepositContext,
    placedAt: string,
  ) {
    this.snapshot = restoreDeposit('pending', context);
    this.tracks = depositRandom(input.seed, depositId);
    this.hasBilyet = this.tracks.chance(0.96);
    // Period 1 exists from the placement (as placeDeposit writes it); changeDate moves it.
    this.addPeriodRow('placement', placedAt);
    this.updatedAt = placedAt;
    this.lastAt = placedAt;
    this.lastEventDay = context.placementDate;
    this.audit.push({
      id: random.id(),
      bank_id: input.bankId,
      deposit_id: depositId,
      actor_id: 'SYSTEM',
      at: placedAt,
      from_status: null,
      to_status: 'pending',
      event: 'deposit.create',
      payload: JSON.stringify({ amount: context.amount, tenorMonths: context.tenorMonths, rateBps: context.rateBps, depositDate: context.depositDate }),
      seq: 0,
    });
  }

  get status(): DepositStatus {
    return this.snapshot.value as DepositStatus;
  }

  get context(): DepositContext {
    return this.snapshot.context;
  }

  /** Sends one event on `day`; the machine must accept it. */
  send(event: DepositEvent, payload: Record<string, unknown> = {}): void {
    const from = this.status;
    const before = this.context;
    const outcome = decide(this.snapshot, event);
    if (!outcome.ok) throw new Error(`demo history refused ${event.type} on ${event.today}: ${outcome.refusal.message}`);
    this.snapshot = outcome.snapshot;
    const wanted = event.actor.role === 'SYSTEM' ? wibTimestamp(event.today, 0, 5) : wibTimestamp(event.today, this.random.int(8, 16), this.random.int(0, 59));
    // Timelines stay in order even when two events share a day.
    const at = wanted > this.lastAt ? wanted : new Date(Date.parse(this.lastAt) + 60_000).toISOString();
    this.lastAt = at;
    this.version += 1;
    this.updatedAt = at;
    this.lastEventDay = event.today;
    this.audit.push({
      id: this.random.id(),
      bank_id: this.input.bankId,
      deposit_id: this.depositId,
      actor_id: event.actor.id,
      at,
      from_status: from,
      to_status: this.status,
      event: event.type,
      payload: JSON.stringify(payload),
      seq: 0,
    });
    // Activity (for the tax threshold): active principal from activation until it stops running.
    const running = (status: DepositStatus) => status === 'active' || status === 'breakRequested';
    if (!running(from) && running(this.status)) this.activity.push({ from: this.context.periodStart, to: null, amount: this.context.amount });
    if (running(from) && !running(this.status)) this.closeActivity(event.today);
    if (event.type === 'deposit.rollover' && before.amount !== this.context.amount) {
      this.closeActivity(this.context.periodStart);
      this.activity.push({ from: this.context.periodStart, to: null, amount: this.context.amount });
    }
  }

  private closeActivity(day: IsoDate): void {
    const open = this.activity.find((entry) => entry.to === null);
    if (open) open.to = day;
  }

  /** Period row and interest schedule of the current period (tax filled in later, per customer). */
  startPeriod(startedBy: DemoPeriodRow['started_by'], at: string): void {
    this.addPeriodRow(startedBy, at);
    this.addSchedule(at);
  }

  addPeriodRow(startedBy: DemoPeriodRow['started_by'], at: string): void {
    this.periods.push(newPeriodRow(this.depositId, this.context, startedBy, at, this.random.id()));
  }

  /** The current period's installments, written when it is approved, rolled over or extended (untaxed here: applyTax). */
  addSchedule(at: string): void {
    const context = this.context;
    const period = { bankId: this.input.bankId, depositId: this.depositId, periodNumber: context.periodNumber };
    for (const item of scheduleFor(context, this.input.holidays)) {
      this.installments.push(scheduledInstallmentRow(period, item, { tax: 0, net: item.grossInterest }, at, this.random.id()));
    }
  }

  currentInstallments(): DemoInstallmentRow[] {
    return this.installments.filter((item) => item.period_number === this.context.periodNumber);
  }
}

/** Stories steered into a waiting state so every state shows even in a small bank on any day. */
type Showcase = 'approved' | 'breakRequested' | 'matured' | 'disbursing';

interface StoryPlan {
  placement: IsoDate;
  valueDate: IsoDate;
  customer: DemoCustomerRow;
  product: DemoProduct;
  amount: number;
  tenorMonths: number;
  instruction: MaturityInstruction;
  channel: string | null;
  number: string;
  /** A few stories per bank are steered so every state shows even in a small bank. */
  showcase?: Showcase;
}

/** Plays one deposit from placement to `today`. */
function playStory(random: Random, input: DemoBankInput, plan: StoryPlan): { story: DepositStory; row: DemoDepositRow; changeRequests: DemoChangeRequestRow[] } {
  const today = input.today;
  const tenor = offeredTenor(plan.product.rules, plan.tenorMonths, plan.valueDate)!;
  const depositId = random.id();
  const placedAt = wibTimestamp(plan.placement, random.int(7, 20), random.int(0, 59));
  const context = depositContext({
    depositId,
    amount: plan.amount,
    rateBps: tenor.rateBps,
    tenorMonths: plan.tenorMonths,
    placementDate: plan.placement,
    depositDate: plan.valueDate,
    instruction: plan.instruction,
    interestPayment: plan.product.interestPayment,
    product: plan.product.rules,
  });
  const story = new DepositStory(random, input, depositId, plan.customer.id, context, placedAt);
  const operator: Actor = { id: input.operatorId, role: 'OPERATOR' };
  const changeRequests: DemoChangeRequestRow[] = [];

  // Staff decide the placement within a few days; recent ones still wait.
  const decisionDay = plan.showcase === 'approved' ? plan.placement : addDays(plan.placement, random.int(0, 3));
  if (isOnOrBefore(decisionDay, today)) {
    const roll = plan.showcase ? 1 : random.next();
    if (roll < 0.05) {
      const reason = random.pick(REJECT_REASONS);
      story.send({ type: 'deposit.reject', reason, actor: supervisor(random, input), today: decisionDay }, { reason });
      story.statusReason = reason;
    } else if (roll < 0.09) {
      const reason = random.pick(CANCEL_REASONS);
      story.send({ type: 'deposit.cancel', reason, actor: supervisor(random, input), today: decisionDay }, { reason });
      story.statusReason = reason;
    } else {
      if (roll < 0.14) {
        const depositDate = addDays(story.context.depositDate, random.int(1, 5));
        const reason = 'Dana nasabah efektif diterima pada tanggal baru.';
        story.send({ type: 'deposit.changeDate', depositDate, reason, actor: supervisor(random, input), today: decisionDay }, { depositDate, reason });
        Object.assign(story.periods[0]!, { period_start: story.context.periodStart, maturity_date: story.context.maturityDate });
      }
      story.send({ type: 'deposit.approve', actor: supervisor(random, input), today: decisionDay });
      // Approval writes the schedule, whether the deposit starts now or on its value date.
      story.addSchedule(story.updatedAt);
      if (story.status === 'approved') {
        if (!plan.showcase && random.chance(0.04) && isOnOrBefore(addDays(decisionDay, 1), today) && isBefore(addDays(decisionDay, 1), story.context.depositDate)) {
          const reason = random.pick(CANCEL_REASONS);
          story.send({ type: 'deposit.cancel', reason, actor: supervisor(random, input), today: addDays(decisionDay, 1) }, { reason });
          story.statusReason = reason;
          for (const item of story.installments) Object.assign(item, { status: 'cancelled', updated_at: story.updatedAt });
        } else if (isOnOrBefore(story.context.depositDate, today)) {
          story.send({ type: 'deposit.activate', actor: SYSTEM, today: story.context.depositDate });
        }
      }
    }
  }

  // Running periods: interest falls due, maybe stop-ARO or a break, then maturity; a matured
  // non-ARO deposit is paid out or extended by staff within days (the latest still wait).
  for (let guard = 0; guard < 60; guard += 1) {
    if (story.status === 'active') {
      if (!playPeriod(random, input, story, operator, plan)) break;
    } else if (story.status === 'matured') {
      const day =
        plan.showcase === 'matured' ? addDays(today, 1) : plan.showcase === 'disbursing' ? story.context.maturityDate : addDays(story.context.maturityDate, random.int(0, 6));
      if (!isOnOrBefore(day, today)) break;
      if (!plan.showcase && random.chance(0.12) && plan.product.rules.active) {
        const tenorMonths = random.pick(tenorsOn(plan.product.rules, day)).tenorMonths;
        story.send({ type: 'deposit.extend', tenorMonths, actor: operator, today: day }, { tenorMonths });
        story.startPeriod('extension', story.updatedAt);
      } else {
        story.send({ type: 'deposit.requestDisbursement', actor: operator, today: day });
        // The payout pays the principal and every installment still unpaid: those are posted now
        // (taxed like ARO+'s, on this deposit's own principal) and paid by its transfer.
        const unpaid = story.installments.filter((item) => item.status === 'scheduled' || item.status === 'due');
        for (const item of unpaid) {
          const taxed = taxInterest(item.gross_interest, { customerActivePrincipal: story.context.amount, settings: input.tax });
          Object.assign(item, { status: 'due', tax: taxed.tax, net_interest: taxed.net, updated_at: story.updatedAt });
          story.taxFixed.add(item.id);
          story.payoutInstallments.push(item);
        }
        const payout = maturityPayout(story.context.amount, unpaid.map((item) => ({ grossInterest: item.gross_interest, tax: item.tax, netInterest: item.net_interest })));
        story.disbursements.push(
          disbursementRow(random, input, story, 'maturity', { principal: payout.principal, accruedInterest: payout.interest, tax: payout.tax, penalty: 0, payout: payout.amount }),
        );
      }
    } else {
      break;
    }
  }
  settleInstallmentsUpTo(random, input, story, addDays(today, 1));

  // A payout decided: once the bilyet is back, a supervisor records the transfer.
  if (story.status === 'disbursing') {
    const day = plan.showcase === 'disbursing' ? addDays(today, 1) : addDays(story.lastEventDay, random.int(1, 5));
    if (isOnOrBefore(day, today) && random.chance(0.9)) {
      // The bilyet came back before (or its loss was recorded with a statement): the machine checks it.
      story.paidWithBilyet = story.hasBilyet ? (story.tracks.chance(0.04) ? 'lost' : 'returned') : 'none';
      story.snapshot = restoreDeposit(story.status, { ...story.context, bilyet: story.paidWithBilyet });
      const reference = `TRF${day.replace(/-/g, '')}${String(random.int(100_000, 999_999))}`;
      const proofFileId = `demo-bukti-${story.depositId.slice(0, 8)}`;
      story.send({ type: 'deposit.markPaid', reference, proofFileId, paidAt: day, actor: supervisor(random, input), today: day }, { reference, paidAt: day });
      const disbursement = story.disbursements[story.disbursements.length - 1]!;
      Object.assign(disbursement, { status: 'paid', reference, paid_at: day, paid_by: story.audit[story.audit.length - 1]!.actor_id, updated_at: story.updatedAt });
      for (const item of story.payoutInstallments) Object.assign(item, { status: 'paid', reference, paid_at: day, paid_by: disbursement.paid_by, updated_at: story.updatedAt });
    }
  }

  // Customers' change requests on running deposits: instruction or payout account.
  if (story.status === 'active' && random.chance(0.08)) {
    const requestedOn = addDays(today, -random.int(0, 20));
    if (isOnOrBefore(story.context.periodStart, requestedOn)) {
      const kind = random.chance(0.5) ? 'instruction' : 'payoutAccount';
      const value =
        kind === 'instruction'
          ? { instruction: story.context.instruction === 'PAYOUT' ? 'ARO' : 'PAYOUT' }
          : { bankName: random.pick(PAYOUT_BANKS), accountNumber: String(random.int(1_000_000_000, 9_999_999_999)), accountName: plan.customer.name };
      // Decided requests only for payout accounts (an approved instruction change would change the deposit too).
      const decided = kind === 'payoutAccount' ? random.chance(0.6) : random.chance(0.3);
      const approved = kind === 'payoutAccount' && decided && random.chance(0.7);
      const decidedOn = addDays(requestedOn, random.int(0, 2));
      const isDecided = decided && isOnOrBefore(decidedOn, today);
      changeRequests.push({
        id: random.id(),
        bank_id: input.bankId,
        deposit_id: story.depositId,
        customer_id: plan.customer.id,
        kind,
        requested_value: JSON.stringify(value),
        previous_value: JSON.stringify(
          kind === 'instruction'
            ? { instruction: story.context.instruction }
            : { bankCode: plan.customer.payout_bank_code, bankName: plan.customer.payout_bank_name, accountNumber: plan.customer.payout_account_number, accountName: plan.customer.payout_account_name },
        ),
        status: isDecided ? (approved ? 'approved' : 'rejected') : 'pending',
        reason: isDecided && !approved ? 'Data rekening tidak dapat diverifikasi.' : null,
        decided_by: isDecided ? random.pick(input.supervisorIds) : null,
        decided_at: isDecided ? wibTimestamp(decidedOn, random.int(8, 16), random.int(0, 59)) : null,
        created_at: wibTimestamp(requestedOn, random.int(8, 20), random.int(0, 59)),
        // The demo's requests come from customers through the platform.
        requested_by: null,
      });
      if (isDecided && approved && kind === 'payoutAccount') {
        const account = value as { bankName: string; accountNumber: string };
        plan.customer.payout_bank_name = account.bankName;
        plan.customer.payout_bank_code = PAYOUT_BANK_CODES[account.bankName] ?? null;
        plan.customer.payout_account_number = account.accountNumber;
      }
    }
  }

  const final = story.context;
  // As a placement writes it (the track columns are filled in by demo-tracks-plan.ts), then as its transitions left it.
  const row: DemoDepositRow = {
    ...newDepositRow(final, { bankId: input.bankId, depositNumber: plan.number, customer: plan.customer, productId: plan.product.rules.id, status: story.status, channel: plan.channel, now: placedAt }),
    ...rowChanges(story.status, final),
    status_reason: story.statusReason,
    version: story.version,
    updated_at: story.updatedAt,
  };
  return { story, row, changeRequests };
}

/**
 * One running period up to its maturity or `today`: maybe a stop-ARO, maybe a break request
 * (decided or still waiting), then the daily job's rollover or maturity. False when the story
 * cannot go further (it reached today, or the deposit left the active state for good).
 */
function playPeriod(random: Random, input: DemoBankInput, story: DepositStory, operator: Actor, plan: StoryPlan): boolean {
  const { product, showcase } = plan;
  const today = input.today;
  const context = story.context;
  if (showcase === 'breakRequested' && isBefore(today, context.maturityDate)) {
    const reason = random.pick(BREAK_REASONS);
    story.send({ type: 'deposit.requestBreak', breakDate: today, reason, actor: operator, today }, { breakDate: today, reason });
    return false;
  }
  if (context.instruction !== 'PAYOUT' && random.chance(0.06)) {
    const day = addDays(stopAroCutoff(context.maturityDate, context.holidays), -random.int(2, 10));
    if (isBefore(context.periodStart, day) && isOnOrBefore(day, today)) story.send({ type: 'deposit.stopAro', actor: operator, today: day });
  }
  if (!showcase && random.chance(0.07)) {
    const span = daysBetween(context.periodStart, context.maturityDate);
    const day = addDays(context.periodStart, random.int(1, Math.max(1, span - 2)));
    if (isOnOrBefore(day, today) && isBefore(day, context.maturityDate)) {
      settleInstallmentsUpTo(random, input, story, day);
      const reason = random.pick(BREAK_REASONS);
      story.send({ type: 'deposit.requestBreak', breakDate: day, reason, actor: operator, today: day }, { breakDate: day, reason });
      const decisionOn = addDays(day, random.int(0, 3));
      if (!isOnOrBefore(decisionOn, today)) return false;
      // The approver must be another person than the requester (a one-user bank can only reject).
      const approvers = input.supervisorIds.filter((id) => id !== operator.id);
      if (approvers.length > 0 && random.chance(0.8)) {
        const settlement = previewBreakFor(story.context, {
          breakDate: day,
          installments: story.currentInstallments().map((item) => ({ periodStart: item.period_start, periodEnd: item.period_end, grossInterest: item.gross_interest, paid: item.status === 'paid' })),
          tax: { customerActivePrincipal: story.context.amount, settings: input.tax },
        });
        story.send({ type: 'deposit.approveBreak', settlement, actor: { id: random.pick(approvers), role: 'SUPERVISOR' }, today: decisionOn }, { settlement });
        for (const item of story.currentInstallments()) {
          if (item.status === 'scheduled' || item.status === 'due') Object.assign(item, { status: 'cancelled', updated_at: story.updatedAt });
        }
        story.disbursements.push(disbursementRow(random, input, story, 'break', settlement));
        return true;
      }
      const rejection = random.pick(BREAK_REJECT_REASONS);
      story.send({ type: 'deposit.rejectBreak', reason: rejection, actor: supervisor(random, input), today: decisionOn }, { reason: rejection });
    }
  }
  const maturity = story.context.maturityDate;
  if (!isOnOrBefore(maturity, today)) return false;
  settleInstallmentsUpTo(random, input, story, maturity);
  if (story.context.instruction === 'PAYOUT') {
    story.send({ type: 'deposit.mature', actor: SYSTEM, today: maturity });
    return true;
  }
  // ARO+ capitalises the ending period's unpaid net interest (taxed now, with this deposit's own
  // principal as the customer's active total, so principal and installment agree).
  const rolled = story.context.instruction === 'ARO_PLUS' ? story.currentInstallments().filter((item) => item.period_end === maturity && item.status !== 'paid') : [];
  for (const item of rolled) {
    const taxed = taxInterest(item.gross_interest, { customerActivePrincipal: story.context.amount, settings: input.tax });
    Object.assign(item, { tax: taxed.tax, net_interest: taxed.net });
    story.taxFixed.add(item.id);
  }
  const rateBps = offeredTenor(product.rules, story.context.tenorMonths, maturity)!.rateBps;
  const netInterest = rolled.reduce((sum, item) => sum + item.net_interest, 0);
  story.send({ type: 'deposit.rollover', rateBps, netInterest, actor: SYSTEM, today: maturity }, { rateBps, netInterest });
  for (const item of rolled) Object.assign(item, { status: 'paid', paid_at: maturity, paid_by: 'SYSTEM', reference: ARO_PLUS_REFERENCE, updated_at: story.updatedAt });
  story.startPeriod('rollover', story.updatedAt);
  story.aroLetters.push(newAroLetterRow({ id: story.depositId, bank_id: input.bankId, customer_id: story.customerId }, story.context.periodNumber, maturity, story.updatedAt, random.id()));
  return true;
}


/**
 * Interest whose pay date is before `day`: fallen due (the daily job) and,
 * for all but the latest weeks, marked paid by a supervisor a few days later in a monthly batch.
 */
function settleInstallmentsUpTo(random: Random, input: DemoBankInput, story: DepositStory, day: IsoDate): void {
  for (const item of story.installments) {
    if (item.status !== 'scheduled' || !isBefore(item.pay_date, day) || !isOnOrBefore(item.pay_date, input.today)) continue;
    item.status = 'due';
    item.updated_at = wibTimestamp(item.pay_date, 0, 5);
    const paidOn = workingDayOnOrAfter(addDays(item.pay_date, random.int(0, 3)), input.holidays);
    if (isOnOrBefore(paidOn, input.today) && daysBetween(paidOn, input.today) > 2 && random.chance(0.97)) {
      item.status = 'paid';
      item.paid_at = paidOn;
      item.paid_by = random.pick(input.supervisorIds);
      item.reference = `BNG${paidOn.replace(/-/g, '')}${String(random.int(1000, 9999))}`;
      item.updated_at = wibTimestamp(paidOn, random.int(9, 16), random.int(0, 59));
    }
  }
}

function disbursementRow(
  random: Random,
  input: DemoBankInput,
  story: DepositStory,
  kind: 'break' | 'maturity',
  settlement: { principal: number; accruedInterest: number; tax: number; penalty: number; payout: number } | null,
): DemoDisbursementRow {
  const principal = settlement?.principal ?? story.context.amount;
  const figures = { principal, interest: settlement?.accruedInterest ?? 0, tax: settlement?.tax ?? 0, penalty: settlement?.penalty ?? 0, amount: settlement?.payout ?? principal };
  return pendingPayoutRow({ id: story.depositId, bankId: input.bankId }, kind, figures, story.updatedAt, random.id());
}

/**
 * Tax on each installment (DOMAIN.md "Tax"): withheld when the customer's total active principal
 * at this BPR is above the threshold. A posted installment (due, paid) is taxed on its pay date,
 * as the daily job does (server/interest/posting-tax-service.ts); one still scheduled keeps the estimate made
 * when its period started, as the transition service writes a schedule. The total is the other
 * deposits running that day plus the paying deposit's own period principal.
 */
function applyTax(input: DemoBankInput, stories: readonly DepositStory[]): void {
  const byCustomer = new Map<string, DepositStory[]>();
  for (const story of stories) byCustomer.set(story.customerId, [...(byCustomer.get(story.customerId) ?? []), story]);
  for (const story of stories) {
    const others = (byCustomer.get(story.customerId) ?? []).filter((other) => other !== story).flatMap((other) => other.activity);
    for (const item of story.installments) {
      if (story.taxFixed.has(item.id)) continue;
      const period = story.periods.find((candidate) => candidate.period_number === item.period_number);
      const posted = item.status === 'due' || item.status === 'paid';
      const day = posted ? item.pay_date : (period?.period_start ?? item.period_start);
      const running = others.filter((entry) => isOnOrBefore(entry.from, day) && (entry.to === null || isBefore(day, entry.to))).reduce((sum, entry) => sum + entry.amount, 0);
      const total = running + (period?.amount ?? 0);
      const taxed = taxInterest(item.gross_interest, { customerActivePrincipal: total, settings: input.tax });
      item.tax = taxed.tax;
      item.net_interest = taxed.net;
    }
  }
}

/**
 * The documents' journeys of every deposit, after the lifecycles: each deposit's tracks are played
 * on its timeline, a few steered into the showcases; the deposit takes the track columns, a new
 * version per step (as applyTrackChange gives) and the steps on its timeline.
 */
function playTracks(input: DemoBankInput, stories: readonly DepositStory[], rows: DemoRows): void {
  const bank: TrackBank = {
    bankId: input.bankId,
    bankName: input.bankName ?? 'BPR Demo',
    bankAddress: input.bankAddress ?? 'Jl. Merdeka No. 1, Bandung, Jawa Barat',
    seed: input.seed,
    today: input.today,
    now: Date.parse(input.now ?? wibTimestamp(input.today, 12, 0)),
    publicUrl: input.publicUrl ?? 'http://localhost:3000',
    operatorId: input.operatorId,
    supervisorIds: input.supervisorIds,
    contact: input.bankContact?.name ?? 'Petugas Bank',
    phone: input.bankContact?.phone ?? '0224201234',
    files: Object.fromEntries(rows.tracks.files.map((file) => [file.kind, file.id])) as TrackBank['files'],
  };
  const customers = new Map(rows.customers.map((customer) => [customer.id, customer]));
  const deposits = new Map(rows.deposits.map((deposit) => [deposit.id, deposit]));
  const facts: DepositTrackFacts[] = stories.map((story) => ({
    depositId: story.depositId,
    depositNumber: deposits.get(story.depositId)!.deposit_number,
    customer: customers.get(story.customerId)!,
    status: story.status,
    audit: story.audit,
    random: story.tracks,
    hasBilyet: story.hasBilyet,
    paidWithBilyet: story.paidWithBilyet,
  }));
  const showcases = chooseShowcases(bank, facts, seededRandom(input.seed ^ 0x5ca5e));
  for (const fact of facts) {
    const tracks = playDepositTracks(bank, fact, showcases.get(fact.depositId), rows.tracks);
    const deposit = deposits.get(fact.depositId)!;
    Object.assign(deposit, tracks.columns, { version: deposit.version + tracks.changes });
    if (tracks.lastAt !== null && tracks.lastAt > deposit.updated_at) deposit.updated_at = tracks.lastAt;
    rows.audit.push(...tracks.audit);
  }
}

/** Every row of one bank's demo deposits. */
export function planDemoDeposits(input: DemoBankInput): DemoRows {
  const random = seededRandom(input.seed);
  const start = addMonths(input.today, -input.months);
  const span = daysBetween(start, input.today);
  const customers = Array.from({ length: input.customerCount }, (_, index) => makeCustomer(random, input.bankId, start, index));
  const usable = input.products.filter((product) => product.rules.active && tenorsOn(product.rules, input.today).length > 0);
  if (usable.length === 0) throw new Error('demo deposits need at least one active product with tenors');

  const fileRandom = seededRandom(input.seed ^ 0x0f11e5);
  const files = DEMO_FILE_KINDS.map((kind) => ({ id: fileRandom.id(), kind }));
  const rows: DemoRows = { customers, deposits: [], periods: [], installments: [], disbursements: [], changeRequests: [], audit: [], aroLetters: [], tracks: emptyTrackRows(files) };
  const stories: DepositStory[] = [];
  const sequenceByMonth = new Map<string, number>();
  // Placements spread over the months, a little denser lately (the bank grows), and the last days
  // always have some so pending and approved deposits exist.
  const placements = Array.from({ length: input.depositCount }, (_, index) =>
    index < Math.ceil(input.depositCount * 0.02) ? addDays(input.today, -random.int(0, 2)) : addDays(start, Math.floor(span * Math.sqrt(random.next()))),
  ).sort();
  // Showcases: two of each waiting state that plain chance may miss on a given day.
  const shortest = Math.min(...usable.flatMap((product) => tenorsOn(product.rules, input.today).map((tenor) => tenor.tenorMonths)));
  const showcases: Array<{ showcase: Showcase; placement: IsoDate }> = (['approved', 'breakRequested', 'matured', 'disbursing'] as const).flatMap((showcase) =>
    [0, 1].map(() => ({
      showcase,
      placement:
        showcase === 'approved'
          ? addDays(input.today, -1)
          : showcase === 'breakRequested'
            ? addDays(input.today, -random.int(5, 15))
            : addDays(addMonths(input.today, -shortest), -random.int(0, 3)),
    })),
  );
  const storyPlans = [...placements.slice(showcases.length).map((placement) => ({ placement, showcase: undefined as Showcase | undefined })), ...showcases].sort((a, b) =>
    a.placement < b.placement ? -1 : a.placement > b.placement ? 1 : 0,
  );
  for (const { placement, showcase } of storyPlans) {
    const payoutCase = showcase === 'matured' || showcase === 'disbursing';
    // Matured/disbursing showcases need a non-ARO deposit of the shortest tenor placed that long ago.
    const candidates = payoutCase
      ? usable.filter((product) => product.instructionsAllowed.includes('PAYOUT') && tenorsOn(product.rules, input.today).some((tenor) => tenor.tenorMonths === shortest))
      : usable;
    const product = random.pick(candidates.length > 0 ? candidates : usable);
    const tenorMonths = payoutCase && candidates.length > 0 ? shortest : random.pick(tenorsOn(product.rules, placement)).tenorMonths;
    const instruction = payoutCase ? 'PAYOUT' : random.pick(product.instructionsAllowed);
    const month = placement.slice(2, 7).replace('-', '');
    const sequence = (sequenceByMonth.get(month) ?? 0) + 1;
    sequenceByMonth.set(month, sequence);
    const valueDate = showcase === 'approved' ? addDays(input.today, random.int(3, 7)) : showcase || random.chance(0.75) ? placement : addDays(placement, random.int(1, 10));
    const { story, row, changeRequests } = playStory(random, input, {
      placement,
      valueDate,
      customer: customers[Math.floor(random.next() * customers.length)]!,
      product,
      amount: amountFor(random, product.rules),
      tenorMonths,
      instruction,
      channel: random.pick(CHANNELS),
      number: `DEP-${input.code}-${month}-${String(sequence).padStart(4, '0')}`,
      ...(showcase ? { showcase } : {}),
    });
    stories.push(story);
    rows.deposits.push(row);
    rows.changeRequests.push(...changeRequests);
  }
  applyTax(input, stories);
  for (const story of stories) {
    rows.periods.push(...story.periods);
    rows.installments.push(...story.installments);
    rows.disbursements.push(...story.disbursements);
    rows.audit.push(...story.audit);
    rows.aroLetters.push(...story.aroLetters);
  }
  playTracks(input, stories, rows);
  return rows;
}
