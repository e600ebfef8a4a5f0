import pg from 'pg';
import { describe, it } from 'vitest';

export type DialectName = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A connection of its own for `work` (creating and dropping databases, terminating backends): to
 * TEST_DATABASE_URL, or to `connectionString` (a test server's own database, TestServer.databaseUrl).
 */
export async function withPg<T>(work: (client: pg.Client) => Promise<T>, connectionString = process.env.TEST_DATABASE_URL): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * For a file whose behaviour exists only on PostgreSQL: without TEST_DATABASE_URL it fails,
 * saying so, rather than pass having tested nothing. CI always sets it (.ci/run).
 */
export function failWithoutPostgres(file: string, what: string): void {
  describe(what, () => {
    it('needs PostgreSQL: set TEST_DATABASE_URL', () => {
      throw new Error(
        `${file} ${what}: set TEST_DATABASE_URL to an empty PostgreSQL 15 database ` +
          '(e.g. postgres://berjangka:berjangka@127.0.0.1:5432/berjangka_test; .ci/run shows how to create it).',
      );
    });
  });
}
