import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeSearchKey } from '../../contract/geography';
import { findBankAddress, insertBank } from '../../server/auth/bank-repository';
import { migrateToLatest } from '../../server/platform/db/migrate';
import type { Database } from '../../server/platform/db/schema';
import { dialects } from './harness';
import { GEOGRAPHY_2022 } from './support/geography-2022';
import { ownDatabase, type OwnDatabase } from './support/own-database';

/**
 * Migration 0015 on a database created before it: 0011 had imported the 2022 codes
 * (idn-area-data 3) and banks and registrations store them. The 2025 codes checked here are
 * those of idn-area-data 4's CSV files (villages.csv, districts.csv).
 */
const NOW = '2026-03-02T02:00:00.000Z';
type Areas = { province_id: string | null; city_id: string | null; district_id: string | null; village_id: string | null; zip_code: string | null };
const areas = (village: string | null, district: string, zip: string | null): Areas => ({
  province_id: district.slice(0, 2),
  city_id: district.slice(0, 5),
  district_id: district,
  village_id: village,
  zip_code: zip,
});

/** Stored under the 2022 codes, and what each must become. */
const BANKS: Array<{ id: string; before: Areas | null; after: Areas | null }> = [
  // Moved to the district created since (Toili Jaya); the postal code the bank gave stays.
  { id: 'bank-tolisu', before: areas('72.01.09.2015', '72.01.09', '94765'), after: areas('72.01.24.2001', '72.01.24', '94765') },
  // Gone from the 2025 list (its namesake desa 74.02.36.2012 was a separate row before): the village is dropped, the rest stays.
  { id: 'bank-watunggarandu', before: areas('74.02.36.1009', '74.02.36', '93561'), after: areas(null, '74.02.36', '93561') },
  { id: 'bank-citarum', before: areas('32.73.09.1003', '32.73.09', '40115'), after: areas('32.73.09.1003', '32.73.09', '40115') },
  // Respelled in place ("Rantau Langsat"): same code.
  { id: 'bank-rantau-langsat', before: areas('14.02.08.2002', '14.02.08', null), after: areas('14.02.08.2002', '14.02.08', null) },
  { id: 'bank-district-only', before: areas(null, '72.01.09', null), after: areas(null, '72.01.09', null) },
  { id: 'bank-no-address', before: null, after: null },
];
/** Renumbered one up within Aimas: Warmon's new code is Klabinain's old one. */
const REGISTRATIONS: Array<{ id: string; before: Areas; after: Areas }> = [
  { id: 'reg-warmon', before: areas('96.01.05.1006', '96.01.05', '98417'), after: areas('96.01.05.1007', '96.01.05', '98417') },
  { id: 'reg-klabinain', before: areas('96.01.05.1007', '96.01.05', null), after: areas('96.01.05.1008', '96.01.05', null) },
];
const NO_AREAS: Areas = { province_id: null, city_id: null, district_id: null, village_id: null, zip_code: null };

