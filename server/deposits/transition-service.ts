import { newRowId } from '../platform/row-id';
import { notifyPartner, notifyPartnerOfBilyet, notifyPartnerOfSteps, type PartnerEvent } from '../partner/partner-notification-service';
import type { Kysely } from 'kysely';
import type { DepositEventRequest, DepositStatus } from '../../contract/deposit';
import { decide, previewBreakFor, scheduleFor, type Actor, type DepositContext, type DepositEvent, type Refusal } from '../../machines/deposit';
import { DepositRuleError, maturityPayout, offeredTenor, type IsoDate } from '../../machines/deposit-rules';
import { jakartaDate, requestBusinessDate } from '../platform/business-date';
import { insertAudit } from './audit-repository';
import { openPayout, settlePayout } from '../disbursements/payout-service';
import { findDeposit, findDepositById, insertPeriod, mergeStatusCountMoves, saveDeposit, statusCountsHeldBack, updatePeriod, writeStatusCounts, type StatusCountMoves } from './deposit-repository';
import { cancelOpenInstallments, postInstallmentsForPayout, rescheduleInstallments, scheduleInstallments, settleInstallmentsWithPayout } from '../interest/installment-service';
import { insertAroLetter } from './aro-letter-repository';
import type { AroLetterRow, Database, DepositRow, DepositUpdate, InstallmentRow } from '../platform/db/schema';
import { newPeriodRow } from './deposit-placement';
import type { Clock } from '../platform/clock';
import { cachedReferenceReads, currentPeriodInstallments, findLoadedDeposit, freshReferenceReads, loadDeposit, ofEarlierPeriod, rowChanges, STALE_DEPOSIT, taxContextFor, unpaidFigures, type LoadedDeposit, type ReferenceReads, type UnpaidFigures } from './deposit-state';
import { ServiceError, type FailureKind } from '../platform/errors';

/**
 * Every lifecycle transition, for staff (routes) and the daily job alike.
 *
 * One transition = one database transaction: load the deposit (of the caller's bank), rebuild the
 * machine snapshot, ask `decide` (machines/deposit.ts — the only place the rules live), write the
 * new state with a compare-and-set on `version`, then the effect rows (periods, installments,
 * disbursements, ARO letters) and the audit row. Two staff acting at once: on SQLite the
 * transactions run one after the other, so the second sees the new state and is refused; on
 * PostgreSQL both may read the same version, but the second UPDATE waits for the first's row lock
 * and then matches no row — it answers 409 "Data telah berubah, muat ulang." and rolls back.
 */

/** Events only the daily job sends (staff cannot: the machine refuses them for any staff role). */
export type SystemEventRequest =
  | { type: 'deposit.activate' }
  /** `reason`: why an ARO deposit matures instead of rolling over (shown on the timeline). */
  | { type: 'deposit.mature'; reason?: string }
  /** Rate in force today for the tenor and the ending period's net interest; computed when omitted. */
  | { type: 'deposit.rollover'; rateBps?: number; netInterest?: number };

/** Events only a channel partner sends, through its API (server/partner). */
export type PartnerEventRequest = { type: 'deposit.withdraw'; reason: string };

export type TransitionRequest = DepositEventRequest | SystemEventRequest | PartnerEventRequest;

export const SYSTEM_ACTOR: Actor = { id: 'SYSTEM', role: 'SYSTEM' };

interface TransitionInput {
  /** The caller's bank; null only for the daily job, which works across banks. */
  bankId: string | null;
  depositId: string;
  actor: Actor;
  request: TransitionRequest;
  /** The version the client read; a different stored version answers 409. */
  expectedVersion?: number | undefined;
  /** The business date the event happens on; the clock's Jakarta date when omitted (the daily job passes the date it runs for). */
  today?: IsoDate | undefined;
  /** Extra writes in the same transaction before the state changes (e.g. the proof file's row). */
  beforeWrite?: (trx: Kysely<Database>) => Promise<void>;
  /**
   * The deposit as `load` read it earlier in this same transaction, so it is not read twice (the
   * daily job reads it to choose between rollover and maturity).
   */
  loaded?: LoadedDeposit;
}

