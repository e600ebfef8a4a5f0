/**
 * The `Idempotency-Key` of a save (API.md: the same key with the same payload answers the first
 * result again; with another payload, 422). Which key a save carries — a new one, or the one kept
 * for a retry after no answer or a 5xx — is the submission machine's decision
 * (machines/submission.ts, run by src/app/use-submit.ts); these are the effects it needs.
 */

/** The header that carries a submission's key. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { 'Idempotency-Key': key };
}

/** A fresh key for one submission. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
