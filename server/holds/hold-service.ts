import type { Kysely } from 'kysely';
import { holdListQuerySchema, placeHoldSchema, rejectHoldReleaseSchema, requestHoldReleaseSchema, type Hold } from '../../contract/holds';
import { heldStatuses, depositStatusLabels } from '../../machines/deposit';
import { holdLabel, holdReasonLabels, type Actor, type HoldInForce, type IsoDate } from '../../machines/deposit-rules';
import {
  decideHold,
  holdAllowedEvents,
  holdContext,
  holdPlacementRefusal,
  holdsInForce,
  holdStatusLabels,
  restoreHold,
  type HoldEvent,
} from '../../machines/hold';
import type { StaffActor } from '../platform/actor';
import type { Clock } from '../platform/clock';
import type { Database, DepositRow, HoldRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import type { FileStore } from '../platform/files/file-store';
import { findStoredFile } from '../platform/files/file-repository';
import { checkUpload, storeUploads, type Upload } from '../platform/files/uploads';
import { pageOf } from '../platform/paging';
import { newRowId } from '../platform/row-id';
import { parseFields, parseOrThrow } from '../platform/validation';
import { applyTrackChange, businessToday, refusalError, SYSTEM_ACTOR } from '../deposits/transition-service';
import { actorName } from '../platform/actor';
import { countHoldsByStatus, findHold, findHoldById, findHoldView, holdsInForceOf, insertHold, listHolds, listHoldsEnding, listHoldsOfDeposit, saveHold, type HoldWithDeposit } from './hold-repository';

/**
 * Holds (blokir), DOMAIN.md "Holds (blokir)". The hold's own life is machines/hold.ts; what it
 * does to the deposit is the deposit machine's (`hold` in its context, refusing each frozen event
 * with the hold's name). Every change here is one transaction: the hold's row, the deposit's
 * `hold_label` / `hold_stops_interest` recomputed from the holds still in force (with a new
 * version, so a payout decided at the same moment answers 409), the deposit's timeline (the audit
 * row) and, for a partner's deposit, hold.placed / hold.released in the outbox — without the
 * reason: a legal hold must not be disclosed to the customer's platform (PPATK's anti-tipping-off
 * rule), so the partner hears only that the deposit is held.
 */

const HOLD_NOT_FOUND = 'Blokir tidak ditemukan.';
const STALE_HOLD = 'Data blokir telah berubah, muat ulang.';
const HOLD_LETTER_MAX_BYTES = 5 * 1024 * 1024;

type Db = Kysely<Database>;

function contextOf(row: HoldRow) {
  return holdContext({
    holdId: row.id,
    placedBy: row.placed_by,
    until: row.until,
    releaseRequest:
      row.release_requested_by && row.release_requested_on ? { by: row.release_requested_by, on: row.release_requested_on, reason: row.release_reason ?? '' } : null,
    releasedBy: row.released_by,
    releasedOn: row.released_on,
  });
}

function toHold(row: HoldWithDeposit, actor: Actor, today: IsoDate): Hold {
  const snapshot = restoreHold(row.status, contextOf(row));
  const released = row.status === 'released';
  return {
    id: row.id,
    depositId: row.deposit_id,
    depositNumber: row.deposit_number,
    customerName: row.customer_name,
    bilyetNumber: row.bilyet_number,
    reason: row.reason,
    reasonLabel: holdReasonLabels[row.reason],
    reference: row.reference,
    label: holdLabel(row.reason, row.reference),
    letterDate: row.letter_date,
    until: row.until,
    stopInterestPayout: Number(row.stop_interest_payout) === 1,
    note: row.note,
    letterFileId: row.letter_file_id,
    status: row.status,
    statusLabel: holdStatusLabels[row.status],
    placedBy: { id: row.placed_by, name: actorName(row.placed_by, row.placed_by_name) },
    placedAt: row.placed_at,
    releaseRequest:
      row.release_requested_by && row.release_requested_at
        ? { by: { id: row.release_requested_by, name: actorName(row.release_requested_by, row.release_requested_by_name) }, at: row.release_requested_at, reason: row.release_reason ?? '' }
        : null,
    releasedBy: released && row.released_by ? { id: row.released_by, name: actorName(row.released_by, row.released_by_name) } : null,
    releasedAt: row.released_at,
    allowedEvents: holdAllowedEvents(snapshot, actor, today),
    version: row.version,
  };
}

/** The deposit's columns from the holds still in force (after this transaction's change). */
async function inForceColumns(trx: Db, depositId: string): Promise<{ hold_label: string | null; hold_stops_interest: number }> {
  const rows = await holdsInForceOf(trx, depositId, holdsInForce);
  const inForce: HoldInForce | null = rows.length === 0 ? null : { label: holdLabel(rows[0]!.reason, rows[0]!.reference), stopsInterestPayout: rows.some((row) => Number(row.stop_interest_payout) === 1) };
  return { hold_label: inForce?.label ?? null, hold_stops_interest: inForce?.stopsInterestPayout ? 1 : 0 };
}

const staff = (actor: StaffActor): Actor => ({ id: actor.userId, role: actor.role });

/** One step of a hold's machine and its effect on the deposit, in one transaction. */
async function stepHold(db: Db, clock: Clock, bankId: string | null, holdId: string, event: HoldEvent): Promise<void> {
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = bankId === null ? await findHoldById(trx, holdId) : await findHold(trx, bankId, holdId);
    if (!row) throw new ServiceError('not-found', HOLD_NOT_FOUND);
    const decision = decideHold(restoreHold(row.status, contextOf(row)), event);
    if (!decision.ok) throw refusalError(decision.refusal);
    const next = decision.context;
    const changes =
      decision.status === 'released'
        ? { status: decision.status, released_by: next.releasedBy, released_on: next.releasedOn, released_at: now }
        : next.releaseRequest
          ? { status: decision.status, release_requested_by: next.releaseRequest.by, release_requested_on: next.releaseRequest.on, release_requested_at: now, release_reason: next.releaseRequest.reason }
          : { status: decision.status, release_requested_by: null, release_requested_on: null, release_requested_at: null, release_reason: null };
    if (!(await saveHold(trx, row, changes))) throw new ServiceError('conflict', STALE_HOLD);
    await applyTrackChange(
      trx,
      {
        bankId: row.bank_id,
        depositId: row.deposit_id,
        actor: event.actor,
        event: event.type,
        payload: { holdId: row.id, label: holdLabel(row.reason, row.reference), ...('reason' in event ? { reason: event.reason.trim() } : {}) },
        change: () => inForceColumns(trx, row.deposit_id),
        partnerEvents: decision.status === 'released' ? [{ type: 'hold.released', data: { holdId: row.id } }] : [],
      },
      now,
    );
  });
}