interface TransitionResult {
  depositId: string;
  from: DepositStatus;
  status: DepositStatus;
  version: number;
}

const KIND_OF: Record<Refusal['category'], FailureKind> = { forbidden: 'forbidden', conflict: 'conflict', invalid: 'invalid' };

export function refusalError(refusal: Refusal): ServiceError {
  return new ServiceError(KIND_OF[refusal.category], refusal.message);
}

/** Business "today": the injected clock's date in Asia/Jakarta. */
export function businessToday(clock: Clock): IsoDate {
  return jakartaDate(clock.now());
}

function payloadOf(request: TransitionRequest): Record<string, unknown> {
  const { type: _type, ...payload } = request as Record<string, unknown> & { type: string };
  return payload;
}

/**
 * The context's current period's schedule (machines' scheduleFor), written by the interest area
 * (`write`: scheduleInstallments, or rescheduleInstallments after a value date moved), taxed with
 * the customer's standing today.
 */
async function writeSchedule(trx: Kysely<Database>, loaded: LoadedDeposit, context: DepositContext, now: string, write = scheduleInstallments): Promise<void> {
  const tax = await taxContextFor(trx, loaded.row, context.amount, loaded.settings);
  const period = { bankId: loaded.row.bank_id, depositId: loaded.row.id, periodNumber: context.periodNumber };
  await write(trx, period, scheduleFor(context, loaded.settings.holidays), tax, now);
}

export type { LoadedDeposit } from './deposit-state';

/**
 * The deposits' status counters over a group of transitions (the daily job's grouped writes,
 * deposit-repository.ts statusCountsHeldBack): each deposit's counter moves are held back while
 * its work runs and kept only when it succeeds; the group's are written once, just before its
 * commit, instead of two statements per deposit that changes status.
 */
interface GroupedStatusCounts {
  /** Runs one deposit's work with its counter moves held back; they join the group's when it succeeds. */
  hold<T>(work: () => Promise<T>): Promise<T>;
  /** Writes the group's moves in its transaction (before the commit) and starts the next group with none. */
  write(trx: Kysely<Database>): Promise<void>;
  /** Drops the group's moves (it was rolled back). */
  drop(): void;
}

export function groupedStatusCounts(): GroupedStatusCounts {
  let kept: StatusCountMoves = new Map();
  return {
    async hold(work) {
      const moves: StatusCountMoves = new Map();
      const value = await statusCountsHeldBack(moves, work);
      mergeStatusCountMoves(kept, moves);
      return value;
    },
    async write(trx) {
      const moves = kept;
      kept = new Map();
      await writeStatusCounts(trx, moves);
    },
    drop() {
      kept = new Map();
    },
  };
}

const PAYOUT_INTEREST_CHANGED = 'Bunga yang belum dibayar tidak lagi sama dengan yang dihitung saat pencairan diajukan; muat ulang dan periksa pencairan ini.';

/** Who acts, on which business day, at which instant: what the interest area's writes record. */
interface Acting {
  actor: Actor;
  today: IsoDate;
  now: string;
}

/** Posts the scheduled ones among `figures` with those figures, so the payout marks paid what it counted. */
async function postUnposted(trx: Kysely<Database>, loaded: LoadedDeposit, figures: readonly UnpaidFigures[], by: Acting): Promise<void> {
  const rows = new Map(loaded.installments.map((row) => [row.id, row]));
  const postings = figures.filter((item) => !item.posted).map((item) => ({ row: rows.get(item.id)!, tax: item.tax, netInterest: item.netInterest }));
  await postInstallmentsForPayout(trx, postings, by);
}

