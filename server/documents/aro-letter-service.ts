import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { businessToday, SYSTEM_ACTOR } from '../deposits/transition-service';
import { customerIdQuerySchema } from '../../contract/documents';
import { addDays } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import type { Clock } from '../platform/clock';
import { parseOrThrow } from '../platform/validation';
import { aroLettersToDraw, attachDrawnAroLetter, findCustomerOfBank, type AroLetterScope } from '../deposits/deposit-service';
import { bankLetterhead } from '../auth/profile-service';
import type { AroLetterRow, Database } from '../platform/db/schema';
import type { FileStore } from '../platform/files/file-store';
import { pdfBytes } from '../platform/pdf/pdf-bytes';
import { drawAroLetter, type AroLetterPrincipal } from './aro-letter-pdf';
import type { DocumentService } from './document-service';
import { enqueueFollowUp } from '../platform/outbox/follow-ups';

/**
 * The ARO letters of rollovers (DOMAIN.md): the daily job records a letter row with each rollover
 * inside its transaction; drawing the PDF is slower and may fail on its own, so it happens after
 * the job commits — here — and a letter not drawn yet is drawn by the next run.
 */
export function createAroLetterService(deps: { db: Kysely<Database>; clock: Clock; fileStore: FileStore; documents: DocumentService; logger?: Logger }) {
  const { db, documents } = deps;

  async function principalOf(letter: AroLetterRow, amount: number): Promise<AroLetterPrincipal> {
    const previous = await db
      .selectFrom('deposit_periods')
      .select(['amount', 'maturity_instruction'])
      .where('deposit_id', '=', letter.deposit_id)
      .where('period_number', '=', letter.period_number - 1)
      .executeTakeFirst();
    if (previous?.maturity_instruction === 'ARO_PLUS') {
      return { instruction: 'ARO_PLUS', previousPrincipal: Number(previous.amount), capitalisedInterest: amount - Number(previous.amount) };
    }
    return { instruction: 'ARO', principal: amount };
  }

  async function draw(letter: AroLetterRow): Promise<boolean> {
    const [deposit, period, customer, bank] = await Promise.all([
      db.selectFrom('deposits').select(['deposit_number', 'bilyet_number']).where('id', '=', letter.deposit_id).executeTakeFirstOrThrow(),
      db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', letter.deposit_id).where('period_number', '=', letter.period_number).executeTakeFirstOrThrow(),
      findCustomerOfBank(db, letter.bank_id, letter.customer_id),
      bankLetterhead(db, deps.fileStore, letter.bank_id),
    ]);
    const doc = drawAroLetter({
      bankName: bank.name,
      ...(bank.address ? { bankAddress: bank.address } : {}),
      ...(bank.logo ? { bankLogo: bank.logo } : {}),
      customerName: customer?.name ?? '',
      ...(customer?.address ? { customerAddress: customer.address } : {}),
      depositNumber: deposit.deposit_number,
      bilyetNumber: deposit.bilyet_number,
      periodNumber: letter.period_number,
      periodStart: period.period_start,
      maturityDate: period.maturity_date,
      rateBps: period.rate_bps,
      tenorMonths: period.tenor_months,
      issueDate: letter.issued_date,
      principal: await principalOf(letter, Number(period.amount)),
    });
    const bytes = await pdfBytes(doc);
    const pending = await documents.prepare({
      bankId: letter.bank_id,
      depositId: letter.deposit_id,
      customerId: null,
      type: 'ARO_LETTER',
      upload: { name: `surat-aro-${deposit.deposit_number}-periode-${letter.period_number}.pdf`, bytes },
      mediaType: 'application/pdf',
      uploadedBy: SYSTEM_ACTOR.id,
    });
    // Another instance may have drawn it meanwhile: then this copy is dropped with its bytes.
    return documents
      .withPending([pending], async (trx) => {
        if (!(await attachDrawnAroLetter(trx, letter.id, pending.row.file_id))) throw new AlreadyDrawn();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyDrawn) return false;
        throw error;
      });
  }

  /** Draws the letters without their PDF in `scope`, oldest first, in batches; one failure does not stop the rest. */
  async function drawAll(scope: AroLetterScope, batchSize = 100): Promise<{ drawn: number; failed: number }> {
      let drawn = 0;
      let failed = 0;
      const skipped = new Set<string>();
      for (;;) {
        const letters = (await aroLettersToDraw(db, batchSize + skipped.size, scope)).filter((letter) => !skipped.has(letter.id));
        if (letters.length === 0) return { drawn, failed };
        for (const letter of letters) {
          try {
            if (await draw(letter)) drawn += 1;
          } catch (error) {
            failed += 1;
            skipped.add(letter.id);
            deps.logger?.warn({ err: error, letterId: letter.id, depositId: letter.deposit_id }, 'drawing an ARO letter failed; drawn again within minutes (outbox follow-up)');
            await enqueueFollowUp(db, deps.clock, { kind: 'aro.letter', subjectId: letter.id, bankId: letter.bank_id });
          }
        }
      }
  }

  return {
    /**
     * The daily follow-up: the letters of the last RECENT_DAYS days' rollovers (a missed run's
     * included). Older letters without a PDF (imported or demo history) are drawn when opened.
     */
    drawRecent: () => drawAll({ issuedSince: addDays(businessToday(deps.clock), -RECENT_DAYS) }),

    /** The follow-up of a letter that could not be drawn: drawn again (nothing when it has its PDF by now); throws while it still fails. */
    async retryDrawing(letterId: string): Promise<void> {
      const letter = await db.selectFrom('aro_letters').selectAll().where('id', '=', letterId).executeTakeFirst();
      if (letter && letter.file_id === null) await draw(letter);
    },

    /** Every letter without its PDF (npm run jobs -- after an import). */
    drawMissing: () => drawAll({}),

    /** GET /deposito/aro-doc-by-cust-id: the customer's letters, each with its PDF (drawn now when missing). */
    async ofCustomer(actor: StaffActor, query: Record<string, unknown>) {
      const { customerId } = parseOrThrow(customerIdQuerySchema, query);
      await drawAll({ bankId: actor.bankId, customerId });
      return documents.aroLettersOfCustomer(actor, query);
    },
  };
}

/** How far back the daily follow-up looks for letters to draw. */
const RECENT_DAYS = 7;

class AlreadyDrawn extends Error {}

export type AroLetterService = ReturnType<typeof createAroLetterService>;
