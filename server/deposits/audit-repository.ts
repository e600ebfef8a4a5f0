import type { Kysely } from 'kysely';
import { insertOrHoldBack } from '../platform/db/held-back-inserts';
import { insertInChunks } from '../platform/db/bulk-inserts';
import type { AuditRow, Database, NewAuditRow } from '../platform/db/schema';

type Db = Kysely<Database>;

const writeAudit = async (db: Db, rows: NewAuditRow[]) => {
  await insertInChunks(db, 'deposit_audit', rows);
};

/** Inserts an audit row (held back to its group's commit in the daily job: platform/db/held-back-inserts.ts). */
export async function insertAudit(db: Db, row: NewAuditRow): Promise<void> {
  await insertOrHoldBack(db, [row], writeAudit);
}

export interface AuditWithActor extends AuditRow {
  /** The user's name, or null for SYSTEM (the daily job) or a deleted user. */
  actor_name: string | null;
}

/** The deposit's timeline, oldest first, with each actor's name. */
export async function listAudit(db: Db, depositId: string): Promise<AuditWithActor[]> {
  return db
    .selectFrom('deposit_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select('u.name as actor_name')
    .where('a.deposit_id', '=', depositId)
    .orderBy('a.at')
    .orderBy('a.seq')
    .orderBy('a.id')
    .execute();
}