/** What a maturity payout settles: every unpaid installment, the scheduled ones posted now. */
async function postForPayout(trx: Kysely<Database>, loaded: LoadedDeposit, context: DepositContext, by: Acting): Promise<UnpaidFigures[]> {
  const figures = await unpaidFigures(trx, loaded, context, () => true);
  await postUnposted(trx, loaded, figures, by);
  return figures;
}

/** The payout's installments, now marked paid, add up to what it fixed; else the request is stale. */
function assertSettledAsCounted(settled: readonly InstallmentRow[], expected: { interest: number; tax: number }): void {
  const interest = settled.reduce((sum, item) => sum + Number(item.gross_interest), 0);
  const tax = settled.reduce((sum, item) => sum + Number(item.tax), 0);
  if (interest !== expected.interest || tax !== expected.tax) throw new ServiceError('conflict', PAYOUT_INTEREST_CHANGED);
}

/**
 * `readReferenceOnce`: products and bank settings are read once and kept for these transitions'
 * life (deposit-state.ts cachedReferenceReads) — the daily job's run; staff's requests read them
 * fresh.
 */
export function createDepositTransitions(deps: { db: Kysely<Database>; clock: Clock; readReferenceOnce?: boolean }) {
  const { db, clock } = deps;
  const reference: ReferenceReads = deps.readReferenceOnce ? cachedReferenceReads() : freshReferenceReads;

  /** The machine event for a request: the actor, today, and the figures the server computes. */
  async function buildEvent(trx: Kysely<Database>, loaded: LoadedDeposit, input: TransitionInput, today: IsoDate): Promise<DepositEvent> {
    const base = { ...payloadOf(input.request), type: input.request.type, actor: input.actor, today };
    const { context, row } = loaded;
    if (input.request.type === 'deposit.approveBreak' && row.status === 'breakRequested' && context.breakRequest) {
      try {
        const settlement = previewBreakFor(context, {
          breakDate: context.breakRequest.breakDate,
          installments: currentPeriodInstallments(loaded),
          tax: await taxContextFor(trx, row, context.amount, loaded.settings),
          earlierInstallments: await unpaidFigures(trx, loaded, context, ofEarlierPeriod(loaded)),
        });
        return { ...base, settlement } as DepositEvent;
      } catch (error) {
        if (error instanceof DepositRuleError) throw new ServiceError('invalid', error.message);
        throw error;
      }
    }
    if (input.request.type === 'deposit.rollover') {
      // The new period starts on the old maturity date: the rate in force then, even when the job runs late.
      const rateBps = input.request.rateBps ?? offeredTenor(context.product, context.tenorMonths, context.maturityDate)?.rateBps ?? context.rateBps;
      const netInterest =
        input.request.netInterest ??
        loaded.installments
          .filter((item) => item.period_number === row.period_number && item.status !== 'cancelled')
          .reduce((sum, item) => sum + Number(item.net_interest), 0);
      return { ...base, rateBps, netInterest } as DepositEvent;
    }
    return base as DepositEvent;
  }

  /** Rows besides the deposit's own that the event creates or closes. */
  async function applyEffects(trx: Kysely<Database>, loaded: LoadedDeposit, event: DepositEvent, context: DepositContext, now: string, today: IsoDate): Promise<void> {
    const { row } = loaded;
    const by: Acting = { actor: event.actor, today, now };
    switch (event.type) {
      case 'deposit.approve':
        await writeSchedule(trx, loaded, context, now);
        return;
      case 'deposit.changeDate': {
        await updatePeriod(trx, row.id, context.periodNumber, { period_start: context.periodStart, maturity_date: context.maturityDate });
        // An approved deposit already has its schedule: recompute it from the new value date.
        if (loaded.installments.some((item) => item.period_number === context.periodNumber)) await writeSchedule(trx, loaded, context, now, rescheduleInstallments);
        return;
      }
      case 'deposit.reject':
      case 'deposit.cancel':
      case 'deposit.withdraw':
        await cancelOpenInstallments(trx, row.id, null, by);
        return;
      case 'deposit.rollover':
      case 'deposit.extend':
        await insertPeriod(trx, newPeriodRow(row.id, context, event.type === 'deposit.rollover' ? 'rollover' : 'extension', now));
        await writeSchedule(trx, loaded, context, now);
        if (event.type === 'deposit.rollover') await insertAroLetter(trx, newAroLetterRow(row, context.periodNumber, today, now));
        return;
      case 'deposit.approveBreak': {
        const settlement = context.settlement!;
        const deposit = { id: row.id, bankId: row.bank_id };
        await openPayout(trx, deposit, 'break', { principal: settlement.principal, interest: settlement.accruedInterest, tax: settlement.tax, penalty: settlement.penalty, amount: settlement.payout }, now);
        // The settlement counted the current period's unpaid installments in its accrued interest
        // (paid ones are never clawed back): they end here. Earlier periods' unpaid ones are paid by
        // the payout at their own figures: posted now, marked paid with its transfer.
        await cancelOpenInstallments(trx, row.id, row.period_number, by);
        const earlier = await unpaidFigures(trx, loaded, context, ofEarlierPeriod(loaded));
        if (earlier.reduce((sum, item) => sum + item.grossInterest, 0) !== settlement.earlierInterest || earlier.reduce((sum, item) => sum + item.tax, 0) !== settlement.earlierTax) {
          throw new ServiceError('conflict', PAYOUT_INTEREST_CHANGED);
        }
        await postUnposted(trx, loaded, earlier, by);
        return;
      }
      case 'deposit.requestDisbursement': {
        // README "Pembayaran saat jatuh tempo": the payout pays the principal and every installment
        // not paid yet (the last period's interest) in one transfer. One still scheduled (its pay
        // date moved past the maturity by a holiday) is posted now, taxed as its posting would be,
        // so the figures fixed here are the ones marked paid with the payout.
        const unpaid = await postForPayout(trx, loaded, context, by);
        const payout = maturityPayout(context.amount, unpaid);
        await openPayout(trx, { id: row.id, bankId: row.bank_id }, 'maturity', { principal: payout.principal, interest: payout.interest, tax: payout.tax, penalty: 0, amount: payout.amount }, now);
        return;
      }
      case 'deposit.markPaid': {
        const payment = context.payment!;
        const pending = await settlePayout(trx, row.id, { reference: payment.reference, paidAt: payment.paidAt, paidBy: payment.paidBy, proofFileId: payment.proofFileId, now });
        // The installments the payout counted are paid by its transfer: the deposit closes owing nothing.
        const settled = await settleInstallmentsWithPayout(trx, row.id, { reference: payment.reference, paidAt: payment.paidAt }, by);
        if (pending.kind === 'maturity') {
          assertSettledAsCounted(settled, { interest: Number(pending.interest), tax: Number(pending.tax) });
        } else {
          const settlement = loaded.context.settlement;
          assertSettledAsCounted(settled, { interest: settlement?.earlierInterest ?? 0, tax: settlement?.earlierTax ?? 0 });
        }
        return;
      }
      default:
        return;
    }
  }

  /** Decides and writes one transition inside the caller's transaction `trx`. */
  async function applyIn(trx: Kysely<Database>, input: TransitionInput): Promise<TransitionResult> {
    const today = input.today ?? businessToday(clock);
    const now = clock.now().toISOString();
    {
      const loaded = input.loaded ?? (await loadDeposit(trx, input.bankId, input.depositId, reference));
      if (input.expectedVersion !== undefined && loaded.row.version !== input.expectedVersion) throw new ServiceError('conflict', STALE_DEPOSIT);
      // A stop-ARO after the bank's cut-off time counts as the next day's request (DOMAIN.md: the
      // cut-off decides which business date a late request belongs to): on the last allowed day
      // it comes too late.
      const requestDay = input.request.type === 'deposit.stopAro' && input.today === undefined ? requestBusinessDate(clock.now(), loaded.settings.cutOffTime) : today;
      const event = await buildEvent(trx, loaded, input, requestDay);
      const decision = decide(loaded.snapshot, event);
      if (!decision.ok) throw refusalError(decision.refusal);

      const { status, context } = decision;
      const audits: Array<{ actor: Actor; from: DepositStatus; to: DepositStatus; event: string; payload: Record<string, unknown> }> = [];
      // A value date moved to today or earlier on an approved deposit starts it at once (the
      // machine's changeDate goes on to active): the timeline shows the two steps, the date
      // change and the activation the daily job would have made.
      if (event.type === 'deposit.changeDate' && loaded.row.status === 'approved' && status === 'active') {
        audits.push({ actor: input.actor, from: loaded.row.status, to: loaded.row.status, event: event.type, payload: auditPayload(input.request, context) });
        audits.push({ actor: SYSTEM_ACTOR, from: loaded.row.status, to: status, event: 'deposit.activate', payload: {} });
      } else {
        audits.push({ actor: input.actor, from: loaded.row.status, to: status, event: event.type, payload: auditPayload(input.request, context) });
      }

      await input.beforeWrite?.(trx);
      const changes: DepositUpdate = { ...rowChanges(status, context), updated_at: now };
      if (event.type === 'deposit.reject' || event.type === 'deposit.cancel' || event.type === 'deposit.withdraw') changes.status_reason = event.reason.trim();
      if (!(await saveDeposit(trx, loaded.row, changes))) throw new ServiceError('conflict', STALE_DEPOSIT);
      await applyEffects(trx, loaded, event, context, now, today);
      for (const [index, audit] of audits.entries()) {
        await insertAudit(trx, {
          id: newRowId(),
          bank_id: loaded.row.bank_id,
          deposit_id: loaded.row.id,
          actor_id: audit.actor.id,
          at: now,
          seq: (loaded.row.version + 1) * 10 + index,
          from_status: audit.from,
          to_status: audit.to,
          event: audit.event,
          payload: JSON.stringify(audit.payload),
        });
      }
      await notifyPartnerOfSteps(trx, loaded.row, audits, { status, version: loaded.row.version + 1 }, new Date(now));
      return { depositId: loaded.row.id, from: loaded.row.status, status, version: loaded.row.version + 1 };
    }
  }

  /** Decides and writes one transition in its own transaction (see the module comment); throws ServiceError on refusal. */
  function apply(input: TransitionInput): Promise<TransitionResult> {
    return db.transaction().execute((trx) => applyIn(trx, input));
  }

  /** Any bank's deposit as a transition sees it, inside `trx`; undefined when it does not exist (the daily job). */
  function load(trx: Kysely<Database>, depositId: string): Promise<LoadedDeposit | undefined> {
    return findLoadedDeposit(trx, null, depositId, reference);
  }

  return { apply, applyIn, load };
}

