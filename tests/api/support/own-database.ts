import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { openDatabase, type DatabaseHandle } from '../../../server/platform/db/database';
import { migrations } from '../../../server/platform/db/migrations';
import type { Database } from '../../../server/platform/db/schema';
import type { DialectName } from '../../support/postgres';
import { withPg } from '../../support/postgres';

/** A database of its own (a SQLite file, a PostgreSQL schema), unmigrated: a test migrates it by hand. */
export interface OwnDatabase {
  handle: DatabaseHandle;
  db: Kysely<Database>;
  migrator: Migrator;
  /** What migrateToLatest needs for this database (the PostgreSQL schema). */
  migrateOptions: { schema?: string };
  drop(): Promise<void>;
}

export async function ownDatabase(dialect: DialectName, prefix: string): Promise<OwnDatabase> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), `berjangka-${prefix}-`));
    const handle = openDatabase({ databaseUrl: undefined, dataDir });
    return {
      handle,
      db: handle.db,
      migrator: new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } }),
      migrateOptions: {},
      drop: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = (statement: string) => withPg((client) => client.query(statement));
  await admin(`create schema ${schema}`);
  const handle = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir(), pgSchema: schema });
  return {
    handle,
    db: handle.db,
    migrator: new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema }),
    migrateOptions: { schema },
    drop: async () => {
      await handle.close();
      await admin(`drop schema if exists ${schema} cascade`);
    },
  };
}