describe.each(dialects)('migration 0015 (2025 Kemendagri codes) on %s', (dialect) => {
  let existing: OwnDatabase;
  let fresh: OwnDatabase;

  beforeAll(async () => {
    existing = await ownDatabase(dialect, 'geo2022');
    const upTo = await existing.migrator.migrateTo('0014_report_indexes');
    if (upTo.error) throw upTo.error;
    await seed2022(existing.db);
    const started = performance.now();
    await migrateToLatest(existing.db, existing.migrateOptions);
    console.info(`0015 on an existing ${dialect} database: ${Math.round(performance.now() - started)} ms`);
    fresh = await ownDatabase(dialect, 'geofresh');
    await migrateToLatest(fresh.db, fresh.migrateOptions);
  }, 120_000);
  afterAll(async () => {
    await existing?.drop();
    await fresh?.drop();
  });

  it('moves every stored code to its 2025 code, row by row', async () => {
    const columns = ['id', 'province_id', 'city_id', 'district_id', 'village_id', 'zip_code'] as const;
    const banks = await existing.db.selectFrom('banks').select(columns).orderBy('id').execute();
    expect(banks).toEqual(BANKS.map(({ id, after }) => ({ id, ...(after ?? NO_AREAS) })).sort((a, b) => a.id.localeCompare(b.id)));
    const registrations = await existing.db.selectFrom('registrations').select(columns).orderBy('id').execute();
    expect(registrations).toEqual(REGISTRATIONS.map(({ id, after }) => ({ id, ...after })).sort((a, b) => a.id.localeCompare(b.id)));
    // The profile names the moved address from the new tables.
    expect(await findBankAddress(existing.db, 'bank-tolisu')).toMatchObject({ village: 'Tolisu', district: 'Toili Jaya', city: 'Kabupaten Banggai', province: 'Sulawesi Tengah' });
  });

  it('leaves the geography tables identical to a fresh database\'s', async () => {
    const tables = ['geo_provinces', 'geo_cities', 'geo_districts', 'geo_villages', 'geo_search_terms'] as const;
    for (const table of tables) {
      const [a, b] = [await digest(existing.db, table), await digest(fresh.db, table)];
      expect(a, table).toEqual(b);
    }
    expect((await digest(fresh.db, 'geo_villages')).rows).toBe(83762);
    // The 2022 rows are gone: Tolisu's old code and the old upper-case names.
    const old = await fresh.db.selectFrom('geo_villages').select('id').where('id', '=', '72.01.09.2015').execute();
    expect(old).toEqual([]);
    expect(await existing.db.selectFrom('geo_provinces').select('name').where('id', '=', '72').executeTakeFirst()).toEqual({ name: 'Sulawesi Tengah' });
  });
});

async function seed2022(db: Kysely<Database>): Promise<void> {
  await db.insertInto('geo_provinces').values(GEOGRAPHY_2022.provinces.map(([id, name]) => ({ id: id!, name: name! }))).execute();
  await db.insertInto('geo_cities').values(GEOGRAPHY_2022.cities.map(([id, province_id, name]) => ({ id: id!, province_id: province_id!, name: name! }))).execute();
  await db.insertInto('geo_districts').values(GEOGRAPHY_2022.districts.map(([id, city_id, name]) => ({ id: id!, city_id: city_id!, name: name! }))).execute();
  await db
    .insertInto('geo_villages')
    .values(GEOGRAPHY_2022.villages.map(([id, district_id, name]) => ({ id: id!, district_id: district_id!, name: name!, zip_code: null, search_text: placeSearchKey(name!) })))
    .execute();
  for (const { id, before } of BANKS) {
    await insertBank(db, { id, name: `BPR ${id}`, ojk_license_number: null, npwp: null, address: 'Jl. Lama No. 1', logo_file_id: null, created_at: NOW, updated_at: NOW, ...(before ?? {}) });
  }
  for (const { id, before } of REGISTRATIONS) {
    await db
      .insertInto('registrations')
      .values({
        id, bank_name: `BPR ${id}`, ojk_license_number: 'KEP-1/2026', npwp: '01.234.567.8-901.000', address: 'Jl. Lama No. 2', contact_name: 'Sari', email: `${id}@bpr.test`,
        phone: '081234567890', status: 'PENDING', bank_id: null, created_at: NOW, reviewed_at: null, ...before,
      })
      .execute();
  }
}

/** Row count and a hash of every row in primary-key order, as text (both dialects alike). */
async function digest(db: Kysely<Database>, table: string): Promise<{ rows: number; hash: string }> {
  const order = table === 'geo_search_terms' ? sql`level, term, area_id` : sql`id`;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${order}`.execute(db);
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${JSON.stringify(Object.values(row).map((value) => (value === null ? null : String(value))))}\n`);
  return { rows: rows.length, hash: hash.digest('hex') };
}
