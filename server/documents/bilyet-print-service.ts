import type { Kysely } from 'kysely';
import { bilyetPrintQuerySchema } from '../../contract/documents';
import { bankLetterhead } from '../auth/profile-service';
import type { DepositService } from '../deposits/deposit-service';
import type { StaffActor } from '../platform/actor';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import type { FileStore } from '../platform/files/file-store';
import { parseOrThrow } from '../platform/validation';
import { drawBilyet, type BilyetForm } from './bilyet-pdf';
import type { BilyetService } from './bilyet-service';

/** GET /deposito/bilyet/print: the bilyet to print, with its number and the QR of its public verification. */
export function createBilyetPrintService(deps: { db: Kysely<Database>; clock: Clock; fileStore: FileStore; deposits: DepositService; bilyets: BilyetService; publicUrl: string }) {
  return {
    async print(actor: StaffActor, query: Record<string, unknown>): Promise<{ doc: PDFKit.PDFDocument; filename: string }> {
      const parsed = parseOrThrow(bilyetPrintQuerySchema, query);
      const deposit = await deps.deposits.detail(actor, parsed.depositId);
      const paper = await deps.bilyets.forPrint({ id: deposit.id, bank_id: actor.bankId, bilyet_status: deposit.bilyet.status, bilyet_number: deposit.bilyet.number }, parsed.bilyetNumber);
      const bank = await bankLetterhead(deps.db, deps.fileStore, actor.bankId);
      const form: BilyetForm = parsed.widthMm && parsed.heightMm ? { widthMm: parsed.widthMm, heightMm: parsed.heightMm } : 'A4';
      const doc = await drawBilyet(
        {
          bankName: bank.name,
          ...(bank.address ? { bankAddress: bank.address } : {}),
          ...(bank.logo ? { bankLogo: bank.logo } : {}),
          bilyetNumber: paper.number,
          depositNumber: deposit.depositNumber,
          holderName: deposit.customer.name,
          nik: deposit.customer.nik,
          address: deposit.customer.address ?? '',
          amount: deposit.amount,
          rateBps: deposit.rateBps,
          tenorMonths: deposit.tenorMonths,
          valueDate: deposit.periodStart,
          maturityDate: deposit.maturityDate,
          maturityInstruction: deposit.maturityInstruction,
          interestPayment: deposit.interestPayment,
          verificationUrl: `${deps.publicUrl}/verifikasi/bilyet/${paper.verificationCode}`,
          printedAt: deps.clock.now().toISOString(),
        },
        form,
      );
      return { doc, filename: `bilyet-${deposit.depositNumber}.pdf` };
    },
  };
}

export type BilyetPrintService = ReturnType<typeof createBilyetPrintService>;
