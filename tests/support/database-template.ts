import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, SQLITE_FILE } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { withPg, type DialectName } from './postgres';
import type pg from 'pg';

/**
 * Fresh databases for tests without migrating each one (issue 17, "CI in minutes"): migration 0011
 * imports the whole geography, 1–2 s on SQLite and 4–8 s on PostgreSQL, and the suites start a
 * few hundred servers. The schema is migrated once into a template, keyed by a fingerprint of
 * the migrations' source (and of everything they import, and those packages' versions), and each
 * test database is a copy of it:
 *
 * - SQLite: the template file (os.tmpdir()/berjangka-test-templates/<fingerprint>.sqlite) copied
 *   into the test's new DATA_DIR;
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE berjangka_tpl_<fingerprint>` on TEST_DATABASE_URL's
 *   server, one database per test server, working in schema `berjangka` as the schema-per-server
 *   databases did before.
 *
 * A copy is the database `migrateToLatest` would have made: the server still runs it at start
 * (it finds nothing pending) and still seeds its own demo data. A changed migration changes the
 * fingerprint, so the next run builds a new template; an old template is never reused.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What decides a template: the migrations, the migrator, how a database is opened, and how this module builds it. */
const SCHEMA_SOURCES = ['server/platform/db/migrations/index.ts', 'server/platform/db/migrate.ts', 'server/platform/db/database.ts', 'tests/support/database-template.ts'];

/** The schema every test database on PostgreSQL works in (its own database, so one name serves all). */
export const TEST_PG_SCHEMA = 'berjangka';
const PG_TEMPLATE_PREFIX = 'berjangka_tpl_';
const PG_TEST_DATABASE_PREFIX = 'berjangka_t_';

let fingerprintMemo: string | undefined;

/**
 * Where a module names another: a static import or export … from (at the start of a line, so
 * not in a comment), a side-effect import, a dynamic import(), and require.resolve() of a
 * package's data file (geography-dataset.ts reads geografis's that way, and idn-area-data's
 * through a template string: its package part is what counts).
 */
const MODULE_REFERENCES = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"\s]+)['"]|^\s*import\s*['"]([^'"\s]+)['"]|\bimport\(\s*['"]([^'"\s]+)['"]\s*\)|\.resolve\(\s*['"`]([^'"`\s$]+)/gm;

/**
 * What the migrated schema is made from: the schema sources and every local module they import
 * (transitively, repo-relative paths in the order met), and every package those modules import
 * with its installed version (the geography comes from packages).
 */
export function schemaSources(): { files: string[]; packages: Record<string, string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const visit = (file: string) => {
    const path = relative(ROOT, file);
    if (files.includes(path)) return;
    files.push(path);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(MODULE_REFERENCES)) {
      const specifier = match.slice(1).find((group) => group !== undefined)!;
      if (specifier.startsWith('.')) visit(resolveSource(dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(packageName(specifier));
    }
  };
  for (const source of SCHEMA_SOURCES) visit(join(ROOT, source));
  return { files, packages: Object.fromEntries([...packages].sort().map((name) => [name, packageVersion(name)])) };
}

/** SHA-256 (16 hex digits) over schemaSources(): the files' paths and texts, the packages' names and versions. */
export function schemaFingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const { files, packages } = schemaSources();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(ROOT, file))).update('\0');
  for (const [name, version] of Object.entries(packages)) hash.update(`${name}@${version}\0`);
  fingerprintMemo = hash.digest('hex').slice(0, 16);
  return fingerprintMemo;
}

