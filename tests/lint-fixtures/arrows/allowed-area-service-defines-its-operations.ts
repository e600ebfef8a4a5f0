// as: server/disbursements/lint-fixture-service.ts
// A service's own operation over its repository, and a type passed on (types carry no operation).
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { findPendingDisbursement } from './disbursement-repository';

export type { DisbursementFilters } from './disbursement-repository';

export async function pendingPayoutOf(db: Kysely<Database>, depositId: string) {
  const pending = await findPendingDisbursement(db, depositId);
  if (!pending) throw new ServiceError('not-found', 'Pencairan tidak ditemukan.');
  return pending;
}