/** The ARO letter of a rollover's new period, issued on the rollover's day (its PDF is drawn later: file_id null). */
export function newAroLetterRow(deposit: Pick<DepositRow, 'id' | 'bank_id' | 'customer_id'>, periodNumber: number, issuedDate: IsoDate, now: string, id: string = newRowId()): AroLetterRow {
  return {
    id,
    bank_id: deposit.bank_id,
    deposit_id: deposit.id,
    customer_id: deposit.customer_id,
    period_number: periodNumber,
    issued_date: issuedDate,
    file_id: null,
    created_at: now,
  };
}

/** What the timeline keeps of an event: its payload and the figures the server fixed. */
function auditPayload(request: TransitionRequest, context: DepositContext): Record<string, unknown> {
  const payload = payloadOf(request);
  delete payload.version;
  switch (request.type) {
    case 'deposit.approveBreak':
      return { ...payload, settlement: context.settlement };
    case 'deposit.rollover':
      return { ...payload, rateBps: context.rateBps, amount: context.amount, periodStart: context.periodStart, maturityDate: context.maturityDate };
    case 'deposit.extend':
      return { ...payload, rateBps: context.rateBps, periodStart: context.periodStart, maturityDate: context.maturityDate };
    case 'deposit.changeDate':
      return { ...payload, maturityDate: context.maturityDate };
    default:
      return payload;
  }
}

