/**
 * The reports' 1,000,000-deposit dataset (bench/reports-dataset.ts) on PostgreSQL, for the
 * benchmarks that read a month of a bank's life there too (the journal): the SQLite copy's rows,
 * table by table, in a schema of its own of BENCH_DATABASE_URL (`bench_reports_<count>`), so both
 * dialects hold the very same deposits, periods, installments and payouts, and the same bank id.
 *
 * - the real server start in that schema makes the tables exactly as the migrations do (seed off:
 *   a table the migrations fill, the geography, stays theirs and is not copied);
 * - every other table the SQLite copy has rows in is copied with its columns, 20,000 rows a
 *   statement as `json_populate_recordset` (PostgreSQL converts each value to its column's type:
 *   one statement for every table, whatever its columns), with the foreign-key triggers off and
 *   the tables' secondary indexes dropped during the load and rebuilt from their own definitions
 *   after it, then VACUUM (ANALYZE);
 * - reused between runs unless BENCH_REPORTS_FRESH=1.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pino from 'pino';
import { buildServer } from '../server/main';
import type { Dataset } from './deposits-dataset';
import { DEPOSIT_COUNT } from './deposits-dataset';
import { pgClient } from './deposits-dataset-pg';
import { ensureReportsDataset, reportsDatasetDir } from './reports-dataset';

const MARKER_TABLE = 'bench_reports_dataset_v1';
const ROWS_PER_STATEMENT = 20_000;

function schemaName(): string {
  return `bench_reports_${DEPOSIT_COUNT}`;
}

export async function ensurePgReportsDataset(databaseUrl: string, log: (line: string) => void = console.log): Promise<Dataset> {
  const schema = schemaName();
  const admin = await pgClient(databaseUrl);
  try {
    const marker = await admin.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [`${schema}.${MARKER_TABLE}`]);
    if (process.env.BENCH_REPORTS_FRESH !== '1' && marker.rows[0]?.present) {
      const { rows } = await admin.query<{ dataset: string }>(`select dataset from ${schema}.${MARKER_TABLE}`);
      if (rows[0]) {
        log(`  reports dataset reused from PostgreSQL schema ${schema} (BENCH_REPORTS_FRESH=1 copies it again)`);
        return { ...(JSON.parse(rows[0].dataset) as Dataset), databaseUrl, pgSchema: schema };
      }
    }
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const source = await ensureReportsDataset(log);
  const started = performance.now();
  const dataDir = `${reportsDatasetDir()}-pg`;
  mkdirSync(dataDir, { recursive: true });
  const server = await buildServer({ env: {}, config: { dataDir, databaseUrl }, pgSchema: schema, logger: pino({ level: 'silent' }), argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 }, seed: false });
  await server.close();

  const sqlite = new BetterSqlite3(join(source.dataDir, 'berjangka.sqlite'), { readonly: true });
  const client = await pgClient(databaseUrl, schema);
  const copied: string[] = [];
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    const { rows: pgTables } = await client.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`, [schema]);
    const sqliteTables = new Set((sqlite.prepare(`select name from sqlite_master where type = 'table'`).all() as Array<{ name: string }>).map((row) => row.name));
    for (const { table_name: table } of pgTables) {
      if (!sqliteTables.has(table)) continue;
      const { rows: filled } = await client.query(`select 1 from ${table} limit 1`);
      if (filled.length > 0) continue; // the migrations' own rows (geography): the same on both sides
      const { rows: columnRows } = await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = $1 and table_name = $2`, [schema, table]);
      const sqliteColumns = new Set((sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((row) => row.name));
      const columns = columnRows.map((row) => row.column_name).filter((column) => sqliteColumns.has(column));
      if ((sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n === 0) continue;

      const { rows: indexes } = await client.query<{ name: string; definition: string }>(
        `select i.indexname as name, i.indexdef as definition from pg_indexes i
          where i.schemaname = $1 and i.tablename = $2
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
        [schema, table],
      );
      for (const index of indexes) await client.query(`drop index ${schema}.${index.name}`);
      const list = columns.map((column) => `"${column}"`).join(', ');
      const insert = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`;
      let batch: unknown[] = [];
      let count = 0;
      await client.query('begin');
      for (const row of sqlite.prepare(`select ${list} from "${table}"`).iterate()) {
        batch.push(row);
        if (batch.length === ROWS_PER_STATEMENT) {
          await client.query(insert, [JSON.stringify(batch)]);
          count += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await client.query(insert, [JSON.stringify(batch)]);
      count += batch.length;
      await client.query('commit');
      for (const index of indexes) await client.query(index.definition);
      await client.query(`vacuum (analyze) ${table}`);
      copied.push(`${table} ${count.toLocaleString('id-ID')}`);
    }
    await client.query(`create table ${MARKER_TABLE} (dataset text not null)`);
    await client.query(`insert into ${MARKER_TABLE} (dataset) values ($1)`, [JSON.stringify({ dataDir, bankId: source.bankId, deposits: source.deposits, dialect: 'postgres' })]);
  } finally {
    sqlite.close();
    await client.end();
  }
  log(`  reports dataset copied to PostgreSQL schema ${schema} in ${((performance.now() - started) / 1000).toFixed(1)} s (${copied.join(', ')})`);
  return { dataDir, bankId: source.bankId, deposits: source.deposits, dialect: 'postgres', databaseUrl, pgSchema: schema };
}
