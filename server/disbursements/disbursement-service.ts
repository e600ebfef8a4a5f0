import type { Kysely } from 'kysely';
import { DISBURSEMENT_PROOF_MAX_BYTES, disbursementListQuerySchema, disbursementPaidFieldsSchema } from '../../contract/disbursement';
import { depositEventRoles } from '../../machines/deposit';
import { hasRole } from '../../machines/deposit-rules';
import { countDisbursements, findProofOfBank, listDisbursements, type DisbursementWithDeposit } from './disbursement-repository';
import type { Database } from '../platform/db/schema';
import type { FileStore } from '../platform/files/file-store';
import type { Clock } from '../platform/clock';
import { pageOf } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import type { StaffActor } from '../platform/actor';
import { depositSearchCondition, type DepositService } from '../deposits/deposit-service';
import { refusalError, type DepositTransitions } from '../deposits/transition-service';
import { toDisbursement } from './payout-service';
import { ServiceError, ValidationError } from '../platform/errors';
import { checkUpload, storeUploads, type Upload } from '../platform/files/uploads';
import { parseFields } from '../platform/validation';

/** Pencairan: payouts to make and made, and recording one paid with its proof (deposit.markPaid). */

function toDisbursementRow(row: DisbursementWithDeposit) {
  return {
    ...toDisbursement(row),
    depositNumber: row.deposit_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    maturityDate: row.maturity_date,
    payoutAccount: { bankName: row.payout_bank_name, accountNumber: row.payout_account_number, accountName: row.payout_account_name },
  };
}

export function createDisbursementService(deps: { db: Kysely<Database>; clock: Clock; fileStore: FileStore; transitions: DepositTransitions; deposits: DepositService }) {
  const { db, clock } = deps;
  // A page and its counts run once per request, so SQLite may narrow them through the trigram table.
  const searchOf = (q: string | undefined) => depositSearchCondition(db, q, { table: 'd', searchIndex: true });

  return {
    /** GET /deposito/disbursements */
    async list(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(disbursementListQuerySchema, query);
      const { rows, total } = await listDisbursements(db, { bankId: actor.bankId, status: parsed.status, period: parsed.period, match: searchOf(parsed.q) }, parsed.page, parsed.limit);
      const actions = await deps.deposits.actionsOf(actor, rows.map((row) => row.deposit_id));
      const none = { allowedEvents: [], blockedEvents: [] };
      return pageOf(
        rows.map((row) => ({ ...toDisbursementRow(row), ...(actions.get(row.deposit_id) ?? none) })),
        parsed.page,
        parsed.limit,
        total,
      );
    },

    /** GET /deposito/disbursements/count */
    async count(actor: StaffActor, query: Record<string, unknown>) {
      const parsed = parseOrThrow(disbursementListQuerySchema, query);
      return countDisbursements(db, { bankId: actor.bankId, period: parsed.period, match: searchOf(parsed.q) });
    },

    /**
     * POST /deposito/disbursement-paid: the proof (PDF/JPEG/PNG by magic bytes, ≤ 5 MB) is recorded
     * in the transition's own transaction — its row, and with FILE_STORE=database its bytes; disk
     * and S3 write the bytes first and remove them again when the transition is refused, so
     * nothing is half-written.
     */
    async markPaid(actor: StaffActor, fields: Record<string, unknown>, proof: Upload | null) {
      // Who may do it is the machine's table; asked first so an operator hears 403, not a form error.
      if (!hasRole(actor.role, depositEventRoles['deposit.markPaid'])) {
        throw refusalError({ category: 'forbidden', status: 403, message: 'Hanya supervisor yang dapat menandai pencairan sudah dibayar.' });
      }
      const problems: string[] = [];
      const parsed = parseFields(disbursementPaidFieldsSchema, fields);
      if (!parsed.success) problems.push(...parsed.messages);
      let mediaType: 'application/pdf' | 'image/jpeg' | 'image/png' | null = null;
      if (!proof) problems.push('Bukti transfer wajib diunggah.');
      else {
        const checked = checkUpload(proof, { label: 'Bukti transfer', maxBytes: DISBURSEMENT_PROOF_MAX_BYTES, allowed: ['application/pdf', 'image/jpeg', 'image/png'], allowedText: 'PDF, JPEG atau PNG' });
        if ('problem' in checked) problems.push(checked.problem);
        else mediaType = checked.mediaType;
      }
      if (!parsed.success || problems.length > 0 || !proof || !mediaType) throw new ValidationError(problems);

      const stored = await storeUploads(deps.fileStore, [{ upload: proof, mediaType, purpose: 'disbursement-proof' }], clock.now().toISOString());
      const fileId = stored.rows[0]!.id;
      try {
        await deps.transitions.apply({
          bankId: actor.bankId,
          depositId: parsed.data.depositId,
          actor: { id: actor.userId, role: actor.role },
          request: { type: 'deposit.markPaid', reference: parsed.data.reference, proofFileId: fileId, paidAt: parsed.data.paidAt },
          expectedVersion: parsed.data.version,
          beforeWrite: (trx) => stored.record(trx),
        });
      } catch (error) {
        await stored.undo();
        throw error;
      }
      return deps.deposits.detail(actor, parsed.data.depositId);
    },

    /** The proof of a paid disbursement of this bank. */
    async proofFile(actor: StaffActor, fileId: string): Promise<{ mediaType: string; bytes: Uint8Array }> {
      const row = await findProofOfBank(db, actor.bankId, fileId);
      const bytes = row ? await deps.fileStore.get(row.id) : null;
      if (!row || !bytes) throw new ServiceError('not-found', 'Bukti transfer tidak ditemukan.');
      return { mediaType: row.media_type, bytes };
    },
  };
}

export type DisbursementService = ReturnType<typeof createDisbursementService>;
