import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Where uploaded bytes live; the database keeps their metadata (stored_files). A new file is
 * written in two steps around the transaction that inserts its stored_files row (uploads.ts):
 *
 *   1. `putBeforeTransaction`: a store outside the database (disk, S3) writes the bytes here, so
 *      no database transaction stays open over a file write or a network call;
 *   2. `putInTransaction`, through that transaction's handle: the database store writes the
 *      bytes here, so they commit or roll back with the row (and with the request's ambient
 *      transaction, when it has one).
 *
 * When the transaction fails, `delete` removes what step 1 wrote; step 2 needs no undo.
 */
export interface FileStore {
  /** 'disk', 'database' or 's3' (FILE_STORE). */
  readonly kind: string;
  putBeforeTransaction(id: string, bytes: Uint8Array): Promise<void>;
  putInTransaction(trx: Kysely<Database>, id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no file has that id. */
  get(id: string): Promise<Uint8Array | null>;
  /** Removes the bytes step 1 wrote (the undo of a failed transaction); no error when there are none. */
  delete(id: string): Promise<void>;
  /** Lets go of connections (S3's HTTP agent) when the server stops. */
  close?(): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;

export function checkFileId(id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`Invalid file id: ${id}`);
  return id;
}

/** Files on local disk, one per id, under `directory` (DATA_DIR/files): one instance, or a shared DATA_DIR. */
export function diskFileStore(directory: string): FileStore {
  const pathOf = (id: string) => join(directory, checkFileId(id));
  return {
    kind: 'disk',
    async putBeforeTransaction(id, bytes) {
      await mkdir(directory, { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const temporary = `${pathOf(id)}.partial`;
      await writeFile(temporary, bytes);
      await rename(temporary, pathOf(id));
    },
    async putInTransaction() {},
    async get(id) {
      try {
        return new Uint8Array(await readFile(pathOf(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}

/**
 * Files in the database (table file_contents, migration 0006), written through the transaction
 * that inserts their stored_files row: an upload that rolls back leaves no bytes, and every
 * instance on the same PostgreSQL serves every file. `db` is the server's (ambient-aware) handle,
 * for reading.
 */
export function databaseFileStore(db: Kysely<Database>): FileStore {
  return {
    kind: 'database',
    async putBeforeTransaction() {},
    async putInTransaction(trx, id, bytes) {
      // A Buffer over the same memory: both drivers bind a Buffer as bytea / blob.
      await trx.insertInto('file_contents').values({ file_id: checkFileId(id), bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();
    },
    async get(id) {
      const row = await db.selectFrom('file_contents').select('bytes').where('file_id', '=', checkFileId(id)).executeTakeFirst();
      return row ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async delete() {
      // Nothing was written outside the transaction; its rollback took the bytes.
    },
  };
}