/**
 * The daily job (step 0): every hold in force whose end date has come is released (`hold.expire`),
 * each in its own transaction. Answers how many.
 */
export async function releaseEndedHolds(db: Db, clock: Clock, today: IsoDate): Promise<{ released: number; refused: Array<{ holdId: string; depositId: string; message: string }> }> {
  const outcome = { released: 0, refused: [] as Array<{ holdId: string; depositId: string; message: string }> };
  for (const row of await listHoldsEnding(db, today, holdsInForce)) {
    try {
      await stepHold(db, clock, null, row.id, { type: 'hold.expire', actor: SYSTEM_ACTOR, today });
      outcome.released += 1;
    } catch (error) {
      // A hold changed by staff at the same moment is left for the next run; the database failing stops the job.
      if (!(error instanceof ServiceError)) throw error;
      outcome.refused.push({ holdId: row.id, depositId: row.deposit_id, message: error.message });
    }
  }
  return outcome;
}

export function createHoldService(deps: { db: Db; clock: Clock; fileStore: FileStore }) {
  const { db, clock, fileStore } = deps;
  const step = (bankId: string, holdId: string, event: HoldEvent) => stepHold(db, clock, bankId, holdId, event);

  async function view(bankId: string, holdId: string, actor: Actor): Promise<Hold> {
    const row = await findHoldView(db, bankId, holdId);
    if (!row) throw new ServiceError('not-found', HOLD_NOT_FOUND);
    return toHold(row, actor, businessToday(clock));
  }


  return {
    /** POST /deposito/hold (multipart; `file`: the letter). 201 the hold, `active`. */
    async place(actor: StaffActor, fields: Record<string, unknown>, files: Record<string, Upload[]>): Promise<Hold> {
      const today = businessToday(clock);
      const who = staff(actor);
      // Who may place one is asked first, so an operator hears 403 and not a form error.
      const forbidden = holdPlacementRefusal({ actor: who, today, letterDate: null, until: null });
      if (forbidden) throw refusalError(forbidden);
      const parsed = parseFields(placeHoldSchema, fields);
      const problems = parsed.success ? [] : [...parsed.messages];
      const letter = files.file?.[0] ?? null;
      if ((files.file?.length ?? 0) > 1) problems.push('Unggah satu berkas surat saja.');
      let mediaType: 'application/pdf' | 'image/jpeg' | 'image/png' | null = null;
      if (letter) {
        const checked = checkUpload(letter, { label: 'Surat blokir', maxBytes: HOLD_LETTER_MAX_BYTES, allowed: ['application/pdf', 'image/jpeg', 'image/png'], allowedText: 'PDF, JPEG atau PNG' });
        if ('problem' in checked) problems.push(checked.problem);
        else mediaType = checked.mediaType;
      }
      if (!parsed.success || problems.length > 0) throw new ValidationError(problems);
      const input = parsed.data;
      const refused = holdPlacementRefusal({ actor: who, today, letterDate: input.letterDate ?? null, until: input.until ?? null });
      if (refused) throw refusalError(refused);

      const now = clock.now().toISOString();
      const stored = letter && mediaType ? await storeUploads(fileStore, [{ upload: letter, mediaType, purpose: 'hold-letter' }], now) : null;
      const holdId = newRowId();
      try {
        await db.transaction().execute(async (trx) => {
          await stored?.record(trx);
          await applyTrackChange(
            trx,
            {
              bankId: actor.bankId,
              depositId: input.depositId,
              actor: who,
              event: 'hold.place',
              payload: { holdId, label: holdLabel(input.reason, input.reference), until: input.until ?? null, stopInterestPayout: input.stopInterestPayout ?? false },
              change: async (deposit: DepositRow) => {
                if (!heldStatuses.includes(deposit.status)) {
                  throw new ServiceError('conflict', `Deposito berstatus ${depositStatusLabels[deposit.status]} tidak dapat diblokir.`);
                }
                const inForce = await holdsInForceOf(trx, deposit.id, holdsInForce);
                if (inForce.some((hold) => hold.reason === input.reason && hold.reference.toLowerCase() === input.reference.toLowerCase())) {
                  throw new ServiceError('conflict', `Deposito ini sudah diblokir: ${holdLabel(input.reason, input.reference)}.`);
                }
                await insertHold(trx, {
                  id: holdId,
                  bank_id: actor.bankId,
                  deposit_id: deposit.id,
                  reason: input.reason,
                  reference: input.reference,
                  letter_date: input.letterDate ?? null,
                  until: input.until ?? null,
                  stop_interest_payout: input.stopInterestPayout ? 1 : 0,
                  note: input.note ? input.note : null,
                  letter_file_id: stored?.rows[0]?.id ?? null,
                  status: 'active',
                  placed_by: actor.userId,
                  placed_at: now,
                  placed_on: today,
                });
                return inForceColumns(trx, deposit.id);
              },
              partnerEvents: [{ type: 'hold.placed', data: { holdId } }],
            },
            now,
          );
        });
      } catch (error) {
        await stored?.undo();
        throw error;
      }
      return view(actor.bankId, holdId, who);
    },

    /** POST /deposito/hold/{id}/release: 202 the hold, its release waiting for another supervisor. */
    async requestRelease(actor: StaffActor, holdId: string, fields: Record<string, unknown>): Promise<Hold> {
      const who = staff(actor);
      const today = businessToday(clock);
      // The machine's role and state checks first (403/409 before a form error), then the reason.
      const parsed = parseFields(requestHoldReleaseSchema, fields);
      await step(actor.bankId, holdId, { type: 'hold.requestRelease', actor: who, today, reason: parsed.success ? parsed.data.reason : '' });
      return view(actor.bankId, holdId, who);
    },

    /** POST /deposito/hold/{id}/approve-release: 200 the hold, `released`. */
    async approveRelease(actor: StaffActor, holdId: string): Promise<Hold> {
      const who = staff(actor);
      await step(actor.bankId, holdId, { type: 'hold.approveRelease', actor: who, today: businessToday(clock) });
      return view(actor.bankId, holdId, who);
    },

    /** POST /deposito/hold/{id}/reject-release: 200 the hold, `active` again. */
    async rejectRelease(actor: StaffActor, holdId: string, fields: Record<string, unknown>): Promise<Hold> {
      const who = staff(actor);
      const parsed = parseFields(rejectHoldReleaseSchema, fields);
      await step(actor.bankId, holdId, { type: 'hold.rejectRelease', actor: who, today: businessToday(clock), reason: parsed.success ? parsed.data.reason : '' });
      return view(actor.bankId, holdId, who);
    },

    /** GET /deposito/holds */
    async list(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(holdListQuerySchema, query);
      const filters = { bankId: actor.bankId, reason: parsed.reason, depositId: parsed.depositId, q: parsed.q };
      const [{ rows, total }, counts] = await Promise.all([listHolds(db, { ...filters, status: parsed.status }, parsed.page, parsed.limit), countHoldsByStatus(db, filters)]);
      const today = businessToday(clock);
      return { ...pageOf(rows.map((row) => toHold(row, staff(actor), today)), parsed.page, parsed.limit, total), counts };
    },

    /** The deposit's holds, newest first (its detail). */
    async ofDeposit(actor: StaffActor, depositId: string): Promise<Hold[]> {
      const today = businessToday(clock);
      return (await listHoldsOfDeposit(db, actor.bankId, depositId)).map((row) => toHold(row, staff(actor), today));
    },

    /** GET /deposito/hold/{id}/letter: the letter attached when the hold was placed. */
    async letter(actor: StaffActor, holdId: string): Promise<{ mediaType: string; bytes: Uint8Array }> {
      const row = await findHold(db, actor.bankId, holdId);
      const file = row?.letter_file_id ? await findStoredFile(db, row.letter_file_id) : undefined;
      const bytes = file ? await fileStore.get(file.id) : null;
      if (!file || !bytes) throw new ServiceError('not-found', 'Surat blokir tidak ditemukan.');
      return { mediaType: file.media_type, bytes };
    },
  };
}

export type HoldService = ReturnType<typeof createHoldService>;
