import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DepositStatus, MaturityInstruction } from '../../contract/deposit';
import { changeRequestDecisionSchema, changeRequestListQuerySchema, raiseChangeRequestSchema, type ChangeRequest } from '../../contract/deposit-api';
import type { IdentityValues } from '../../machines/customer-rules';
import { CHANGE_REQUEST_MESSAGES, changeRequestRefusal, type ChangeRequestEvent } from '../../machines/change-request';
import { findBankByCode } from '../../machines/customer-rules';
import { isBeforeStopAroCutoff, formatDateId, heldMessage, HELD_FOR_PARTNER, stopAroCutoff, addDays } from '../../machines/deposit-rules';
import { insertAudit } from './audit-repository';
import { decideChangeRequest, findChangeRequest, findChangeRequestView, findPendingChangeRequest, insertRaisedChangeRequest, listChangeRequests, type ChangeRequestWithDeposit } from './change-request-repository';
import { findCustomer, updatePayoutAccount, type PayoutAccount } from './customer-repository';
import { applyIdentityChange } from './customer-changes';
import { listDepositsOfCustomer, saveDeposit } from './deposit-repository';
import type { Database, DepositRow } from '../platform/db/schema';
import type { Clock } from '../platform/clock';
import { pageOf } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import type { StaffActor } from '../platform/actor';
import { loadDeposit, STALE_DEPOSIT } from './deposit-state';
import { businessToday, type DepositTransitions } from './transition-service';
import { ServiceError, ValidationError } from '../platform/errors';
import { instructionsAllowed } from '../products/product-service';
import { actorName } from '../platform/actor';
import { notifyPartnerOfChangeDecision } from '../partner/partner-notification-service';

/**
 * Permintaan perubahan: customers ask (through the platform) to change the maturity instruction
 * or the payout account; a supervisor approves or rejects. Approving applies the change in the
 * same transaction: a switch to PAYOUT is the lifecycle's `deposit.stopAro` (decided by the
 * machine, cut-off included); a switch between ARO kinds or back to ARO obeys the same cut-off;
 * a payout account replaces the customer's.
 */

const KIND_LABELS = { instruction: 'Instruksi Jatuh Tempo', payoutAccount: 'Rekening Pencairan', customerData: 'Data Identitas Nasabah' } as const;

/** Deposits that will still pay out (interest or principal) to the customer's account. */
const PAYS_OUT_LATER: readonly DepositStatus[] = ['pending', 'approved', 'active', 'breakRequested', 'matured', 'disbursing'];

/**
 * DOMAIN.md "Holds (blokir)": a held deposit's payout account does not change. The account is the
 * customer's, so a hold on any deposit of theirs that still pays out keeps it as it is.
 */
function refuseWhileHeld(deposits: ReadonlyArray<Pick<DepositRow, 'hold_label'>>, askedBy: string): void {
  const held = deposits.find((deposit) => deposit.hold_label);
  if (!held?.hold_label) return;
  // A partner hears that the deposit is held, never why (machines/deposit-rules/hold.ts).
  const why = askedBy.startsWith('partner:') ? HELD_FOR_PARTNER : heldMessage({ label: held.hold_label });
  throw new ServiceError('conflict', `Rekening pencairan tidak dapat diubah. ${why}`);
}

export function toChangeRequest(row: ChangeRequestWithDeposit): ChangeRequest {
  return {
    id: row.id,
    depositId: row.deposit_id,
    depositNumber: row.deposit_number,
    customerId: row.customer_id!,
    customerName: row.customer_name,
    kind: row.kind,
    kindLabel: KIND_LABELS[row.kind],
    requestedValue: JSON.parse(row.requested_value) as Record<string, unknown>,
    previousValue: row.previous_value ? (JSON.parse(row.previous_value) as Record<string, unknown> | null) : null,
    currentInstruction: row.maturity_instruction as MaturityInstruction | null,
    status: row.status,
    reason: row.reason,
    decidedBy: row.decided_by ? { id: row.decided_by, name: row.decided_by_name ?? 'Pengguna tidak dikenal' } : null,
    decidedAt: row.decided_at,
    requestedBy: row.requested_by ? { id: row.requested_by, name: actorName(row.requested_by, row.requested_by_name ?? null) } : null,
    createdAt: row.created_at,
  };
}

