/**
 * A unique key refused an insert: PostgreSQL's SQLSTATE 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE
 * or _PRIMARYKEY. Two requests that both read "free" and then insert (on PostgreSQL they run at
 * once; on SQLite one connection lines them up) meet here; the repository or service that knows
 * what the key means turns it into its own 409, and the HTTP layer answers any other one with
 * UNIQUE_CONFLICT_MESSAGE instead of a 500.
 *
 * `name` narrows it to one key: PostgreSQL names the index or constraint (`constraint`), SQLite
 * names the columns in its message ("UNIQUE constraint failed: bilyets.deposit_id"); pass either
 * or a pattern matching both.
 */
export function isUniqueViolation(error: unknown, name?: string | RegExp): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || name === undefined) return unique;
  const text = `${String(constraint ?? '')} ${String(message ?? '')}`;
  return typeof name === 'string' ? text.includes(name) : name.test(text);
}

/** The answer to a unique key no area mapped: another request saved the same thing first. */
export const UNIQUE_CONFLICT_MESSAGE = 'Data yang sama baru saja disimpan oleh permintaan lain. Muat ulang halaman, lalu periksa kembali.';
