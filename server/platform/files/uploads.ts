import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { onAmbientRollback } from '../db/ambient-transaction';
import { insertStoredFile } from './file-repository';
import type { Database, StoredFileRow } from '../db/schema';
import type { FileStore } from './file-store';
import { isWellFormed } from './file-structure';

/** A file as it arrived, before any check: what the client called it and its bytes. */
export interface Upload {
  name: string | null;
  bytes: Uint8Array;
}

export type AcceptedMediaType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** The media type the bytes really are (by their magic numbers), whatever the name or header claims. */
export function detectMediaType(bytes: Uint8Array): AcceptedMediaType | null {
  const startsWith = (signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

const MEDIA_TYPE_NAMES: Record<AcceptedMediaType, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

interface UploadRule {
  /** How the form names the field, e.g. "Logo" or "Dokumen". */
  label: string;
  maxBytes: number;
  allowed: readonly AcceptedMediaType[];
  /** Indonesian list of the allowed types for the message, e.g. "PDF, JPEG atau PNG". */
  allowedText: string;
}

/** Checks one upload; the media type on success, or the Indonesian sentence saying what is wrong. */
export function checkUpload(upload: Upload, rule: UploadRule): { mediaType: AcceptedMediaType } | { problem: string } {
  const named = upload.name ? `${rule.label} "${upload.name}"` : rule.label;
  if (upload.bytes.byteLength === 0) return { problem: `${named} kosong.` };
  if (upload.bytes.byteLength > rule.maxBytes) return { problem: `${named} melebihi ukuran maksimal ${formatSize(rule.maxBytes)}.` };
  const mediaType = detectMediaType(upload.bytes);
  if (!mediaType || !rule.allowed.includes(mediaType)) return { problem: `${named} harus berupa berkas ${rule.allowedText}.` };
  if (!isWellFormed(upload.bytes, mediaType)) return { problem: `${named} rusak atau bukan berkas ${MEDIA_TYPE_NAMES[mediaType]} yang utuh.` };
  return { mediaType };
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Checked uploads on their way into the file store (storeUploads). */
interface StoredUploads {
  /** Their stored_files rows (ids chosen, not yet inserted). */
  rows: StoredFileRow[];
  /**
   * In the transaction that records them: inserts the rows and, with FILE_STORE=database, the
   * bytes through the same handle, so both commit or roll back together.
   */
  record(trx: Kysely<Database>): Promise<void>;
  /**
   * After that transaction failed: removes the bytes written before it (disk, S3). When the
   * request runs in an ambient transaction, its rollback calls this too.
   */
  undo(): Promise<void>;
}

/** The `stored_files` row of a checked upload: its size and SHA-256, the name the client gave it. */
export function storedFileRow(upload: Upload, mediaType: AcceptedMediaType, purpose: StoredFileRow['purpose'], now: string, id: string = randomUUID()): StoredFileRow {
  return {
    id,
    purpose,
    media_type: mediaType,
    size_bytes: upload.bytes.byteLength,
    original_name: upload.name ? upload.name.slice(0, 255) : null,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    created_at: now,
  };
}

/**
 * Writes checked uploads' bytes that live outside the database (disk, S3) and returns what the
 * transaction that records them calls (`record`), plus the undo for when that transaction fails:
 *
 *   const stored = await storeUploads(fileStore, uploads, now);
 *   try { await db.transaction().execute(async (trx) => { …; await stored.record(trx); … }); }
 *   catch (error) { await stored.undo(); throw error; }
 */
export async function storeUploads(
  fileStore: FileStore,
  uploads: Array<{ upload: Upload; mediaType: AcceptedMediaType; purpose: StoredFileRow['purpose'] }>,
  now: string,
): Promise<StoredUploads> {
  const files = uploads.map(({ upload, mediaType, purpose }) => ({ bytes: upload.bytes, row: storedFileRow(upload, mediaType, purpose, now) }));
  const written: string[] = [];
  const undo = async () => {
    await Promise.all(written.map((id) => fileStore.delete(id)));
  };
  try {
    for (const { row, bytes } of files) {
      written.push(row.id);
      await fileStore.putBeforeTransaction(row.id, bytes);
    }
  } catch (error) {
    await undo();
    throw error;
  }
  // The service undoes them when its own transaction fails; this, when the request's ambient
  // transaction (Idempotency-Key) that it joined rolls back or fails to commit afterwards.
  onAmbientRollback(undo);
  return {
    rows: files.map((file) => file.row),
    async record(trx) {
      for (const { row, bytes } of files) {
        await insertStoredFile(trx, row);
        await fileStore.putInTransaction(trx, row.id, bytes);
      }
    },
    undo,
  };
}
