import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import type { ThrottlePolicy } from '../platform/throttle';
import { activeBlock } from '../platform/throttle';
import { countAttempt, readThrottles } from '../platform/throttle-repository';
import { findIssuedBilyetByCode } from './bilyet-repository';
import { isVerificationCodeShaped, maskHolderName, verdictOf } from './bilyet-verification';

const MINUTE_MS = 60_000;
/**
 * Codes carry 100 bits, so guessing is hopeless; the throttle keeps a client from trying anyway.
 * Only unknown codes count, so a teller checking many genuine bilyets is never slowed.
 */
const VERIFICATION_MISS_POLICY: ThrottlePolicy = { freeAttempts: 10, windowMs: 15 * MINUTE_MS, firstBlockMs: 10_000, maxBlockMs: 60 * MINUTE_MS };

const UNKNOWN_CODE = 'Kode verifikasi tidak dikenal. Bilyet dengan kode ini tidak diterbitkan melalui Berjangka; hubungi bank penerbit.';

export interface BilyetVerification {
  genuine: true;
  bankName: string;
  bilyetNumber: string;
  holderName: string;
  amount: number;
  maturityDate: string;
  inForce: boolean;
  /** Printed from Berjangka, its signed scan not uploaded yet: genuine, not in force until issued. */
  awaitingIssue: boolean;
  /** A hold (blokir) is in force on its deposit; the reason is not told. */
  held: boolean;
  note: string;
}

/** GET /verifikasi/bilyet/{code}: whether a bilyet is genuine, with nothing personal beyond a masked name. */
export function createVerificationService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async verify(code: string, client: string): Promise<BilyetVerification> {
      const now = clock.now();
      const subject = { scope: 'bilyet-verification-client', subject: client };
      const block = activeBlock((await readThrottles(db, [subject])).get(`${subject.scope} ${subject.subject}`), now);
      if (block) {
        const retryAfterSeconds = Math.ceil((block.getTime() - now.getTime()) / 1000);
        throw new ServiceError('too-many-attempts', `Terlalu banyak kode yang tidak dikenal dari alamat ini. Coba lagi setelah ${retryAfterSeconds} detik.`, { retryAfterSeconds });
      }
      const normalized = code.trim().toUpperCase();
      const paper = isVerificationCodeShaped(normalized) ? await findIssuedBilyetByCode(db, normalized) : undefined;
      if (!paper) {
        await countAttempt(db, subject, VERIFICATION_MISS_POLICY, now);
        throw new ServiceError('not-found', UNKNOWN_CODE);
      }
      const verdict = verdictOf({ number: paper.number, issued: paper.issued_at !== null, currentNumber: paper.current_number, bilyetStatus: paper.bilyet_status, depositStatus: paper.status, held: paper.hold_label !== null });
      return {
        genuine: true,
        bankName: paper.bank_name,
        bilyetNumber: paper.number,
        holderName: maskHolderName(paper.customer_name),
        amount: Number(paper.amount),
        maturityDate: paper.maturity_date,
        inForce: verdict.inForce,
        awaitingIssue: verdict.awaitingIssue,
        held: paper.hold_label !== null,
        note: verdict.note,
      };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
