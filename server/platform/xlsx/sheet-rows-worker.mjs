import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * The rows of an uploaded xlsx's first worksheet, parsed off the main thread (xlsx-upload.ts,
 * readUploadedSheetRows): exceljs's streaming reader makes a few objects per cell, which on the
 * main thread would hold the event loop for seconds on a large book and let its heap grow by
 * hundreds of MB of garbage; here the worker's own heap is held small and collected. The bytes
 * were bounded (zip bomb checks) before they came here. Rows go to the main thread in batches of
 * BATCH, at most CREDITS batches ahead of what it has taken ('more' gives one back).
 */

const BATCH = 500;
const CREDITS = 2;

let credits = CREDITS;
let wake = null;
parentPort.on('message', (message) => {
  if (message !== 'more') return;
  credits += 1;
  if (wake) {
    const resume = wake;
    wake = null;
    resume();
  }
});

async function send(rows, done) {
  parentPort.postMessage({ rows, done });
  credits -= 1;
  if (credits <= 0 && !done) await new Promise((resolve) => (wake = resolve));
}

async function main() {
  const bytes = Buffer.from(workerData.bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let batch = [];
  let sawSheet = false;
  for await (const worksheet of reader) {
    sawSheet = true;
    for await (const row of worksheet) {
      batch.push({ number: row.number, values: row.values });
      if (batch.length >= BATCH) {
        const full = batch;
        batch = [];
        await send(full, false);
      }
    }
    // The first sheet is the data; later ones (an explanation) are not read.
    break;
  }
  if (!sawSheet) parentPort.postMessage({ failed: 'no worksheet' });
  else await send(batch, true);
}

main().catch((error) => parentPort.postMessage({ failed: String(error?.message ?? error) }));