export type DepositTransitions = ReturnType<typeof createDepositTransitions>;

/**
 * A record on the deposit's timeline that changes nothing of the deposit (a document filed): no
 * new version, so a form another user has open stays valid.
 */
export async function recordOnTimeline(
  trx: Kysely<Database>,
  deposit: Pick<DepositRow, 'id' | 'bank_id' | 'status' | 'version'>,
  record: { actor: Actor; event: string; payload: Record<string, unknown> },
  now: string,
): Promise<void> {
  await insertAudit(trx, {
    id: newRowId(),
    bank_id: deposit.bank_id,
    deposit_id: deposit.id,
    actor_id: record.actor.id,
    at: now,
    // After the rows of the deposit's current version, before those of its next.
    seq: deposit.version * 10 + 9,
    from_status: deposit.status,
    to_status: deposit.status,
    event: record.event,
    payload: JSON.stringify(record.payload),
  });
}

/** The deposit columns the smaller tracks (bilyet, shipment, signature: DOMAIN.md) own. */
export type TrackColumns = Partial<Pick<DepositUpdate, 'bilyet_status' | 'bilyet_number' | 'shipment_status' | 'signature_status' | 'hold_label' | 'hold_stops_interest'>>;

interface TrackChangeInput {
  /** The caller's bank; null only for the daily job and provider callbacks, which find the deposit by its id. */
  bankId: string | null;
  depositId: string;
  actor: Actor;
  /** The timeline's name for it: 'bilyet.issue', 'shipment.book', 'signature.send', … */
  event: string;
  payload: Record<string, unknown>;
  /** Decides on the deposit as read in this transaction (throwing a ServiceError to refuse) and writes the track's own rows. */
  change: (deposit: DepositRow) => Promise<TrackColumns>;
  /** What the deposit's partner is told besides the bilyet's steps (hold.placed, hold.released). */
  partnerEvents?: readonly PartnerEvent[];
}

