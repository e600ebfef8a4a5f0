import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertInChunks } from './db/bulk-inserts';
import type { Database } from './db/schema';

/** One audited change to a bank's set-up (users, products, settings), in the caller's transaction. */
export async function insertBankAudit(
  db: Kysely<Database>,
  entry: { bankId: string; actorId: string; at: string; subject: string; subjectId: string; event: string; payload?: Record<string, unknown> },
): Promise<void> {
  await insertInChunks(db, 'bank_audit', [
    { id: randomUUID(), bank_id: entry.bankId, actor_id: entry.actorId, at: entry.at, subject: entry.subject, subject_id: entry.subjectId, event: entry.event, payload: JSON.stringify(entry.payload ?? {}) },
  ]);
}
