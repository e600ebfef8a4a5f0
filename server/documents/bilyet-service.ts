import type { Insertable, Kysely } from 'kysely';
import type { BilyetStatus, ShipmentStatus } from '../../contract/deposit';
import {
  lostBilyetFieldsSchema,
  receiveBilyetFieldsSchema,
  resiBilyetFieldsSchema,
  unshipBilyetFieldsSchema,
  returnBilyetFieldsSchema,
  uploadBilyetFieldsSchema,
  type DocumentType,
} from '../../contract/documents';
import { bilyetAllowedEvents, bilyetContext, decideBilyet, restoreBilyet, type BilyetContext, type BilyetEvent } from '../../machines/bilyet';
import type { Actor } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import type { Clock } from '../platform/clock';
import type { BilyetRow, Database, DepositRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import type { Upload } from '../platform/files/uploads';
import { parseFields } from '../platform/validation';
import { applyTrackChange, businessToday, refusalError, type TrackColumns } from '../deposits/transition-service';
import { isSqlite } from '../platform/db/dialect';
import { insertInChunks } from '../platform/db/bulk-inserts';
import { numberForPrint } from '../products/product-settings-service';
import {
  bilyetNumberIsFree,
  claimBilyetNumber,
  findBilyet,
  findPrintedNumber,
  insertBilyet,
  issuePrintedNumber,
  releasePrintedNumber,
  updateBilyet,
  verificationCodeIsBound,
} from './bilyet-repository';
import { newVerificationCode } from './bilyet-verification';
import { checkDocumentUpload, type DocumentService, type PendingDocument } from './document-service';

/**
 * The bilyet's journey (DOMAIN.md): every step is decided by machines/bilyet.ts on the bilyet as
 * stored, and written with its files, the deposit's track columns and the timeline row in one
 * transaction (applyTrackChange). The courier area books and tracks shipments through `step`.
 */

const NUMBER_TAKEN = 'Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.';
const REPRINT_FIRST = 'Cetak bilyet pengganti dari Berjangka lebih dahulu: kode QR bilyet yang hilang sudah tidak berlaku.';
/** A bilyet in force is reprinted as it is: its number cannot change on paper. */
const printedNumberFixed = (number: string) => `Bilyet ini sudah diterbitkan dengan nomor ${number}; cetak ulang memakai nomor yang sama.`;
/** The scan must be of the paper printed last: its number and QR are the ones verification knows. */
const printedNumberDiffers = (printed: string) =>
  `Nomor bilyet harus sama dengan nomor pada bilyet yang dicetak (${printed}). Bila nomor itu salah, cetak ulang bilyet dengan nomor yang benar.`;
/** Another request changed the deposit's bilyet between this one's reads and its writes (a race on PostgreSQL). */
const BILYET_CHANGED = 'Bilyet deposito ini baru saja diubah oleh permintaan lain. Muat ulang, lalu periksa kembali.';

type EventPayload = BilyetEvent extends infer E ? (E extends BilyetEvent ? Omit<E, 'actor' | 'today'> : never) : never;

/** The stored bilyet as the machine's context. */
/**
 * Impor Deposito: the bilyets of deposits taken over from the bank's old system, and their numbers
 * in the bank's register, written in bulk when the caller's batch is (platform/db/bulk-inserts.ts).
 * The customer holds the old system's paper: received, by them, at the counter, on the period's
 * start; each gets a fresh verification code (what a printed bilyet's QR is checked against).
 */
export function importedBilyets(now: string) {
  let bilyets: Array<Insertable<Database['bilyets']>> = [];
  let numbers: Array<Insertable<Database['bilyet_numbers']>> = [];
  return {
    add(bilyet: { bankId: string; depositId: string; number: string; issuedOn: string; holder: string }): void {
      const verificationCode = newVerificationCode();
      const context = bilyetContext({ depositId: bilyet.depositId, depositStatus: 'active', issuedOn: bilyet.issuedOn, receivedAt: bilyet.issuedOn, receivedBy: bilyet.holder, handedOverAtCounter: true });
      bilyets.push(bilyetRowOf({ id: bilyet.depositId, bank_id: bilyet.bankId }, verificationCode, context, now));
      numbers.push({ bank_id: bilyet.bankId, number: bilyet.number, deposit_id: bilyet.depositId, verification_code: verificationCode, issued_at: now, printed_at: null });
    },
    /** Writes what was added since the last write, in the caller's transaction (after the deposits they belong to). */
    async write(trx: Kysely<Database>): Promise<void> {
      const [rows, register] = [bilyets, numbers];
      bilyets = [];
      numbers = [];
      await insertInChunks(trx, 'bilyets', rows);
      await insertInChunks(trx, 'bilyet_numbers', register);
    },
  };
}

export function bilyetContextOf(deposit: DepositRow, row: BilyetRow | undefined, shipmentStatus: ShipmentStatus | null): BilyetContext {
  return bilyetContext({
    depositId: deposit.id,
    depositStatus: deposit.status,
    shipmentStatus,
    number: deposit.bilyet_number,
    ...(row
      ? {
          issuedOn: row.issued_on,
          scanDocumentId: row.scan_document_id,
          courier: row.courier,
          awb: row.awb,
          shippedOn: row.shipped_on,
          receivedAt: row.received_at,
          receivedBy: row.received_by,
          receiptDocumentId: row.receipt_document_id,
          handedOverAtCounter: row.handed_over_at_counter === 1,
          returnedAt: row.returned_at,
          returnDocumentId: row.return_document_id,
          lostReason: row.lost_reason,
          lostOn: row.lost_on,
          statementDocumentId: row.statement_document_id,
          previousNumbers: JSON.parse(row.previous_numbers) as string[],
        }
      : {}),
  });
}

/** The bilyet machine's context as the `bilyets` row's columns. */
function bilyetRowChangesOf(context: BilyetContext): Omit<BilyetRow, 'deposit_id' | 'bank_id' | 'verification_code' | 'updated_at'> {
  return {
    issued_on: context.issuedOn,
    scan_document_id: context.scanDocumentId,
    courier: context.courier,
    awb: context.awb,
    shipped_on: context.shippedOn,
    received_at: context.receivedAt,
    received_by: context.receivedBy,
    receipt_document_id: context.receiptDocumentId,
    handed_over_at_counter: context.handedOverAtCounter ? 1 : 0,
    returned_at: context.returnedAt,
    return_document_id: context.returnDocumentId,
    lost_reason: context.lostReason,
    lost_on: context.lostOn,
    statement_document_id: context.statementDocumentId,
    previous_numbers: JSON.stringify(context.previousNumbers),
  };
}

/** The deposit's `bilyets` row for the machine's context, with the code its printed QR is checked against. */
export function bilyetRowOf(deposit: Pick<DepositRow, 'id' | 'bank_id'>, verificationCode: string, context: BilyetContext, updatedAt: string): BilyetRow {
  return { deposit_id: deposit.id, bank_id: deposit.bank_id, verification_code: verificationCode, ...bilyetRowChangesOf(context), updated_at: updatedAt };
}

/** The status of the deposit's latest shipment (the bilyet machine asks whether one is live). */
async function latestShipmentStatus(db: Kysely<Database>, depositId: string): Promise<ShipmentStatus | null> {
  const row = await db.selectFrom('shipments').select('status').where('deposit_id', '=', depositId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.status ?? null;
}

/** The bilyet row of a deposit, created with a fresh verification code the first time it is needed. */
async function ensureBilyetRow(db: Kysely<Database>, deposit: Pick<DepositRow, 'id' | 'bank_id'>, now: string): Promise<BilyetRow> {
  const existing = await findBilyet(db, deposit.id);
  if (existing) return existing;
  // No step yet: the machine's empty context (the deposit's status is not stored in this row).
  await insertBilyet(db, bilyetRowOf(deposit, newVerificationCode(), bilyetContext({ depositId: deposit.id, depositStatus: 'pending' }), now));
  // Re-read: a request at the same moment may have written it first (its code is the one to print).
  const row = await findBilyet(db, deposit.id);
  if (!row) throw new Error(`bilyet row of deposit ${deposit.id} missing after insert`);
  return row;
}

export function createBilyetService(deps: { db: Kysely<Database>; clock: Clock; documents: DocumentService }) {
  const { db, clock, documents } = deps;

  /**
   * One step of a deposit's bilyet inside `trx`: decided by the machine, the bilyet row and the
   * deposit's bilyet columns written, the number claimed on an issue, the timeline row added.
   */
  async function step(
    trx: Kysely<Database>,
    input: {
      bankId: string | null;
      depositId: string;
      actor: Actor;
      event: EventPayload;
      timeline?: Record<string, unknown>;
      /** The shipment's status as the machine should see it (the courier's change in the same transaction). */
      shipmentStatus?: ShipmentStatus | null;
      /** Other track columns written with the step (the courier's shipment_status). */
      columns?: TrackColumns;
    },
  ): Promise<{ status: BilyetStatus; deposit: DepositRow }> {
    const now = clock.now().toISOString();
    const today = businessToday(clock);
    let status: BilyetStatus = 'none';
    const deposit = await applyTrackChange(
      trx,
      {
        bankId: input.bankId,
        depositId: input.depositId,
        actor: input.actor,
        event: input.event.type,
        payload: input.timeline ?? payloadOf(input.event),
        change: async (deposit) => {
          const row = await ensureBilyetRow(trx, deposit, now);
          const shipmentStatus = input.shipmentStatus !== undefined ? input.shipmentStatus : await latestShipmentStatus(trx, deposit.id);
          const snapshot = restoreBilyet(deposit.bilyet_status, bilyetContextOf(deposit, row, shipmentStatus));
          const decision = decideBilyet(snapshot, { ...input.event, actor: input.actor, today } as BilyetEvent);
          if (!decision.ok) throw refusalError(decision.refusal);
          status = decision.status;
          const changes = bilyetRowChangesOf(decision.context);
          if (input.event.type === 'bilyet.issue' || input.event.type === 'bilyet.reissue') {
            // The paper printed last carries the code (a reissue is refused until it is reprinted).
            // On a first issue a bound code means a parallel upload issued it a moment ago.
            if (await verificationCodeIsBound(trx, row.verification_code)) throw new ServiceError('conflict', input.event.type === 'bilyet.reissue' ? REPRINT_FIRST : BILYET_CHANGED);
            const claim = { bank_id: deposit.bank_id, number: decision.context.number!, deposit_id: deposit.id, verification_code: row.verification_code, issued_at: now };
            // A paper printed from Berjangka already holds its number (and its QR verifies): the scan must be of it.
            const printed = await findPrintedNumber(trx, deposit.id);
            if (printed && printed.number !== claim.number) throw new ServiceError('conflict', printedNumberDiffers(printed.number));
            if (printed ? !(await issuePrintedNumber(trx, claim)) : !(await claimBilyetNumber(trx, claim))) throw new ServiceError('conflict', NUMBER_TAKEN);
          }
          await updateBilyet(trx, deposit.id, { ...changes, updated_at: now });
          return { ...input.columns, bilyet_status: decision.status, bilyet_number: decision.context.number };
        },
      },
      now,
    );
    return { status, deposit };
  }

  /** Parses fields, checks the files, then runs `build` → one step with the files recorded in the same transaction. */
  async function staffStep<Data extends { depositId: string }, Facts = undefined>(
    actor: StaffActor,
    parsed: { success: true; data: Data } | { success: false; messages: string[] },
    files: Array<{ upload: Upload | null; type: DocumentType; label: string; required: boolean }>,
    build: (data: Data, documentIds: Array<string | null>, facts: Facts) => EventPayload,
    before?: (depositId: string, data: Data) => Promise<Facts>,
  ) {
    const problems = parsed.success ? [] : [...parsed.messages];
    const checked = files.map((file) => checkDocumentUpload(file.upload, file.label, file.required));
    for (const result of checked) if (result && 'problem' in result) problems.push(result.problem);
    if (!parsed.success || problems.length > 0) throw new ValidationError(problems);
    const { depositId } = parsed.data;
    const owner = await db.selectFrom('deposits').select(['id', 'customer_id']).where('id', '=', depositId).where('bank_id', '=', actor.bankId).executeTakeFirst();
    if (!owner) throw new ServiceError('not-found', 'Deposito tidak ditemukan.');
    const facts = (await before?.(depositId, parsed.data)) as Facts;
    const pending: Array<PendingDocument | null> = [];
    try {
      for (const [index, file] of files.entries()) {
        const result = checked[index];
        pending.push(
          file.upload && result && 'mediaType' in result
            ? await documents.prepare({ bankId: actor.bankId, depositId, customerId: null, type: file.type, upload: file.upload, mediaType: result.mediaType, uploadedBy: actor.userId })
            : null,
        );
      }
    } catch (error) {
      await Promise.all(pending.map((document) => document?.undo()));
      throw error;
    }
    const event = build(parsed.data, pending.map((document) => document?.row.id ?? null), facts);
    const actorOf: Actor = { id: actor.userId, role: actor.role };
    await documents.withPending(
      pending.filter((document): document is PendingDocument => document !== null),
      (trx) => step(trx, { bankId: actor.bankId, depositId, actor: actorOf, event }),
    );
    return { depositId };
  }

  async function bilyetStatusOf(depositId: string): Promise<BilyetStatus> {
    return (await db.selectFrom('deposits').select('bilyet_status').where('id', '=', depositId).executeTakeFirstOrThrow()).bilyet_status;
  }

  return {
    step,

    /**
     * Refuses (ServiceError, the machine's Indonesian reason) when `event` would be refused now;
     * for callers that must ask before an outside call (a JNE booking) whose result the step records.
     */
    async check(input: { bankId: string; depositId: string; actor: Actor; event: EventPayload }): Promise<DepositRow> {
      const deposit = await db.selectFrom('deposits').selectAll().where('id', '=', input.depositId).where('bank_id', '=', input.bankId).executeTakeFirst();
      if (!deposit) throw new ServiceError('not-found', 'Deposito tidak ditemukan.');
      const [row, shipmentStatus] = await Promise.all([findBilyet(db, deposit.id), latestShipmentStatus(db, deposit.id)]);
      const snapshot = restoreBilyet(deposit.bilyet_status, bilyetContextOf(deposit, row, shipmentStatus));
      const decision = decideBilyet(snapshot, { ...input.event, actor: input.actor, today: businessToday(clock) } as BilyetEvent);
      if (!decision.ok) throw refusalError(decision.refusal);
      return deposit;
    },

    /** POST /deposito/upload-bilyet: the signed scan with its number; issues, or reissues after a loss. */
    async upload(actor: StaffActor, fields: Record<string, unknown>, file: Upload | null) {
      return staffStep(
        actor,
        parseFields(uploadBilyetFieldsSchema, fields),
        [{ upload: file, type: 'BILYET_SCAN', label: 'Pindaian bilyet', required: true }],
        (data, [scanDocumentId], lost: boolean) => ({ type: lost ? 'bilyet.reissue' : 'bilyet.issue', bilyetNumber: data.bilyetNumber, scanDocumentId: scanDocumentId! }),
        async (depositId, data) => {
          // Said before any file is stored; the step and the primary key still decide a race.
          const printed = await findPrintedNumber(db, depositId);
          if (printed && printed.number !== data.bilyetNumber) throw new ServiceError('conflict', printedNumberDiffers(printed.number));
          if (!(await bilyetNumberIsFree(db, actor.bankId, data.bilyetNumber, depositId))) throw new ServiceError('conflict', NUMBER_TAKEN);
          const lost = (await bilyetStatusOf(depositId)) === 'lost';
          // The replacement must carry a QR of its own: the lost paper's code now answers "lost".
          const row = lost ? await findBilyet(db, depositId) : undefined;
          if (row && (await verificationCodeIsBound(db, row.verification_code))) throw new ServiceError('conflict', REPRINT_FIRST);
          return lost;
        },
      );
    },

    /** POST /deposito/resi-bilyet: sent with a courier whose resi staff type (a JNE pickup is booked through /jne/create-pickup). */
    async recordResi(actor: StaffActor, fields: Record<string, unknown>) {
      return staffStep(actor, parseFields(resiBilyetFieldsSchema, fields), [], (data) => ({ type: 'bilyet.ship', courier: data.courier, awb: data.awb }));
    },

    /** POST /deposito/unship-bilyet: back at the bank undelivered; a live JNE pickup is cancelled instead (the machine says so). */
    async unship(actor: StaffActor, fields: Record<string, unknown>) {
      return staffStep(actor, parseFields(unshipBilyetFieldsSchema, fields), [], () => ({ type: 'bilyet.unship' }));
    },

    /** POST /deposito/receive-bilyet: the customer has it (courier delivery recorded by staff, or handed over at the counter). */
    async receive(actor: StaffActor, fields: Record<string, unknown>, file: Upload | null) {
      return staffStep(
        actor,
        parseFields(receiveBilyetFieldsSchema, fields),
        [{ upload: file, type: 'BILYET_RECEIPT', label: 'Tanda terima', required: false }],
        (data, [receiptDocumentId], atCounter: boolean) => ({
          type: 'bilyet.receive',
          receivedAt: data.receivedAt,
          receivedBy: data.receivedBy,
          handedOverAtCounter: atCounter,
          ...(receiptDocumentId ? { receiptDocumentId } : {}),
        }),
        // A bilyet still at the bank can only have been handed over at the counter.
        async (depositId) => (await bilyetStatusOf(depositId)) === 'issued',
      );
    },

    /** POST /deposito/return-bilyet */
    async return(actor: StaffActor, fields: Record<string, unknown>, file: Upload | null) {
      return staffStep(actor, parseFields(returnBilyetFieldsSchema, fields), [{ upload: file, type: 'BILYET_RETURN', label: 'Bukti pengembalian', required: false }], (data, [documentId]) => ({
        type: 'bilyet.return',
        returnedAt: data.returnedAt,
        ...(documentId ? { documentId } : {}),
      }));
    },

    /** POST /deposito/lost-bilyet */
    async reportLost(actor: StaffActor, fields: Record<string, unknown>, file: Upload | null) {
      return staffStep(
        actor,
        parseFields(lostBilyetFieldsSchema, fields),
        [{ upload: file, type: 'BILYET_LOSS_STATEMENT', label: 'Surat keterangan kehilangan', required: true }],
        (data, [statementDocumentId]) => ({ type: 'bilyet.reportLost', reason: data.reason, statementDocumentId: statementDocumentId! }),
      );
    },

    /** The deposit detail's `bilyet` beyond status and number (API.md). */
    async detailOf(actor: StaffActor, deposit: DepositRow, today: string) {
      const [row, shipmentStatus, files] = await Promise.all([findBilyet(db, deposit.id), latestShipmentStatus(db, deposit.id), documents.bilyetDocumentsOf(actor.bankId, deposit.id)]);
      const snapshot = restoreBilyet(deposit.bilyet_status, bilyetContextOf(deposit, row, shipmentStatus));
      return {
        verificationCode: row?.verification_code ?? null,
        printedNumber: (await findPrintedNumber(db, deposit.id))?.number ?? null,
        documents: files,
        allowedEvents: bilyetAllowedEvents(snapshot, { id: actor.userId, role: actor.role }, today),
        issuedOn: row?.issued_on ?? null,
        courier: row?.courier ?? null,
        awb: row?.awb ?? null,
        shippedOn: row?.shipped_on ?? null,
        receivedAt: row?.received_at ?? null,
        receivedBy: row?.received_by ?? null,
        handedOverAtCounter: row?.handed_over_at_counter === 1,
        returnedAt: row?.returned_at ?? null,
        lostOn: row?.lost_on ?? null,
        lostReason: row?.lost_reason ?? null,
      };
    },

    /**
     * The number and QR code of a paper printed now. A bilyet in force (issued and on) is printed
     * again as it is. A new paper (first issue, or a reissue after a loss) takes its number now —
     * typed from the bank's pre-numbered blank, or the next of the bank's series — recorded as
     * printed and awaiting issue, so its QR verifies from the print on. Printing it again keeps
     * number and code; another typed number replaces the unissued paper (its number is free again,
     * its QR unknown).
     */
    async forPrint(deposit: Pick<DepositRow, 'id' | 'bank_id' | 'bilyet_status' | 'bilyet_number'>, typed: string | undefined): Promise<{ verificationCode: string; number: string }> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        await ensureBilyetRow(trx, deposit, now);
        // One print of a deposit at a time (PostgreSQL): a double click must not take two numbers.
        const locking = trx.selectFrom('bilyets').selectAll().where('deposit_id', '=', deposit.id);
        const row = (await (isSqlite(trx) ? locking : locking.forUpdate()).executeTakeFirst())!;
        const newPaperDue = deposit.bilyet_status === 'none' || deposit.bilyet_status === 'lost';
        if (!newPaperDue) {
          if (typed !== undefined && typed !== deposit.bilyet_number) throw new ServiceError('conflict', printedNumberFixed(deposit.bilyet_number ?? ''));
          return { verificationCode: row.verification_code, number: deposit.bilyet_number ?? '' };
        }
        const printed = await findPrintedNumber(trx, deposit.id);
        if (printed && (typed === undefined || typed === printed.number)) return { verificationCode: printed.verification_code, number: printed.number };
        // A new paper: a code no other paper ever carried (the lost one's, or a replaced print's, keeps answering for that paper).
        if (printed) await releasePrintedNumber(trx, deposit.id);
        const code = printed || (await verificationCodeIsBound(trx, row.verification_code)) ? newVerificationCode() : row.verification_code;
        const taken = await numberForPrint(trx, deposit.bank_id, typed, (number) =>
          claimBilyetNumber(trx, { bank_id: deposit.bank_id, number, deposit_id: deposit.id, verification_code: code, issued_at: null, printed_at: now }),
        );
        if (!taken.ok) throw taken.kind === 'invalid' ? new ValidationError([taken.message]) : new ServiceError('conflict', taken.message);
        if (code !== row.verification_code) await trx.updateTable('bilyets').set({ verification_code: code, updated_at: now }).where('deposit_id', '=', deposit.id).execute();
        return { verificationCode: code, number: taken.number };
      });
    },
  };
}

function payloadOf(event: EventPayload): Record<string, unknown> {
  const { type: _type, ...payload } = event as Record<string, unknown>;
  return payload;
}

export type BilyetService = ReturnType<typeof createBilyetService>;
