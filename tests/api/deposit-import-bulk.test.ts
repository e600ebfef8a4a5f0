import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBank } from '../../server/auth/bank-repository';
import { flatValues, insertInChunks, insertText } from '../../server/platform/db/bulk-inserts';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { withSqliteCacheSize } from '../../server/platform/db/sqlite-cache';
import { dialects } from './harness';
import { ownDatabase, type OwnDatabase } from './support/own-database';

/**
 * The import's bulk writing (bench/deposit-import.ts: 100,000 deposits in one commit):
 * insertInChunks writes its own statement text with the values as one flat list, and the commit
 * holds SQLite's page cache small while it writes (withSqliteCacheSize).
 */

const NOW = '2026-03-02T03:00:00.000Z';

describe('insertText and flatValues', () => {
  it('one placeholder per value: ? on SQLite, $1…$n on PostgreSQL; the same text object for the same table, columns and row count', () => {
    expect(insertText('bank_audit', ['id', 'at'], 2, true)).toBe('insert into "bank_audit" ("id", "at") values (?, ?), (?, ?)');
    expect(insertText('bank_audit', ['id', 'at'], 2, false)).toBe('insert into "bank_audit" ("id", "at") values ($1, $2), ($3, $4)');
    expect(insertText('bank_audit', ['id', 'at'], 2, true)).toBe(insertText('bank_audit', ['id', 'at'], 2, true));
    expect(() => insertText('bank_audit', ['id; drop table x'], 1, true)).toThrow();
  });

  it('values column by column, row after row; null (Kysely writes it) for a row with other columns or an undefined value', () => {
    expect(flatValues(['a', 'b'], [{ a: 1, b: null }, { a: 'x', b: 2 }])).toEqual([1, null, 'x', 2]);
    expect(flatValues(['a', 'b'], [{ a: 1, b: 2 }, { a: 1 }])).toBeNull();
    expect(flatValues(['a', 'b'], [{ a: 1, b: 2 }, { a: 1, b: 2, c: 3 }])).toBeNull();
    expect(flatValues(['a', 'b'], [{ a: 1, b: undefined }])).toBeNull();
  });
});

describe.each(dialects)('the import\'s bulk writing (%s)', (dialect) => {
  let own: OwnDatabase;
  const bankId = randomUUID();

  beforeAll(async () => {
    own = await ownDatabase(dialect, 'import-bulk');
    await migrateToLatest(own.db, own.migrateOptions);
    await insertBank(own.db, { id: bankId, name: 'BPR Bulk', ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: NOW, updated_at: NOW });
  });
  afterAll(async () => own?.drop());

  it('insertInChunks writes every row exactly as given, across statements of 2ⁿ rows (1,000 rows of 8 columns: 512 + 256 + 128 + 64 + 32 + 8), and a row Kysely must write', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => ({
      id: randomUUID(),
      bank_id: bankId,
      actor_id: 'SYSTEM',
      at: `2026-03-02T03:00:${String(index % 60).padStart(2, '0')}.000Z`,
      subject: 'customer',
      subject_id: `C-${index}`,
      event: 'customer.create',
      payload: JSON.stringify({ index, name: index % 2 ? null : `Nasabah ${index}'s "kutip"` }),
    }));
    await own.db.transaction().execute((trx) => insertInChunks(trx, 'bank_audit', rows));
    // A row whose object has an undefined property: Kysely's own insert.
    const odd = { ...rows[0]!, id: randomUUID(), subject_id: 'C-odd', extra: undefined };
    await insertInChunks(own.db, 'bank_audit', [odd as (typeof rows)[number]]);
    const written = await own.db.selectFrom('bank_audit').selectAll().where('bank_id', '=', bankId).execute();
    expect(written).toHaveLength(1001);
    const byId = new Map(written.map((row) => [row.id, row]));
    for (const row of rows) expect(byId.get(row.id)).toEqual(row);
    expect(byId.get(odd.id)?.subject_id).toBe('C-odd');
  });

  it('withSqliteCacheSize holds SQLite\'s page cache to the size asked while the work runs and gives the connection its own back, also when the work throws; on PostgreSQL it only runs the work', async () => {
    const cacheSize = async () => Number((await sql<{ cache_size: number }>`pragma cache_size`.execute(own.db)).rows[0]!.cache_size);
    const ran: string[] = [];
    if (dialect === 'sqlite') {
      const own128 = await cacheSize();
      expect(own128).toBe(-131072);
      await withSqliteCacheSize(own.db, 32 * 1024, async () => {
        ran.push('work');
        expect(await cacheSize()).toBe(-32768);
      });
      expect(await cacheSize()).toBe(own128);
      await expect(
        withSqliteCacheSize(own.db, 1024, async () => {
          expect(await cacheSize()).toBe(-1024);
          throw new Error('gagal');
        }),
      ).rejects.toThrow('gagal');
      expect(await cacheSize()).toBe(own128);
    } else {
      await withSqliteCacheSize(own.db, 1024, async () => void ran.push('work'));
    }
    expect(ran[0]).toBe('work');
  });
});