function resolveSource(fromDir: string, specifier: string): string {
  const base = resolve(fromDir, specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`database-template: cannot resolve ${specifier} from ${fromDir}`);
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------- SQLite

const SQLITE_TEMPLATE_DIR = join(tmpdir(), 'berjangka-test-templates');

/**
 * The migrated SQLite template's path, built when missing. Two processes that both find it
 * missing both build one and the last rename wins: each is complete, so either serves.
 */
export async function sqliteTemplate(): Promise<string> {
  const path = join(SQLITE_TEMPLATE_DIR, `${schemaFingerprint()}.sqlite`);
  if (existsSync(path)) return path;
  mkdirSync(SQLITE_TEMPLATE_DIR, { recursive: true });
  const buildDir = mkdtempSync(join(SQLITE_TEMPLATE_DIR, 'build-'));
  try {
    const handle = openDatabase({ databaseUrl: undefined, dataDir: buildDir });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // Closing the last connection checkpoints the WAL into the file and removes it.
      await handle.close();
    }
    renameSync(join(buildDir, SQLITE_FILE), path);
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
  return path;
}

/** A new DATA_DIR holding a copy of the migrated template. */
export async function sqliteDataDirFromTemplate(prefix: string): Promise<string> {
  const template = await sqliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  copyFileSync(template, join(dataDir, SQLITE_FILE));
  return dataDir;
}

// ---------------------------------------------------------------- PostgreSQL

/** TEST_DATABASE_URL with another database name. */
export function pgDatabaseUrl(database: string): string {
  const url = new URL(requiredDatabaseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

function requiredDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests need it (see .ci/run).');
  return url;
}

let pgTemplateMemo: Promise<string> | undefined;

/**
 * The migrated PostgreSQL template database's name, built when missing. Builders take an
 * advisory lock, so parallel workers build it once; it is built under another name and renamed
 * when complete, so an interrupted build is never used. Connections to it are then refused:
 * PostgreSQL copies a template only while nobody is connected to it.
 */
export function pgTemplate(): Promise<string> {
  pgTemplateMemo ??= buildPgTemplate().catch((error: unknown) => {
    pgTemplateMemo = undefined;
    throw error;
  });
  return pgTemplateMemo;
}

async function buildPgTemplate(): Promise<string> {
  const name = `${PG_TEMPLATE_PREFIX}${schemaFingerprint()}`;
  return withPg(async (admin) => {
    const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query("select pg_advisory_lock(hashtext('berjangka test template'))");
    try {
      if (await exists()) return name;
      const building = `${PG_TEMPLATE_PREFIX}build_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      await admin.query(`create database ${building}`);
      try {
        await withPg((client) => client.query(`create schema ${TEST_PG_SCHEMA}`), pgDatabaseUrl(building));
        const handle = openDatabase({ databaseUrl: pgDatabaseUrl(building), dataDir: tmpdir(), pgSchema: TEST_PG_SCHEMA });
        try {
          await migrateToLatest(handle.db, { schema: TEST_PG_SCHEMA });
        } finally {
          await handle.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
        await admin.query(`alter database ${name} with is_template true allow_connections false`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext('berjangka test template'))");
    }
  });
}

export interface PgTestDatabase {
  /** postgres://… of this database alone. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * PostgreSQL 15's default way to copy a template writes the whole of it (43 MB with the
 * geography) through the WAL; copying its files is about twice as fast here (0.36 s against
 * 0.7 s of CPU with fsync off, as on CI), and a suite makes about a hundred copies. Older servers
 * copy files anyway and know no `strategy`.
 */
async function pgCopyStrategy(admin: pg.Client): Promise<string> {
  const version = Number((await admin.query<{ server_version_num: string }>('show server_version_num')).rows[0]?.server_version_num);
  return version >= 150_000 ? ' strategy file_copy' : '';
}

/** A new database, a copy of the migrated template (a fraction of a second where migrating takes 4–8 s). */
export async function pgDatabaseFromTemplate(): Promise<PgTestDatabase> {
  const template = await pgTemplate();
  const name = `${PG_TEST_DATABASE_PREFIX}${randomUUID().replace(/-/g, '')}`;
  await withPg(async (admin) => admin.query(`create database ${name} template ${template}${await pgCopyStrategy(admin)}`));
  return {
    url: pgDatabaseUrl(name),
    name,
    drop: () => dropPgTestDatabase(name),
  };
}

/** Drops a test database, ending any connection a test left open to it. */
export async function dropPgTestDatabase(name: string): Promise<void> {
  if (!name.startsWith(PG_TEST_DATABASE_PREFIX) || !/^[a-z0-9_]+$/.test(name)) throw new Error(`not a test database: ${name}`);
  await withPg((admin) => admin.query(`drop database if exists ${name} with (force)`));
}

// ---------------------------------------------------------------- both

export interface TestDatabase {
  dialect: DialectName;
  /** A new temp dir; on SQLite it holds the database file. */
  dataDir: string;
  /** PostgreSQL only: this database's URL, and the schema the server works in. */
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  /** Removes the data dir and drops the PostgreSQL database. */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database of its own (nothing seeded), from the dialect's template. */
export async function freshTestDatabase(dialect: DialectName, prefix = 'berjangka-test-'): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dataDir = await sqliteDataDirFromTemplate(prefix);
    return { dialect, dataDir, databaseUrl: undefined, pgSchema: undefined, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await pgDatabaseFromTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dialect,
    dataDir,
    databaseUrl: database.url,
    pgSchema: TEST_PG_SCHEMA,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
