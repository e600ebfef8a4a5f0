import { constants, deflateRawSync } from 'node:zlib';

/** One entry of a zip built by `zipOf`: its name, its stored (deflated) bytes, and the sizes its headers claim. */
export interface BuiltEntry {
  name: string;
  deflated: Buffer;
  declaredSize: number;
}

export const deflatedEntry = (name: string, text: string): BuiltEntry => ({ name, deflated: deflateRawSync(Buffer.from(text)), declaredSize: Buffer.byteLength(text) });

/**
 * A sheet entry that inflates to `megabytes` MB of rows from a few hundred kilobytes: one megabyte
 * of rows deflated once and ended with a full flush (byte-aligned, no reference to what came
 * before), repeated, between a head and a final tail. `declaredSize` is what the zip claims
 * (the true size unless the test makes it lie).
 */
export function bombSheet(megabytes: number, declaredSize?: number): BuiltEntry {
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const row = '<row><c t="inlineStr"><is><t>0</t></is></c></row>';
  const rows = row.repeat(Math.floor((1024 * 1024) / row.length));
  const tail = '</sheetData></worksheet>';
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const block = flushed(rows);
  const deflated = Buffer.concat([flushed(head), ...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.from(tail))]);
  const trueSize = head.length + megabytes * rows.length + tail.length;
  return { name: 'xl/worksheets/sheet1.xml', deflated, declaredSize: declaredSize ?? trueSize };
}

/** A zip of deflated entries (CRCs left zero: neither JSZip nor the upload check verifies them). */
export function zipOf(entries: readonly BuiltEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal xlsx whose only sheet is `sheet`. */
export function xlsxWith(sheet: BuiltEntry): Buffer {
  return zipOf([
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    deflatedEntry('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    deflatedEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Neraca" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedEntry('xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    sheet,
  ]);
}
