import Database from 'better-sqlite3';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, UNIQUE_CONFLICT_MESSAGE } from '../../server/platform/db/unique-violation';
import { handleError } from '../../server/platform/http/errors';

/** SQLite's own error for an insert a unique key refuses. */
function sqliteViolation(): unknown {
  const db = new Database(':memory:');
  db.exec('create table bilyets (deposit_id text primary key); create table products (id text primary key, bank_id text, name text); create unique index products_bank_name_idx on products (bank_id, name)');
  db.prepare("insert into bilyets values ('d1')").run();
  try {
    db.prepare("insert into bilyets values ('d1')").run();
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('no violation');
}

// What pg answers for the same insert (its DatabaseError's fields).
const pgViolation = Object.assign(new Error('duplicate key value violates unique constraint "bilyets_pkey"'), { code: '23505', constraint: 'bilyets_pkey' });

describe('a unique key refusing an insert', () => {
  it('is told apart on both dialects, by key when asked', () => {
    const sqlite = sqliteViolation();
    for (const error of [sqlite, pgViolation]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, /bilyets_pkey|bilyets\.deposit_id/)).toBe(true);
      expect(isUniqueViolation(error, 'products_bank_name_idx')).toBe(false);
    }
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('not null'), { code: '23502' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('that no area mapped is answered 409 in Indonesian, never 500', async () => {
    const app = new Hono();
    app.get('/race', () => {
      throw pgViolation;
    });
    app.onError(handleError(pino({ level: 'silent' })));
    const answer = await app.request('/race');
    expect(answer.status).toBe(409);
    expect((await answer.json()).message).toBe(UNIQUE_CONFLICT_MESSAGE);
  });
});
