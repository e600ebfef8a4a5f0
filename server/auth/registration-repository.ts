import type { Kysely } from 'kysely';
import type { Database, RegistrationRow } from '../platform/db/schema';

export interface RegistrationWithDocuments extends RegistrationRow {
  documentFileIds: string[];
}

export async function insertRegistration(db: Kysely<Database>, registration: RegistrationRow, documentFileIds: string[]): Promise<void> {
  await db.insertInto('registrations').values(registration).execute();
  for (const fileId of documentFileIds) {
    await db
      .insertInto('registration_documents')
      .values({ id: crypto.randomUUID(), registration_id: registration.id, file_id: fileId, created_at: registration.created_at })
      .execute();
  }
}

/** A pending registration with this (lower-cased) email or this NPWP (digits only), if any. */
export async function findPendingRegistrationLike(db: Kysely<Database>, email: string, npwp: string): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('email', '=', email), eb('npwp', '=', npwp)]))
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function listRegistrations(db: Kysely<Database>, status?: RegistrationRow['status']): Promise<RegistrationWithDocuments[]> {
  let query = db.selectFrom('registrations').selectAll().orderBy('created_at').orderBy('id');
  if (status) query = query.where('status', '=', status);
  const rows = await query.execute();
  return Promise.all(rows.map(async (row) => ({ ...row, documentFileIds: await documentFileIds(db, row.id) })));
}

export async function findRegistration(db: Kysely<Database>, id: string): Promise<RegistrationWithDocuments | undefined> {
  const row = await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...row, documentFileIds: await documentFileIds(db, row.id) } : undefined;
}

/** Closes a pending registration; false when it was no longer pending (someone else decided). */
export async function markRegistrationReviewed(
  db: Kysely<Database>,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; bankId: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('registrations')
    .set({ status: decision.status, bank_id: decision.bankId, reviewed_at: decision.now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function documentFileIds(db: Kysely<Database>, registrationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('registration_documents')
    .select('file_id')
    .where('registration_id', '=', registrationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.file_id);
}
