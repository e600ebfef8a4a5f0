import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies every pending migration; throws with the failing migration's name.
 * On PostgreSQL with a schema of our own, the migration bookkeeping lives in that schema too:
 * without it Kysely looks for its tables in whichever schema has them first, so two databases
 * sharing one PostgreSQL (test runs in parallel, a leftover schema) trip over each other's lock.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work below the typed schema
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(options.schema ? { migrationTableSchema: options.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
