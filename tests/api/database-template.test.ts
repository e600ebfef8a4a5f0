import { readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBanks, insertBank } from '../../server/auth/bank-repository';
import { openDatabase, type DatabaseHandle } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { migrations } from '../../server/platform/db/migrations';
import { freshTestDatabase, schemaFingerprint, schemaSources, type TestDatabase } from '../support/database-template';
import { dialects } from '../support/postgres';

/**
 * The suites' databases are copies of one migrated template (tests/support/database-template.ts):
 * a copy must be what migrating a new database makes, each copy a database of its own, and a
 * changed migration (or anything it imports) must lead to a new template, never an old one.
 */

describe('the template is keyed by everything the migrations are made of', () => {
  it('covers every migration, the modules they import and the packages the geography comes from', () => {
    const { files, packages } = schemaSources();
    const migrationFiles = readdirSync(new URL('../../server/platform/db/migrations/', import.meta.url)).map((name) => `server/platform/db/migrations/${name}`);
    expect(files).toEqual(expect.arrayContaining([...migrationFiles, 'server/platform/db/migrate.ts', 'server/platform/db/geography-dataset.ts', 'contract/geography.ts']));
    expect(Object.keys(packages)).toEqual(expect.arrayContaining(['kysely', 'idn-area-data', 'geografis']));
    for (const version of Object.values(packages)) expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(schemaFingerprint()).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe.each(dialects)('a fresh test database on %s', (dialect) => {
  const opened: Array<{ database: TestDatabase; handle: DatabaseHandle }> = [];
  const open = async () => {
    const database = await freshTestDatabase(dialect);
    const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, ...(database.pgSchema ? { pgSchema: database.pgSchema } : {}) });
    opened.push({ database, handle });
    return { database, handle };
  };
  let first: Awaited<ReturnType<typeof open>>;
  let second: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    first = await open();
    second = await open();
  });
  afterAll(async () => {
    for (const { database, handle } of opened) {
      await handle.close();
      await database.drop();
    }
  });

  it('is migrated: every migration is recorded, none is left to apply, and the geography is there', async () => {
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first.handle.db);
    expect(recorded.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(first.handle.db, first.database.pgSchema ? { schema: first.database.pgSchema } : {})).toEqual([]);
    const villages = await first.handle.db.selectFrom('geo_villages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(villages.n)).toBeGreaterThan(80_000);
    expect(await countBanks(first.handle.db)).toBe(0);
  });

  it('is a database of its own: what one copy writes the other does not see', async () => {
    expect(first.database.dataDir).not.toBe(second.database.dataDir);
    if (dialect === 'postgres') expect(first.database.databaseUrl).not.toBe(second.database.databaseUrl);
    const now = new Date().toISOString();
    await insertBank(first.handle.db, { id: randomUUID(), name: 'BPR Salinan Satu', ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: now, updated_at: now });
    expect(await countBanks(first.handle.db)).toBe(1);
    expect(await countBanks(second.handle.db)).toBe(0);
  });
});
