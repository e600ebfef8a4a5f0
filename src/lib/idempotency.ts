/**
 * Which `Idempotency-Key` a save carries (API.md: the same key with the same payload answers the
 * first result again; with another payload, 422). A key therefore belongs to one submission of one
 * payload:
 * - another payload (another payout, another reference, another file) gets a new key;
 * - the same payload sent again while its last attempt got no answer the server keeps — none at
 *   all (network down, timeout) or a 5xx — keeps its key, so a save that did go through is
 *   answered once more instead of being made twice;
 * - once the server answered (a success, or a refusal such as "bilyet belum dikembalikan"), the key
 *   is spent: the same payload sent later, after staff fixed the cause, is a new submission and
 *   must not be answered with the old refusal.
 */

/** The header that carries a submission's key. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { 'Idempotency-Key': key };
}

/** A fresh key for one submission. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * True when a failed call's answer is final for its key: the server stored it (any answer below
 * 500). No HTTP answer (`statusCode` 0, see api-client's ApiFailure) or a 5xx leaves the key open.
 */
export function answeredFinally(failure: unknown): boolean {
  const status = typeof failure === 'object' && failure !== null ? (failure as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' && status > 0 && status < 500;
}

function describeFile(file: Blob): Record<string, unknown> {
  const named = file as Blob & { name?: string; lastModified?: number };
  return { file: named.name ?? '', size: file.size, type: file.type, lastModified: named.lastModified ?? null };
}

/**
 * The same text for the same payload whatever the order of its keys; a file counts by its name,
 * size, type and modification time (the bytes are not read).
 */
export function payloadFingerprint(payload: unknown): string {
  const normalize = (value: unknown): unknown => {
    if (typeof Blob !== 'undefined' && value instanceof Blob) return describeFile(value);
    if (Array.isArray(value)) return value.map(normalize);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, normalize((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(normalize(payload)) ?? 'undefined';
}

/** Sends a payload with the key it owns; `request` is the call (e.g. depositApi.markInterestPaid). */
export type IdempotentSend = <T>(payload: unknown, request: (key: string) => Promise<T>) => Promise<T>;

/**
 * Keeps the keys of one screen's saves: a key per payload whose last attempt is still without a
 * final answer, forgotten once the server answers.
 */
export function createIdempotentSender(mintKey: () => string = newIdempotencyKey): IdempotentSend {
  const open = new Map<string, string>();
  return async (payload, request) => {
    const fingerprint = payloadFingerprint(payload);
    const key = open.get(fingerprint) ?? mintKey();
    open.set(fingerprint, key);
    try {
      const result = await request(key);
      open.delete(fingerprint);
      return result;
    } catch (error) {
      if (answeredFinally(error)) open.delete(fingerprint);
      throw error;
    }
  };
}
