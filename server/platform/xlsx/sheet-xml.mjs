/**
 * The cells of a SpreadsheetML (xlsx) worksheet, read from the XML text the way Excel, LibreOffice
 * and exceljs write it (ECMA-376 part 1, §18.3 worksheets, §18.4 shared strings, §18.8 styles):
 * plain functions over strings, used by the parsing worker (sheet-rows-worker.mjs) and tested
 * on their own. A cell is read as a plain value: text, a number, a boolean, a Date for a number
 * in a date format (as exceljs reads it), null for an error or a formula without its result.
 */

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));|_x([0-9a-fA-F]{4})_/g;
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's entities and character references, and OOXML's `_xHHHH_` escapes (a control character in a string, §22.4.2.4). */
function decodeXmlText(text) {
  if (!text.includes('&') && !text.includes('_x')) return text;
  return text.replace(ENTITY, (whole, hex, decimal, name, escaped) => {
    if (name) return NAMED[name];
    const code = hex ? parseInt(hex, 16) : decimal ? Number(decimal) : parseInt(escaped, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** One pattern per attribute name, made once: a row of twenty cells asks for three attributes each. */
const ATTRIBUTES = new Map();

/** The value of attribute `name` in a tag's attribute text, any namespace prefix aside; undefined when absent. */
export function attribute(attributes, name) {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) ATTRIBUTES.set(name, (pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const match = pattern.exec(attributes);
  return match ? decodeXmlText(match[1] ?? match[2]) : undefined;
}

const TEXT_RUN = /<(?:\w+:)?t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined, the phonetic guides (`<rPh>`) left out. */
function stringItemText(xml) {
  let text = '';
  for (const match of xml.replace(PHONETIC, '').matchAll(TEXT_RUN)) text += decodeXmlText(match[1] ?? '');
  return text;
}

/** The shared string table (xl/sharedStrings.xml): item i is the text of the i-th `<si>`. */
export function readSharedStrings(xml) {
  const strings = [];
  for (const match of xml.matchAll(/<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g)) strings.push(stringItemText(match[1] ?? ''));
  return strings;
}

/** The built-in number formats that show a date or a time (§18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Whether a custom format code shows a date or a time: a d, m, y, h or s outside its quoted text, escapes and [colour] or [$-locale] parts. */
export function isDateFormatCode(code) {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style (`<cellXfs>`'s `<xf>`, by index), whether its number format is a date's. */
export function readDateStyles(xml) {
  const customDates = new Set();
  for (const match of xml.matchAll(/<(?:\w+:)?numFmt\b([^>]*?)\/?>/g)) {
    const id = Number(attribute(match[1], 'numFmtId'));
    const code = attribute(match[1], 'formatCode') ?? '';
    if (isDateFormatCode(code)) customDates.add(id);
  }
  const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml);
  if (!cellXfs) return [];
  const dates = [];
  for (const match of cellXfs[1].matchAll(/<(?:\w+:)?xf\b([^>]*?)(?:\/>|>)/g)) {
    const id = Number(attribute(match[1], 'numFmtId') ?? 0);
    dates.push(BUILT_IN_DATE_FORMATS.has(id) || customDates.has(id));
  }
  return dates;
}

/** Whether the workbook counts its dates from 1904 (`<workbookPr date1904="1"/>`, old Mac Excel). */
export function usesDate1904(workbookXml) {
  const properties = /<(?:\w+:)?workbookPr\b([^>]*)>/.exec(workbookXml);
  const value = properties ? attribute(properties[1], 'date1904') : undefined;
  return value === '1' || value === 'true';
}

/** An Excel date serial as a Date, computed as exceljs does (days since 30-Dec-1899, or 1-Jan-1904). */
function excelSerialToDate(serial, date1904) {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}

/** The column number (A = 1) of a cell reference such as `AB12`; undefined when it has none. */
function columnOf(reference) {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(reference ?? '');
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters[1].toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?v>/;
const INLINE = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/;

/** One cell's plain value from its attributes and content, with the workbook's shared strings and date styles. */
function cellValue(attributes, content, book) {
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') {
    const inline = INLINE.exec(content);
    return inline ? stringItemText(inline[1]) : null;
  }
  const value = VALUE.exec(content);
  if (!value) return null;
  const raw = decodeXmlText(value[1]);
  switch (type) {
    case 's': {
      const text = book.sharedStrings[Number(raw)];
      return text === undefined ? null : text;
    }
    case 'str':
      return raw;
    case 'b':
      return raw.trim() === '1' || raw.trim() === 'true';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(raw);
      return Number.isNaN(date.getTime()) ? raw : date;
    }
    default: {
      const number = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(number)) return raw;
      const style = Number(attribute(attributes, 's') ?? 0);
      return book.dateStyles[style] ? excelSerialToDate(number, book.date1904) : number;
    }
  }
}

/**
 * The cells of one row's content (what is between `<row …>` and `</row>`) as exceljs's row array:
 * index = column number, index 0 unused; cells without a value left out. Null when no cell holds one.
 */
function rowValues(content, book) {
  const values = [];
  let column = 0;
  let any = false;
  for (const match of content.matchAll(CELL)) {
    column = columnOf(attribute(match[1], 'r')) ?? column + 1;
    const value = cellValue(match[1], match[2] ?? '', book);
    if (value === null || value === undefined) continue;
    values[column] = value;
    any = true;
  }
  return any ? values : null;
}

/**
 * Reads rows out of a worksheet's XML as it arrives in pieces: `push(text)` returns the rows now
 * complete, each `{ number, values }` (`number` from the row's `r`, or the one after the last);
 * a row cut between two pieces waits for the next. Rows without a value are not returned.
 */
export function worksheetRowReader(book) {
  let pending = '';
  let lastNumber = 0;
  const ROW_START = /<(?:\w+:)?row\b([^>]*?)(\/?)>/g;
  const ROW_END = /<\/(?:\w+:)?row>/g;
  return {
    push(text) {
      pending += text;
      const rows = [];
      let consumed = 0;
      let keepFrom;
      for (;;) {
        ROW_START.lastIndex = consumed;
        const start = ROW_START.exec(pending);
        if (!start) {
          // Nothing more here but perhaps the start of a tag cut in two.
          keepFrom = Math.max(consumed, pending.lastIndexOf('<'));
          break;
        }
        const number = Number(attribute(start[1], 'r')) || lastNumber + 1;
        if (start[2] === '/') {
          lastNumber = number;
          consumed = ROW_START.lastIndex;
          continue;
        }
        ROW_END.lastIndex = ROW_START.lastIndex;
        const close = ROW_END.exec(pending);
        if (!close) {
          keepFrom = start.index;
          break;
        }
        lastNumber = number;
        const values = rowValues(pending.slice(ROW_START.lastIndex, close.index), book);
        if (values) rows.push({ number, values });
        consumed = ROW_END.lastIndex;
      }
      pending = pending.slice(keepFrom);
      return rows;
    },
  };
}
