/**
 * The same 1,000,000-deposit dataset as bench/deposits-dataset.ts (planDataset: one seed, the same
 * rows), loaded into PostgreSQL: the database of BENCH_DATABASE_URL, in a schema of its own
 * (`bench_deposits_<count>`, BENCH_PG_SCHEMA overrides), reused between runs unless BENCH_FRESH=1.
 *
 * How it loads fast:
 * - the real server start in that schema makes the tables, banks, users and products (migrations
 *   exactly as a bank's database has them, no demo deposits);
 * - the deposits' secondary indexes (every one but the primary key) are dropped and, after the
 *   load, rebuilt from their own definitions (pg_indexes), so the schema ends up exactly as the
 *   migrations made it; maintenance_work_mem is raised for this session only;
 * - rows go in as `insert … select * from unnest($1::text[], $2::bigint[], …)`: one parameter per
 *   column, 20,000 rows per statement, 250,000 per transaction, with synchronous_commit off and
 *   the foreign-key triggers off for this session (session_replication_role = replica; the plan's
 *   rows are consistent by construction);
 * - then VACUUM (ANALYZE): planner statistics, and a visibility map as a table autovacuum has seen
 *   (index-only scans, which the list's offset walks are, read the heap for pages not marked
 *   all-visible).
 */
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import { rebuildStatusCounts } from '../server/deposits/deposit-repository';
import { buildServer } from '../server/main';
import { CUSTOMER_COLUMNS, DEPOSIT_COLUMNS, DEPOSIT_COUNT, INSTALLMENT_COLUMNS, PERIOD_COLUMNS, datasetDir, planDataset, type Dataset } from './deposits-dataset';

const MARKER_TABLE = 'bench_dataset_v1';

export function pgSchemaName(): string {
  const schema = process.env.BENCH_PG_SCHEMA ?? `bench_deposits_${DEPOSIT_COUNT}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`BENCH_PG_SCHEMA must be a plain lower-case name, not ${schema}`);
  return schema;
}

/** A client of the bench database working in `schema` (search_path), or in the default one. */
export async function pgClient(databaseUrl: string, schema?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  return client;
}

export async function ensurePgDataset(databaseUrl: string, log: (line: string) => void = console.log): Promise<Dataset> {
  const schema = pgSchemaName();
  const dataDir = `${datasetDir()}-pg`;
  mkdirSync(dataDir, { recursive: true });
  const admin = await pgClient(databaseUrl);
  try {
    const fresh = process.env.BENCH_FRESH === '1';
    const marker = await admin.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [`${schema}.${MARKER_TABLE}`]);
    if (!fresh && marker.rows[0]?.present) {
      const { rows } = await admin.query<{ dataset: string }>(`select dataset from ${schema}.${MARKER_TABLE}`);
      if (rows[0]) {
        const dataset = JSON.parse(rows[0].dataset) as Dataset;
        log(`  dataset: ${dataset.deposits.toLocaleString('id-ID')} deposits reused from PostgreSQL schema ${schema} (BENCH_FRESH=1 regenerates)`);
        return { ...dataset, databaseUrl, pgSchema: schema, dataDir };
      }
    }
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const serverOptions = { env: {}, config: { dataDir, databaseUrl }, pgSchema: schema, logger: pino({ level: 'silent' }), argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 } };

  // 1. Schema, banks, users and products through the real server start (no demo deposits).
  const server = await buildServer({ ...serverOptions, seed: true, demoDeposits: false });
  const db = server.database.db;
  const bank = await db.selectFrom('banks').select('id').where('name', '=', 'BPR Demo Sejahtera').executeTakeFirstOrThrow();
  const products = await db.selectFrom('products').selectAll().where('bank_id', '=', bank.id).orderBy('name').execute();
  const settings = await db.selectFrom('bank_settings').select('holidays').where('bank_id', '=', bank.id).executeTakeFirstOrThrow();
  await server.close();
  const plan = planDataset(bank.id, products, JSON.parse(settings.holidays) as string[]);
  const planned = performance.now();

  // 2. Bulk load on one raw connection.
  const client = await pgClient(databaseUrl, schema);
  let loaded = 0;
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const table of ['aro_letters', 'deposit_audit', 'change_requests', 'disbursements', 'interest_installments', 'deposit_periods', 'deposit_status_counts', 'deposits', 'customers']) {
      await client.query(`delete from ${table}`);
    }
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = $1 and i.tablename = 'deposits'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
      [schema],
    );
    for (const index of indexes) await client.query(`drop index ${schema}.${index.name}`);

    const typesOf = async (table: string) => {
      const { rows } = await client.query<{ column_name: string; data_type: string }>(
        `select column_name, data_type from information_schema.columns where table_schema = $1 and table_name = $2`,
        [schema, table],
      );
      return new Map(rows.map((row) => [row.column_name, row.data_type]));
    };
    const insertAll = async (table: string, columns: readonly string[], rows: unknown[][], perStatement = 20_000, perTransaction = 250_000) => {
      const types = await typesOf(table);
      const casts = columns.map((column, index) => `$${index + 1}::${types.get(column) ?? 'text'}[]`);
      const statement = `insert into ${table} (${columns.join(', ')}) select * from unnest(${casts.join(', ')})`;
      for (let from = 0; from < rows.length; from += perTransaction) {
        await client.query('begin');
        for (let at = from; at < Math.min(rows.length, from + perTransaction); at += perStatement) {
          const chunk = rows.slice(at, Math.min(at + perStatement, from + perTransaction));
          await client.query(statement, columns.map((_, column) => chunk.map((row) => row[column])));
        }
        await client.query('commit');
      }
    };
    await insertAll('customers', CUSTOMER_COLUMNS, plan.customers);
    await insertAll('deposits', DEPOSIT_COLUMNS, plan.deposits);
    await insertAll('deposit_periods', PERIOD_COLUMNS, plan.periods);
    await insertAll('interest_installments', INSTALLMENT_COLUMNS, plan.installments);
    loaded = performance.now();
    for (const index of indexes) await client.query(index.definition);
    for (const table of ['customers', 'deposits', 'deposit_periods', 'interest_installments']) await client.query(`vacuum (analyze) ${table}`);
  } finally {
    await client.end();
  }
  const indexed = performance.now();

  const reopened = await buildServer({ ...serverOptions, seed: false });
  await rebuildStatusCounts(reopened.database.db);
  await reopened.close();

  const dataset: Dataset = { dataDir, bankId: bank.id, deposits: DEPOSIT_COUNT, dialect: 'postgres', databaseUrl, pgSchema: schema };
  const done = await pgClient(databaseUrl, schema);
  try {
    await done.query(`create table ${MARKER_TABLE} (dataset text not null)`);
    await done.query(`insert into ${MARKER_TABLE} (dataset) values ($1)`, [JSON.stringify({ bankId: dataset.bankId, deposits: dataset.deposits, dialect: 'postgres' })]);
  } finally {
    await done.end();
  }
  log(
    `  dataset: ${DEPOSIT_COUNT.toLocaleString('id-ID')} deposits generated in PostgreSQL schema ${schema} in ${((indexed - started) / 1000).toFixed(1)} s ` +
      `(plan ${((planned - started) / 1000).toFixed(1)} s, rows ${((loaded - planned) / 1000).toFixed(1)} s, indexes + vacuum analyze ${((indexed - loaded) / 1000).toFixed(1)} s)`,
  );
  return dataset;
}
