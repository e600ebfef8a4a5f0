import { until } from './support/notification-receiver';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from '../../server/platform/db/pg-prepared-statements';
import { startTestServer, type TestServer } from './harness';
import { failWithoutPostgres, withPg } from '../support/postgres';

/**
 * PostgreSQL's connections as the server uses them: a pooled connection that dies while idle
 * must not end the process, and each connection prepares the statements it is sent once
 * (pg-prepared-statements.ts). PostgreSQL-only behaviour, so without TEST_DATABASE_URL this file
 * fails, saying so (as multi-instance.test.ts does).
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL;

async function terminateBackend(pid: number): Promise<void> {
  await withPg((admin) => admin.query('select pg_terminate_backend($1)', [pid]));
}

if (!DATABASE_URL) {
  failWithoutPostgres('tests/api/pg-connections.test.ts', 'tests PostgreSQL connections');
} else {
  describe('a pooled PostgreSQL connection lost while idle', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('postgres');
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('is logged as a warning, the server keeps running, and the next requests get a new connection', async () => {
      const db = server.server.database.db;
      // Every pooled connection is idle after these; end them all from outside, as a PostgreSQL restart would.
      const pids = new Set<number>();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        pids.add(rows[0]!.pid);
      }
      for (const pid of pids) await terminateBackend(pid);
      await until(() => server.logs.some((line) => line.level === 40 && /PostgreSQL connection was lost/.test(String(line.msg))), 'the warning', 5_000);

      expect((await server.call('GET', '/healthz')).status).toBe(200);
      const token = await server.login('admin@bpr-demo.test');
      expect((await server.call('GET', '/api-v2-bpr/auth/session', { token })).status).toBe(200);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(pids.has(rows[0]!.pid)).toBe(false);
    });
  });

  describe('statements prepared per connection, by their SQL text', () => {
    let pool: pg.Pool;
    let client: pg.PoolClient;
    const table = `prepared_${crypto.randomUUID().replace(/-/g, '')}`;

    const prepared = async () =>
      // Sent without values, so it is not prepared itself.
      (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time, name')).rows.map((row) => row.statement);

    beforeEach(async () => {
      pool = withPreparedStatements(new pg.Pool({ connectionString: DATABASE_URL, max: 1 }), 2);
      client = await pool.connect();
      await client.query(`create table ${table} (a integer)`);
      await client.query(`insert into ${table} values (1), (2)`);
    });
    afterEach(async () => {
      await client.query(`drop table if exists ${table}`);
      client.release();
      await pool.end();
    });

    it('prepares a text once however often it is sent with values, and answers each with its own values', async () => {
      const text = `select a from ${table} where a >= $1 order by a`;
      expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }, { a: 2 }]);
      expect((await client.query(text, [2])).rows).toEqual([{ a: 2 }]);
      expect(await prepared()).toEqual([text]);
    });

    it('keeps at most its capacity per connection, deallocating the least recently used', async () => {
      const texts = [1, 2, 3].map((n) => `select a + ${n} as b from ${table} where a = $1`);
      await client.query(texts[0]!, [1]);
      await client.query(texts[1]!, [1]);
      await client.query(texts[0]!, [1]); // texts[1] is now the least recently used
      await client.query(texts[2]!, [1]);
      expect((await prepared()).sort()).toEqual([texts[0], texts[2]].sort());
      expect((await client.query(texts[1]!, [2])).rows).toEqual([{ b: 4 }]);
    });

    it('prepares a select * again when the table gained a column after it was prepared (a migration of another instance)', async () => {
      const text = `select * from ${table} where a = $1`;
      expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
      await client.query(`alter table ${table} add column b text default 'x'`);
      expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: 'x' }]);
    });

    it('passes queries without values (DDL, transaction control) through unnamed', async () => {
      await client.query('begin');
      await client.query(`insert into ${table} values ($1)`, [3]);
      await client.query('rollback');
      expect((await client.query(`select count(*)::int as n from ${table}`, [])).rows).toEqual([{ n: 2 }]);
      expect(await prepared()).not.toContain('begin');
      expect(await prepared()).not.toContain('rollback');
    });
  });
}
