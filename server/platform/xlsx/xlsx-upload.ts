import { Worker } from 'node:worker_threads';
import { createInflateRaw, inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { ServiceError } from '../errors';

/**
 * Every uploaded xlsx is opened here, never with exceljs directly (lint forbids `xlsx.load`
 * elsewhere). An xlsx is a zip: a 600 kB upload can inflate to gigabytes (a zip bomb), and exceljs
 * would inflate and parse all of it on the event loop, stalling every other request. So before
 * exceljs sees the bytes:
 * 1. the zip's central directory is read and held to a bound — at most `maxEntries` entries, their
 *    declared sizes at most `maxInflatedBytes` together, no entry of over 1 MB declared that
 *    inflates more than 200 times its stored size, no ZIP64, encryption or other compression;
 * 2. every entry is really inflated, off the event loop (zlib's thread pool), with the budget left
 *    as zlib's output limit, so a directory that lies about sizes is stopped as soon as its actual
 *    bytes pass the bound, after inflating no more than the bound.
 * Only then does exceljs load the file; it reads exactly the entries checked here (the same
 * central directory, the same data offsets), so what it inflates is bounded too.
 */

/** What an upload may inflate to by default: templates are kilobytes; a sheet of thousands of rows a few megabytes. */
const XLSX_MAX_INFLATED_BYTES = 8 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 1000;
/** An entry this large may not claim to inflate more than XLSX_MAX_RATIO times its stored size. */
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;
const XLSX_MAX_RATIO = 200;

interface XlsxUploadLimits {
  maxInflatedBytes?: number;
  maxEntries?: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  dataStart: number;
}

const inflateRawAsync = promisify(inflateRaw) as (buffer: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

class NotAZip extends Error {}
class TooLarge extends Error {}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10}`.replace('.', ',');

function tooLargeError(limits: Required<XlsxUploadLimits>): ServiceError {
  return new ServiceError(
    'too-large',
    `Berkas xlsx ini terlalu besar setelah dibuka: isinya lebih dari ${megabytes(limits.maxInflatedBytes)} MB atau lebih dari ${limits.maxEntries.toLocaleString('id-ID')} bagian. Unggah berkas yang lebih kecil, misalnya template yang diunduh dari layar ini.`,
  );
}

/** The entries of a zip whose central directory ends exactly at its end record (as every spreadsheet program writes it). */
function readCentralDirectory(bytes: Buffer, limits: Required<XlsxUploadLimits>): ZipEntry[] {
  if (bytes.length < EOCD_BYTES) throw new NotAZip();
  // The last end record, as JSZip (inside exceljs) looks for it.
  let eocd = -1;
  for (let at = bytes.length - EOCD_BYTES; at >= Math.max(0, bytes.length - EOCD_BYTES - MAX_COMMENT); at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new NotAZip();
  const disk = bytes.readUInt16LE(eocd + 4);
  const cdDisk = bytes.readUInt16LE(eocd + 6);
  const entriesOnDisk = bytes.readUInt16LE(eocd + 8);
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64, split archives and data before or inside the zip: no spreadsheet needs them, and
  // JSZip would then read other offsets than the ones checked here.
  if (disk !== 0 || cdDisk !== 0 || entriesOnDisk !== count || count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new NotAZip();
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) throw new NotAZip();
  if (cdOffset + cdSize !== eocd) throw new NotAZip();
  if (count > limits.maxEntries) throw new TooLarge();

  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  let at = cdOffset;
  while (at < eocd) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new NotAZip();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw new NotAZip();
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) throw new NotAZip();
    if (method === 0 && compressedSize !== declaredSize) throw new NotAZip();
    declaredTotal += declaredSize;
    if (declaredTotal > limits.maxInflatedBytes) throw new TooLarge();
    if (declaredSize >= RATIO_CHECKED_FROM_BYTES && declaredSize > XLSX_MAX_RATIO * compressedSize) throw new TooLarge();
    if (localOffset + 30 > cdOffset || bytes.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) throw new NotAZip();
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > cdOffset) throw new NotAZip();
    entries.push({ name: bytes.toString('utf8', at + 46, at + 46 + nameLength), method, compressedSize, declaredSize, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
    if (entries.length > limits.maxEntries) throw new TooLarge();
  }
  if (at !== eocd || entries.length !== count || entries.length === 0) throw new NotAZip();
  return entries;
}

/** Entries declared larger than this are inflated as a stream and counted, never held whole (an import's sheet of 100,000 rows inflates to hundreds of MB). */
const STREAMED_FROM_BYTES = 16 * 1024 * 1024;

/** The inflated size of one entry, counted piece by piece; TooLarge as soon as it passes `budget`. */
function countInflated(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        reject(new TooLarge());
      }
    });
    inflate.on('error', () => reject(new NotAZip()));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

/** Inflates every entry within the budget left; throws TooLarge the moment the actual bytes pass it. */
async function inflateWithinBound(bytes: Buffer, entries: readonly ZipEntry[], maxInflatedBytes: number): Promise<void> {
  let left = maxInflatedBytes;
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    let size: number;
    if (entry.method === 0) {
      size = data.length;
    } else if (entry.declaredSize > STREAMED_FROM_BYTES) {
      size = await countInflated(data, left);
    } else {
      try {
        // One byte more than the budget: reaching it means the entry passes the bound.
        size = (await inflateRawAsync(data, { maxOutputLength: left + 1 })).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TooLarge();
        throw new NotAZip();
      }
    }
    left -= size;
    if (left < 0) throw new TooLarge();
  }
}

/** The bounds above, checked; 413 or 400 (`notXlsxMessage`) when the bytes pass them. */
async function checkedUpload(bytes: Uint8Array, notXlsxMessage: string, limitsIn: XlsxUploadLimits): Promise<{ buffer: Buffer; entries: ZipEntry[] }> {
  const limits: Required<XlsxUploadLimits> = { maxInflatedBytes: XLSX_MAX_INFLATED_BYTES, maxEntries: XLSX_MAX_ENTRIES, ...limitsIn };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const entries = readCentralDirectory(buffer, limits);
    await inflateWithinBound(buffer, entries, limits.maxInflatedBytes);
    return { buffer, entries };
  } catch (error) {
    if (error instanceof TooLarge) throw tooLargeError(limits);
    if (error instanceof NotAZip) throw new ServiceError('invalid', notXlsxMessage);
    throw error;
  }
}

const ROWS_WORKER_URL = new URL('./sheet-rows-worker.mjs', import.meta.url);
/** The parsing worker's heap: a small young generation, so its garbage is collected as it goes instead of growing the process; room in the old one for a sheet's shared strings. */
const ROWS_WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 };

type WorkerMessage = { rows: Array<{ number: number; values: unknown[] }>; done: boolean } | { failed: string };

/**
 * The rows of an uploaded xlsx's first worksheet, one at a time, after the same bounds as
 * loadUploadedWorkbook: for sheets too large to hold as a workbook (an import of 100,000 rows).
 * A worker thread (sheet-rows-worker.mjs) inflates the sheet as a stream and reads its rows out of
 * the XML (sheet-xml.mjs), a few batches ahead of the caller, so neither the event loop nor the
 * main heap carries the parsing. `values` is the row as exceljs's row array (index 0 unused) of
 * plain cells: text (rich text joined), number, boolean, Date for a number in a date format, a
 * formula's result; errors and empty cells left out. Rows without a value are not emitted. A
 * caller that stops early stops the worker.
 */
export async function* readUploadedSheetRows(bytes: Uint8Array, notXlsxMessage: string, limitsIn: XlsxUploadLimits = {}): AsyncGenerator<{ number: number; values: unknown[] }> {
  const limits: Required<XlsxUploadLimits> = { maxInflatedBytes: XLSX_MAX_INFLATED_BYTES, maxEntries: XLSX_MAX_ENTRIES, ...limitsIn };
  const { buffer, entries } = await checkedUpload(bytes, notXlsxMessage, limits);
  // A copy of its own goes to the worker: the caller's bytes stay usable.
  const copy = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
  const worker = new Worker(ROWS_WORKER_URL, { workerData: { bytes: copy, entries }, transferList: [copy], resourceLimits: ROWS_WORKER_LIMITS });
  const inbox: Array<WorkerMessage | { crashed: Error }> = [];
  let notify: (() => void) | null = null;
  const arrived = (message: WorkerMessage | { crashed: Error }) => {
    inbox.push(message);
    notify?.();
    notify = null;
  };
  worker.on('message', arrived);
  worker.on('error', (error) => arrived({ crashed: error }));
  worker.on('exit', () => arrived({ crashed: new Error('sheet rows worker exited') }));
  try {
    for (;;) {
      if (inbox.length === 0) await new Promise<void>((resolve) => (notify = resolve));
      const message = inbox.shift()!;
      if ('crashed' in message) {
        if ((message.crashed as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooLargeError(limits);
        throw new ServiceError('invalid', notXlsxMessage);
      }
      if ('failed' in message) throw new ServiceError('invalid', notXlsxMessage);
      for (const row of message.rows) yield row;
      if (message.done) return;
      worker.postMessage('more');
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}

/**
 * The workbook of an uploaded xlsx, after the bounds above: a file beyond them is refused with 413
 * (in well under a second, without holding the event loop), one that is not an xlsx with
 * `notXlsxMessage` (400).
 */
export async function loadUploadedWorkbook(bytes: Uint8Array, notXlsxMessage: string, limitsIn: XlsxUploadLimits = {}): Promise<ExcelJS.Workbook> {
  const { buffer } = await checkedUpload(bytes, notXlsxMessage, limitsIn);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new ServiceError('invalid', notXlsxMessage);
  }
  return workbook;
}
