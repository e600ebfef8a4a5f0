import type { Kysely } from 'kysely';
import { taxInterest, type TaxedInterest } from '../../machines/deposit-rules';
import { taxThresholdPrincipals } from '../deposits/deposit-service';
import { getDepositSettings } from '../products/product-service';
import type { Database } from '../platform/db/schema';

/**
 * Tax at posting (DOMAIN.md "Tax"): the threshold is tested on the customer's total active
 * principal at this BPR on the posting date, not when the schedule was written. The schedule-time
 * figure stays on the installment as the estimate shown before posting; the daily job replaces it
 * when the installment is posted (falls due, or is capitalised by ARO+).
 *
 * "Active" is TAX_ACTIVE_STATUSES: active and breakRequested — a deposit keeps running until its
 * break is approved. The installment's own deposit always counts with its principal, whatever its
 * status now: the interest being posted was earned on it (a PAYOUT deposit matures the same day
 * its last installment falls due, and that posting is still on a running deposit's interest).
 * This is the same total the schedule and the break settlement use (others + own principal).
 */

type Db = Kysely<Database>;

interface PostingSubject {
  bankId: string;
  customerId: string;
  depositId: string;
  /** The principal of the installment's own deposit. */
  depositAmount: number;
  depositStatus: string;
  grossInterest: number;
}

/** Per-bank tax settings, read once per job run. */
export function taxSettingsCache(db: Db) {
  const cache = new Map<string, Promise<{ taxBps: number; thresholdRupiah: number }>>();
  return (bankId: string) => {
    let settings = cache.get(bankId);
    if (!settings) {
      settings = getDepositSettings(db, bankId).then((s) => ({ taxBps: s.taxBps, thresholdRupiah: s.taxThreshold }));
      cache.set(bankId, settings);
    }
    return settings;
  };
}

export type TaxSettingsOf = ReturnType<typeof taxSettingsCache>;

/** Gross, tax and net of each subject on the posting date (the pure rule does the arithmetic). */
export async function taxAtPosting(db: Db, subjects: readonly PostingSubject[], settingsOf: TaxSettingsOf): Promise<TaxedInterest[]> {
  const principals = await taxThresholdPrincipals(db, subjects);
  return Promise.all(
    subjects.map(async (subject, index) => taxInterest(subject.grossInterest, { customerActivePrincipal: principals[index]!, settings: await settingsOf(subject.bankId) })),
  );
}