/**
 * A step of a smaller track inside the caller's transaction: the deposit (of the caller's bank,
 * else 404) is read, the step decided and written by `change`, the deposit's track columns saved
 * with a new version (so a payout being marked paid at the same moment sees the bilyet as it now
 * is, or answers 409), and the step put on the deposit's timeline. The lifecycle status does not
 * move: the timeline row goes from the status to itself.
 */
export async function applyTrackChange(trx: Kysely<Database>, input: TrackChangeInput, now: string): Promise<DepositRow> {
  const row = input.bankId === null ? await findDepositById(trx, input.depositId) : await findDeposit(trx, input.bankId, input.depositId);
  if (!row) throw new ServiceError('not-found', 'Deposito tidak ditemukan.');
  const columns = await input.change(row);
  if (!(await saveDeposit(trx, row, { ...columns, updated_at: now }))) throw new ServiceError('conflict', STALE_DEPOSIT);
  await insertAudit(trx, {
    id: newRowId(),
    bank_id: row.bank_id,
    deposit_id: row.id,
    actor_id: input.actor.id,
    at: now,
    seq: (row.version + 1) * 10,
    from_status: row.status,
    to_status: row.status,
    event: input.event,
    payload: JSON.stringify(input.payload),
  });
  const changed = { ...row, ...columns, version: row.version + 1, updated_at: now } as DepositRow;
  await notifyPartnerOfBilyet(trx, row, changed, new Date(now));
  if (input.partnerEvents) await notifyPartner(trx, changed, input.partnerEvents, { status: changed.status, version: changed.version }, new Date(now));
  return changed;
}