export function createChangeRequestService(deps: { db: Kysely<Database>; clock: Clock; transitions: DepositTransitions }) {
  const { db, clock, transitions } = deps;

  async function applyInstruction(trx: Kysely<Database>, actor: StaffActor, depositId: string, instruction: MaturityInstruction): Promise<void> {
    const loaded = await loadDeposit(trx, actor.bankId, depositId);
    const { row } = loaded;
    if (row.maturity_instruction === instruction) return;
    if (instruction === 'PAYOUT' && row.status === 'active') {
      await transitions.applyIn(trx, { bankId: actor.bankId, depositId, actor: { id: actor.userId, role: actor.role }, request: { type: 'deposit.stopAro' } });
      return;
    }
    if (!['pending', 'approved', 'active'].includes(row.status)) {
      throw new ServiceError('conflict', 'Instruksi jatuh tempo hanya dapat diubah sebelum deposito jatuh tempo.');
    }
    const today = businessToday(clock);
    if (row.status === 'active' && !isBeforeStopAroCutoff(today, row.maturity_date, loaded.context.holidays)) {
      const lastDay = addDays(stopAroCutoff(row.maturity_date, loaded.context.holidays), -1);
      throw new ServiceError('conflict', `Batas waktu perubahan instruksi telah lewat: paling lambat ${formatDateId(lastDay)}.`);
    }
    const now = clock.now().toISOString();
    if (!(await saveDeposit(trx, row, { maturity_instruction: instruction, updated_at: now }))) throw new ServiceError('conflict', STALE_DEPOSIT);
    await insertAudit(trx, {
      id: randomUUID(),
      bank_id: row.bank_id,
      deposit_id: row.id,
      actor_id: actor.userId,
      at: now,
      seq: (row.version + 1) * 10,
      from_status: row.status,
      to_status: row.status,
      event: 'deposit.changeInstruction',
      payload: JSON.stringify({ from: row.maturity_instruction, to: instruction }),
    });
  }

  /**
   * The account belongs to the customer, so every deposit of theirs that still pays out changes
   * with it: each gets an audit row (old and new account) and shows the change on its timeline —
   * staff checking a payout see when and by whom the destination was changed. The deposits' own
   * rows do not change, so their version stays.
   */
  async function applyPayoutAccount(trx: Kysely<Database>, actor: StaffActor, requestId: string, customerId: string, account: PayoutAccount, now: string): Promise<void> {
    const customer = await findCustomer(trx, actor.bankId, customerId);
    if (!customer) throw new Error(`change request ${requestId} refers to a missing customer`);
    const before = { bankName: customer.payout_bank_name, accountNumber: customer.payout_account_number, accountName: customer.payout_account_name };
    const affectedDeposits = await listDepositsOfCustomer(trx, customer.id, PAYS_OUT_LATER);
    refuseWhileHeld(affectedDeposits, actor.userId);
    await updatePayoutAccount(trx, customer.id, account, now);
    for (const affected of affectedDeposits) {
      await insertAudit(trx, {
        id: randomUUID(),
        bank_id: affected.bank_id,
        deposit_id: affected.id,
        actor_id: actor.userId,
        at: now,
        // After every row the deposit's current version wrote (10 × version + 0..1), before the next one's.
        seq: affected.version * 10 + 9,
        from_status: affected.status,
        to_status: affected.status,
        event: 'deposit.changePayoutAccount',
        payload: JSON.stringify({ from: before, to: account, changeRequestId: requestId }),
      });
    }
  }

  return {
    /** GET /deposito-change-request */
    async list(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(changeRequestListQuerySchema, query);
      const { rows, total } = await listChangeRequests(db, { bankId: actor.bankId, status: parsed.status }, parsed.page, parsed.limit);
      return pageOf(rows.map(toChangeRequest), parsed.page, parsed.limit, total);
    },

    /**
     * POST /deposito-change-request: staff raise the customer's change (the payout account from the
     * bank list, or the maturity instruction) from a deposit, every staff role; one pending request
     * per kind and deposit. It waits in the queue for a supervisor other than its maker (four eyes:
     * a payout account is where the bank's money goes), and shows on the deposit's timeline.
     * A partner raises its customer's change the same way (POST /api-partner/v1.0/deposito/change-request),
     * as `partner:<code>`.
     */
    async raise(actor: Pick<StaffActor, 'userId' | 'bankId'>, body: Record<string, unknown>) {
      const parsed = parseOrThrow(raiseChangeRequestSchema, body);
      const now = clock.now().toISOString();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const { row, product } = await loadDeposit(trx, actor.bankId, parsed.depositId);
        if (!PAYS_OUT_LATER.includes(row.status)) throw new ServiceError('conflict', 'Deposito ini sudah selesai; tidak ada lagi yang dapat diubah.');
        let value: Record<string, unknown>;
        if (parsed.kind === 'instruction') {
          const problems = [
            ...(instructionsAllowed(product).includes(parsed.instruction) ? [] : ['Instruksi jatuh tempo ini tidak tersedia untuk produk deposito ini.']),
            ...(row.maturity_instruction === parsed.instruction ? ['Instruksi jatuh tempo deposito ini sudah sama dengan yang diminta.'] : []),
          ];
          if (problems.length > 0) throw new ValidationError(problems);
          value = { instruction: parsed.instruction };
        } else {
          refuseWhileHeld(await listDepositsOfCustomer(trx, row.customer_id, PAYS_OUT_LATER), actor.userId);
          const bank = findBankByCode(parsed.bankCode);
          const problems = [
            ...(bank ? [] : [`Bank rekening pencairan dengan sandi ${parsed.bankCode} tidak ada dalam daftar bank; pilih dari daftar.`]),
            ...(/^\d{5,20}$/.test(parsed.accountNumber) ? [] : ['Nomor rekening pencairan harus 5 sampai 20 angka, tanpa spasi atau tanda baca.']),
          ];
          if (problems.length > 0 || !bank) throw new ValidationError(problems);
          value = { bankCode: bank.code, bankName: bank.name, accountNumber: parsed.accountNumber, accountName: parsed.accountName };
        }
        // An instruction is the deposit's; the payout account is the customer's, whatever deposit it is asked from.
        const scope = parsed.kind === 'instruction' ? { depositId: row.id } : { customerId: row.customer_id };
        if (await findPendingChangeRequest(trx, scope, parsed.kind)) {
          const whose = parsed.kind === 'instruction' ? 'deposito ini' : 'nasabah ini';
          throw new ServiceError('conflict', `Sudah ada permintaan perubahan ${KIND_LABELS[parsed.kind].toLowerCase()} ${whose} yang menunggu keputusan.`);
        }
        const customer = await findCustomer(trx, actor.bankId, row.customer_id);
        const previous =
          parsed.kind === 'instruction'
            ? { instruction: row.maturity_instruction }
            : customer?.payout_account_number
              ? { bankCode: customer.payout_bank_code, bankName: customer.payout_bank_name, accountNumber: customer.payout_account_number, accountName: customer.payout_account_name }
              : null;
        await insertRaisedChangeRequest(trx, { id, bankId: actor.bankId, depositId: row.id, customerId: row.customer_id, kind: parsed.kind, value, previous, requestedBy: actor.userId, at: now });
        await insertAudit(trx, {
          id: randomUUID(),
          bank_id: row.bank_id,
          deposit_id: row.id,
          actor_id: actor.userId,
          at: now,
          seq: row.version * 10 + 9,
          from_status: row.status,
          to_status: row.status,
          event: 'deposit.requestChange',
          payload: JSON.stringify({ changeRequestId: id, kind: parsed.kind, value }),
        });
      });
      return toChangeRequest((await findChangeRequestView(db, actor.bankId, id))!);
    },

    /** PATCH /deposito-change-request/{id} */
    async decide(actor: StaffActor, id: string, body: Record<string, unknown>) {
      const deciding = { id: actor.userId, role: actor.role };
      // Who may decide at all is said before what they sent (machines/change-request).
      const notAllowed = changeRequestRefusal('pending', { requestedBy: null }, { type: 'changeRequest.approve', actor: deciding });
      if (notAllowed) throw new ServiceError(notAllowed.category, notAllowed.message);
      const parsed = parseOrThrow(changeRequestDecisionSchema, body);
      const event: ChangeRequestEvent = parsed.decision === 'approved' ? { type: 'changeRequest.approve', actor: deciding } : { type: 'changeRequest.reject', actor: deciding, reason: parsed.reason ?? '' };
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const request = await findChangeRequest(trx, actor.bankId, id);
        if (!request) throw new ServiceError('not-found', 'Permintaan perubahan tidak ditemukan.');
        const refusal = changeRequestRefusal(request.status, { requestedBy: request.requested_by }, event);
        if (refusal) throw new ServiceError(refusal.category, refusal.message);
        if (parsed.decision === 'approved') {
          const value = JSON.parse(request.requested_value) as { instruction?: MaturityInstruction } & Partial<PayoutAccount>;
          if (request.kind === 'instruction') await applyInstruction(trx, actor, request.deposit_id!, value.instruction!);
          else if (request.kind === 'payoutAccount') {
            await applyPayoutAccount(trx, actor, request.id, request.customer_id!, { ...(value.bankCode ? { bankCode: value.bankCode } : {}), bankName: value.bankName!, accountNumber: value.accountNumber!, accountName: value.accountName! }, now);
          } else {
            const customer = await findCustomer(trx, actor.bankId, request.customer_id!);
            if (!customer) throw new Error(`change request ${request.id} refers to a missing customer`);
            const before = JSON.parse(request.previous_value ?? '{}') as IdentityValues;
            await applyIdentityChange(trx, customer, { requestId: request.id, before, after: value as IdentityValues }, actor.userId, now);
          }
        }
        const decided = await decideChangeRequest(trx, id, { status: parsed.decision, reason: parsed.reason ?? null, decidedBy: actor.userId, decidedAt: now });
        if (!decided) throw new ServiceError('conflict', CHANGE_REQUEST_MESSAGES.decided);
        await notifyPartnerOfChangeDecision(trx, request, { status: parsed.decision, reason: parsed.reason?.trim() || null }, new Date(now));
      });
      return toChangeRequest((await findChangeRequestView(db, actor.bankId, id))!);
    },
  };
}

export type ChangeRequestService = ReturnType<typeof createChangeRequestService>;
