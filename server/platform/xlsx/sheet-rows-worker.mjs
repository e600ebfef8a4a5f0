import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { attribute, readDateStyles, readSharedStrings, usesDate1904, worksheetRowReader } from './sheet-xml.mjs';

/**
 * The rows of an uploaded xlsx's first worksheet, parsed off the main thread (xlsx-upload.ts,
 * readUploadedSheetRows). The worksheet is inflated as a stream and its rows read out of the XML
 * text as it comes (sheet-xml.mjs), so neither the sheet nor its cells are ever held whole:
 * exceljs's streaming reader, used here before, made a few objects per cell and took this
 * worker to ~110 MB and ~18 s for a book of 100,000 rows. The bytes were bounded (zip bomb
 * checks) before they came here, and `entries` is the central directory read then. Rows go to
 * the main thread in batches of BATCH, at most CREDITS batches ahead of what it has taken
 * ('more' gives one back).
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

const bytes = Buffer.from(workerData.bytes);
const entries = new Map(workerData.entries.map((entry) => [entry.name.replace(/^\/+/, ''), entry]));

function storedBytes(entry) {
  return bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
}

/** A small part (workbook, relationships, styles, shared strings) as text; '' when the zip has no such part. */
function partText(name) {
  const entry = entries.get(name);
  if (!entry) return '';
  const data = storedBytes(entry);
  return (entry.method === 0 ? data : inflateRawSync(data)).toString('utf8');
}

/** The part a relationship of xl/workbook.xml points to, as a path inside the zip. */
function relationshipTargets(relationshipsXml) {
  const targets = [];
  for (const match of relationshipsXml.matchAll(/<(?:\w+:)?Relationship\b([^>]*?)\/?>/g)) {
    const id = attribute(match[1], 'Id');
    const type = attribute(match[1], 'Type') ?? '';
    const target = attribute(match[1], 'Target');
    if (!target) continue;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
    targets.push({ id, type, path });
  }
  return targets;
}

/** The first worksheet's part: the workbook's first `<sheet>`, through its relationship. */
function firstSheetPath(workbookXml, targets) {
  const sheet = /<(?:\w+:)?sheet\b([^>]*?)\/?>/.exec(workbookXml);
  // The relationship's id is namespaced (r:id); sheetId is another attribute.
  const id = sheet ? attribute(sheet[1], 'id') : undefined;
  return targets.find((target) => target.id === id)?.path ?? (entries.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : undefined);
}

async function main() {
  const workbookXml = partText('xl/workbook.xml');
  const targets = relationshipTargets(partText('xl/_rels/workbook.xml.rels'));
  const sheetPath = firstSheetPath(workbookXml, targets);
  const sheet = sheetPath ? entries.get(sheetPath) : undefined;
  if (!sheet) {
    parentPort.postMessage({ failed: 'no worksheet' });
    return;
  }
  const partOf = (kind, fallback) => targets.find((target) => target.type.endsWith(`/${kind}`))?.path ?? fallback;
  const book = {
    sharedStrings: readSharedStrings(partText(partOf('sharedStrings', 'xl/sharedStrings.xml'))),
    dateStyles: readDateStyles(partText(partOf('styles', 'xl/styles.xml'))),
    date1904: usesDate1904(workbookXml),
  };

  const reader = worksheetRowReader(book);
  const decoder = new TextDecoder('utf-8');
  const inflate = sheet.method === 0 ? null : createInflateRaw();
  const chunks = inflate ?? [storedBytes(sheet)];
  if (inflate) inflate.end(storedBytes(sheet));
  let batch = [];
  for await (const chunk of chunks) {
    for (const row of reader.push(decoder.decode(chunk, { stream: true }))) {
      batch.push(row);
      if (batch.length >= BATCH) {
        const full = batch;
        batch = [];
        await send(full, false);
      }
    }
  }
  for (const row of reader.push(decoder.decode())) batch.push(row);
  await send(batch, true);
}

main().catch((error) => parentPort.postMessage({ failed: String(error?.message ?? error) }));
