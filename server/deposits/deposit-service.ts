import type { Kysely } from 'kysely';
import {
  approveDepositsRequestSchema,
  breakPreviewQuerySchema,
  channelingQuerySchema,
  depositFiltersSchema,
  depositListQuerySchema,
  processListQuerySchema,
  type BulkApproval,
  type DepositActions,
  type DepositDetail,
  type DepositSortField,
  type DepositSummary,
} from '../../contract/deposit-api';
import type { DepositEventRequest, DepositStatus } from '../../contract/deposit';
import { allowedEvents, blockedEvents, previewBreakFor, restoreDeposit, type Actor, type DepositSnapshot } from '../../machines/deposit';
import { addDays, channelLabel, DepositRuleError, isIsoDate, type IsoDate } from '../../machines/deposit-rules';
import { documentWorkStepById, documentWorkSteps, type DocumentWorkStep } from '../../machines/document-work';
import { listAudit } from './audit-repository';
import { findCustomer } from './customer-repository';
import { attachAroLetterFile, listAroLettersOfCustomer, listAroLettersWithoutFile } from './aro-letter-repository';
import { maturitiesByMonthQuery, placedAmount, placementsByMonthQuery, tally } from './deposit-months-repository';
import {
  activePrincipalOfCustomers,
  countDepositsByStatus,
  customerPrincipal,
  depositNumbersOf,
  HELD_STATUSES,
  listDeposits,
  listMaturing,
  listPeriods,
  listOpenDocuments,
  countDocumentWork,
  findDeposits,
  placementsByChannel,
  depositSearchCondition as searchCondition,
  TAX_ACTIVE_STATUSES,
  type DepositFilters,
} from './deposit-repository';
import { payoutsOfDeposit } from '../disbursements/payout-service';
import { getDepositSettings, listProducts, productNamesOf, type DepositSettings } from '../products/product-service';
import type { AroLetterRow, CustomerRow, Database, DepositRow } from '../platform/db/schema';
import type { ExportSource } from '../platform/xlsx/keyset';
import type { Clock } from '../platform/clock';
import { contextFromRow, currentPeriodInstallments, loadDeposit, ofEarlierPeriod, taxContextFor, unpaidFigures } from './deposit-state';
import { businessToday, type DepositTransitions, type TransitionRequest } from './transition-service';
import { toDepositDetail, toDepositSummary, type DepositTracks } from './deposit-views';
import { ServiceError, ValidationError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { pageOf, type Page } from '../platform/paging';
import type { StaffActor } from '../platform/actor';
import { outboxMessagesOf } from '../platform/outbox/outbox-repository';

/**
 * What the tax threshold is tested on when interest is posted (DOMAIN.md "Tax"), for each subject:
 * the principal its customer holds at this BPR in deposits that count (active, and breakRequested
 * until the break is approved), its own deposit counted with its principal whatever its status now
 * — the interest being posted was earned on it. One grouped read for all the subjects.
 */
export async function taxThresholdPrincipals(db: Kysely<Database>, subjects: ReadonlyArray<{ customerId: string; depositStatus: string; depositAmount: number }>): Promise<number[]> {
  const totals = await activePrincipalOfCustomers(
    db,
    subjects.map((subject) => subject.customerId),
  );
  const counted = new Set<string>(TAX_ACTIVE_STATUSES);
  return subjects.map((subject) => (totals.get(subject.customerId) ?? 0) + (counted.has(subject.depositStatus) ? 0 : subject.depositAmount));
}

/**
 * The deposit list's search `q` as a condition on a deposits table joined as `options.table`, so
 * other areas' lists of deposits' rows (Bunga Bulanan, Pencairan, their files) find what the
 * deposit list finds; null when `q` is blank (every deposit). `searchIndex`: SQLite may narrow
 * through the trigram table (a query run once per request).
 */
export function depositSearchCondition(db: Kysely<Database>, q: string | undefined, options: { table: string; searchIndex: boolean }) {
  return searchCondition(db, q, options);
}

/**
 * A month's placements and maturities as Beranda's chart counts them (GET /bpr/deposit-months,
 * the same queries), read off-thread for the reports: they scan a million rows, and the server's
 * own connection keeps its page cache for the requests.
 */
export async function monthTallies({ db, reads }: ExportSource, bankId: string, period: string) {
  const [placed, matured] = await Promise.all([reads.rows(placementsByMonthQuery(db, bankId, period, period)), reads.rows(maturitiesByMonthQuery(db, bankId, period, period))]);
  const zero = { count: 0, amount: 0 };
  return { placements: tally(placed)[0] ?? zero, maturities: tally(matured)[0] ?? zero };
}

/**
 * The principal a deposit was placed with — its first period's, whatever ARO+ added since — as an
 * expression over a deposits table joined as `table`, for the reports' lists and sums of placements.
 */
export function placedPrincipalOf(table: string) {
  return placedAmount(table);
}

function checkDateRange(from: string | undefined, to: string | undefined): void {
  const problems: string[] = [];
  if (from && !isIsoDate(from)) problems.push('Tanggal awal tidak valid.');
  if (to && !isIsoDate(to)) problems.push('Tanggal akhir tidak valid.');
  if (problems.length === 0 && from && to && from > to) problems.push('Tanggal awal tidak boleh setelah tanggal akhir.');
  if (problems.length > 0) throw new ValidationError(problems);
}

/** The deposit machine's answer for this actor today: both halves come from the same checks. */
function actionsFor(snapshot: DepositSnapshot, actor: Actor, today: IsoDate): DepositActions {
  return { allowedEvents: allowedEvents(snapshot, actor, today), blockedEvents: blockedEvents(snapshot, actor, today) };
}

/** The documents and courier areas' part of a deposit's detail; nothing when they are not wired (tests of this area alone). */
export type DepositTracksReader = (actor: StaffActor, row: DepositRow, today: string) => Promise<DepositTracks>;
const NO_TRACKS: DepositTracksReader = async () => ({
  bilyet: {
    verificationCode: null,
    printedNumber: null,
    documents: [],
    allowedEvents: [],
    issuedOn: null,
    courier: null,
    awb: null,
    shippedOn: null,
    receivedAt: null,
    receivedBy: null,
    handedOverAtCounter: false,
    returnedAt: null,
    lostOn: null,
    lostReason: null,
  },
  shipments: [],
  holds: [],
});

export function createDepositService(deps: { db: Kysely<Database>; clock: Clock; transitions: DepositTransitions; tracks?: () => DepositTracksReader }) {
  const { db, clock, transitions } = deps;

  /** `known`: the page's product names and the bank's settings when the caller already has them. */
  async function summaries(bankId: string, rows: DepositRow[], known?: { names: Map<string, string>; settings: DepositSettings }): Promise<DepositSummary[]> {
    if (rows.length === 0) return [];
    const [names, settings] = known ? [known.names, known.settings] : await Promise.all([productNamesOf(db, bankId), getDepositSettings(db, bankId)]);
    return rows.map((row) => toDepositSummary(row, names.get(row.product_id) ?? '', settings));
  }

  function filtersOf(actor: StaffActor, query: { q?: string | undefined; productId?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined }): DepositFilters {
    checkDateRange(query.dateFrom, query.dateTo);
    return { bankId: actor.bankId, q: query.q, productId: query.productId, dateFrom: query.dateFrom, dateTo: query.dateTo };
  }

  async function detail(actor: StaffActor, depositId: string): Promise<DepositDetail> {
    const today = businessToday(clock);
    const loaded = await loadDeposit(db, actor.bankId, depositId);
    const { row } = loaded;
    const [customer, total, periods, disbursements, timeline, tracks, notifications] = await Promise.all([
      findCustomer(db, actor.bankId, row.customer_id),
      customerPrincipal(db, row.customer_id, HELD_STATUSES),
      listPeriods(db, row.id),
      payoutsOfDeposit(db, row.id),
      listAudit(db, row.id),
      (deps.tracks?.() ?? NO_TRACKS)(actor, row, today),
      row.partner_reference_no ? outboxMessagesOf(db, row.id) : Promise.resolve([]),
    ]);
    if (!customer) throw new Error(`deposit ${row.id} refers to a missing customer`);
    return toDepositDetail({
      row,
      customer,
      product: loaded.product,
      settings: loaded.settings,
      customerTotalPrincipal: total,
      periods,
      installments: loaded.installments,
      disbursements,
      timeline,
      notifications,
      actions: actionsFor(loaded.snapshot, { id: actor.userId, role: actor.role }, today),
      today,
      tracks,
    });
  }

  return {
    /** GET /invoice/all-deposito */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Page<DepositSummary>> {
      const parsed = parseOrThrow(depositListQuerySchema, query);
      const filters = { ...filtersOf(actor, parsed), status: parsed.status as DepositStatus | undefined };
      const descending = parsed.sort.startsWith('-');
      const field = (descending ? parsed.sort.slice(1) : parsed.sort) as DepositSortField;
      // The page carries its products' names; the settings (LPS flags) are read beside it.
      const [{ rows, total }, settings] = await Promise.all([
        listDeposits(db, filters, { field, direction: descending ? 'desc' : 'asc' }, parsed.page, parsed.limit),
        getDepositSettings(db, actor.bankId),
      ]);
      const names = new Map(rows.map((row) => [row.product_id, row.product_name ?? '']));
      return pageOf(await summaries(actor.bankId, rows, { names, settings }), parsed.page, parsed.limit, total);
    },

    /** GET /invoice/list-count-all-deposito */
    async countByStatus(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(depositFiltersSchema, query);
      const counts = await countDepositsByStatus(db, filtersOf(actor, parsed));
      return { counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) };
    },

    /**
     * GET /invoice/count-summary-document: Beranda's document work, counted by the Proses Dokumen
     * steps' own rule (machines/document-work.ts) — each figure is the number of rows the tab it
     * opens lists. "Not received" is both shipped steps: with JNE (transit) and by a typed resi (receive).
     */
    async documentSummary(actor: StaffActor) {
      const steps = await countDocumentWork(db, actor.bankId, documentWorkSteps);
      return { bilyetNotIssued: steps.upload, bilyetNotShipped: steps.ship, bilyetNotReceived: steps.transit + steps.receive, signaturesPending: steps.sign };
    },

    /**
     * GET /invoice/deposito/break: what the break would pay on `date` (default today) — the same
     * previewBreakFor the approval fixes. For a deposit already in breakRequested, the figures of
     * its requested break date (what the supervisor is about to approve).
     */
    async breakPreview(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(breakPreviewQuerySchema, query);
      const loaded = await loadDeposit(db, actor.bankId, parsed.depositId);
      const { row, context } = loaded;
      if (row.status !== 'active' && row.status !== 'breakRequested') {
        throw new ServiceError('conflict', 'Pratinjau pencairan awal hanya untuk deposito berstatus Aktif atau Pengajuan Pencairan Awal.');
      }
      const breakDate = row.status === 'breakRequested' && context.breakRequest ? context.breakRequest.breakDate : (parsed.date ?? businessToday(clock));
      if (!isIsoDate(breakDate)) throw new ValidationError(['Tanggal pencairan tidak valid.']);
      try {
        const preview = previewBreakFor(context, {
          breakDate,
          installments: currentPeriodInstallments(loaded),
          tax: await taxContextFor(db, row, context.amount, loaded.settings),
          earlierInstallments: await unpaidFigures(db, loaded, context, ofEarlierPeriod(loaded)),
        });
        return { depositId: row.id, breakDate, periodStart: context.periodStart, maturityDate: context.maturityDate, ...preview };
      } catch (error) {
        if (error instanceof DepositRuleError) throw new ServiceError('invalid', error.message);
        throw error;
      }
    },

    detail,

    /**
     * The actions of several deposits of the actor's bank for lists that act on them (Pencairan):
     * the same machine answer as each one's detail, read with one query per table instead of a
     * detail per row. Ids of another bank are absent from the map.
     */
    async actionsOf(actor: StaffActor, depositIds: readonly string[]): Promise<Map<string, DepositActions>> {
      const rows = await findDeposits(db, actor.bankId, depositIds);
      if (rows.length === 0) return new Map();
      const [products, settings] = await Promise.all([listProducts(db, actor.bankId), getDepositSettings(db, actor.bankId)]);
      const byId = new Map(products.map((product) => [product.id, product]));
      const today = businessToday(clock);
      const who = { id: actor.userId, role: actor.role };
      return new Map(
        rows.map((row) => {
          const product = byId.get(row.product_id);
          if (!product) throw new Error(`deposit ${row.id} refers to a missing product ${row.product_id}`);
          return [row.id, actionsFor(restoreDeposit(row.status, contextFromRow(row, product, settings)), who, today)];
        }),
      );
    },

    /** Any staff lifecycle event; answers the deposit as it now stands. */
    async act(actor: StaffActor, depositId: string, request: DepositEventRequest | TransitionRequest, expectedVersion?: number): Promise<DepositDetail> {
      await transitions.apply({ bankId: actor.bankId, depositId, actor: { id: actor.userId, role: actor.role }, request, expectedVersion });
      return detail(actor, depositId);
    },

    /**
     * POST /deposito/approve-deposito with `depositIds`: each deposit approved on its own, as one
     * approval would be (its own transaction: a refusal undoes only its own), and each answered —
     * approved with its new status, or the machine's reason why not. Nothing is refused for the
     * others' sake.
     */
    async approveMany(actor: StaffActor, body: Record<string, unknown>): Promise<BulkApproval> {
      const ids = [...new Set(parseOrThrow(approveDepositsRequestSchema, body).depositIds)];
      const numbers = await depositNumbersOf(db, actor.bankId, ids);
      const results: BulkApproval['results'] = [];
      for (const depositId of ids) {
        const depositNumber = numbers.get(depositId) ?? null;
        if (depositNumber === null) {
          results.push({ depositId, depositNumber, approved: false, status: null, message: 'Deposito tidak ditemukan.' });
          continue;
        }
        try {
          const { status } = await transitions.apply({ bankId: actor.bankId, depositId, actor: { id: actor.userId, role: actor.role }, request: { type: 'deposit.approve' } });
          results.push({ depositId, depositNumber, approved: true, status, message: null });
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          results.push({ depositId, depositNumber, approved: false, status: null, message: error.message });
        }
      }
      const approved = results.filter((result) => result.approved).length;
      return { approved, refused: results.length - approved, results };
    },

    /** GET /bpr/count-unprocessed-deposito */
    async unprocessedCounts(actor: StaffActor) {
      const counts = await countDepositsByStatus(db, { bankId: actor.bankId });
      // The Proses Dokumen "Cetak & unggah bilyet" tab's rule, so the figure is the tab's row count.
      const { upload: bilyetToIssue } = await countDocumentWork(db, actor.bankId, [documentWorkStepById.upload]);
      const result = {
        pending: counts.pending,
        breakRequested: counts.breakRequested,
        matured: counts.matured,
        disbursing: counts.disbursing,
        bilyetToIssue,
      };
      return { ...result, total: result.pending + result.breakRequested + result.matured + result.disbursing };
    },

    /** GET /bpr/list-proses-deposito: deposits whose bilyet, signature or shipment is still open. */
    async processList(actor: StaffActor, query: Record<string, unknown>): Promise<Page<DepositSummary> & { counts: Record<DocumentWorkStep, number> }> {
      const { step, page, limit } = parseOrThrow(processListQuerySchema, query);
      const filters = step ? [documentWorkStepById[step]] : documentWorkSteps;
      const [{ rows, total }, counts] = await Promise.all([listOpenDocuments(db, actor.bankId, filters, page, limit), countDocumentWork(db, actor.bankId, documentWorkSteps)]);
      return { ...pageOf(await summaries(actor.bankId, rows), page, limit, total), counts };
    },

    /** GET /bpr/deposito-channeling: placements of a month per channel partner. */
    async channeling(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(channelingQuerySchema, query);
      const period = parsed.period ?? businessToday(clock).slice(0, 7);
      const rows = await placementsByChannel(db, actor.bankId, { from: `${period}-01`, to: `${period}-31` });
      // Direct placements first, then partners by name (the dialects disagree on where NULL sorts).
      const channels = rows.map((row) => ({ ...row, label: channelLabel(row.channel) }));
      channels.sort((a, b) => (a.channel === null ? -1 : b.channel === null ? 1 : a.channel.localeCompare(b.channel)));
      return { period, channels };
    },

    /** GET /deposito/due-information: running deposits maturing from today to today + days. */
    async dueInformation(actor: StaffActor, days: number, page: number, limit: number): Promise<Page<DepositSummary> & { from: IsoDate; to: IsoDate }> {
      const from = businessToday(clock);
      const to = addDays(from, days);
      const { rows, total } = await listMaturing(db, actor.bankId, { from, to }, ['active', 'breakRequested', 'matured'], page, limit);
      return { ...pageOf(await summaries(actor.bankId, rows), page, limit, total), from, to };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;

/** For other areas (documents, signature, courier): a customer of this bank, or undefined (another bank's is absent). */
export function findCustomerOfBank(db: Kysely<Database>, bankId: string, customerId: string): Promise<CustomerRow | undefined> {
  return findCustomer(db, bankId, customerId);
}

/**
 * The surat ARO a rollover records (one per deposit and period), as the documents area draws and
 * lists them: a customer's, newest first; those whose PDF is not drawn yet, oldest first, in a
 * scope (recent rollovers, or one customer of a bank); and the drawn file attached to one.
 */
export function aroLettersOfCustomer(db: Kysely<Database>, bankId: string, customerId: string): Promise<AroLetterRow[]> {
  return listAroLettersOfCustomer(db, bankId, customerId);
}

export type AroLetterScope = NonNullable<Parameters<typeof listAroLettersWithoutFile>[2]>;

export function aroLettersToDraw(db: Kysely<Database>, limit: number, scope: AroLetterScope = {}): Promise<AroLetterRow[]> {
  return listAroLettersWithoutFile(db, limit, scope);
}

/** False when another instance attached its own drawing first (the letter keeps that one). */
export function attachDrawnAroLetter(db: Kysely<Database>, letterId: string, fileId: string): Promise<boolean> {
  return attachAroLetterFile(db, letterId, fileId);
}
