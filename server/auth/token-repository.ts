import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

export async function revokeToken(db: Kysely<Database>, jti: string, expiresAt: string, now: string): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt, revoked_at: now })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Forgets revocations of tokens that have expired anyway. */
export async function purgeExpiredRevocations(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
}

export type SingleUseTokenTable = 'password_reset_tokens' | 'change_password_tokens';

interface SingleUseToken {
  id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

export async function insertSingleUseToken(
  db: Kysely<Database>,
  table: SingleUseTokenTable,
  token: { id: string; userId: string; tokenHash: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto(table)
    .values({ id: token.id, user_id: token.userId, token_hash: token.tokenHash, expires_at: token.expiresAt, used_at: null, created_at: token.now })
    .execute();
}

export async function findSingleUseToken(db: Kysely<Database>, table: SingleUseTokenTable, tokenHash: string): Promise<SingleUseToken | undefined> {
  return db.selectFrom(table).select(['id', 'user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks the token used if it is still unused and unexpired; true when this call won. The check
 * and the mark are one UPDATE, so two requests racing with the same token cannot both succeed.
 */
export async function consumeSingleUseToken(db: Kysely<Database>, table: SingleUseTokenTable, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends every other open token of the user, e.g. older reset links once the password changed. */
export async function expireOpenTokensOfUser(db: Kysely<Database>, table: SingleUseTokenTable, userId: string, now: string): Promise<void> {
  await db.updateTable(table).set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
