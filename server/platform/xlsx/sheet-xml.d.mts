/** Types of sheet-xml.mjs (plain JavaScript, so the parsing worker loads it without a compile step). */

export type SheetCell = string | number | boolean | Date;

export interface SheetBook {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

export interface SheetRow {
  number: number;
  values: SheetCell[];
}

export function attribute(attributes: string, name: string): string | undefined;
export function readSharedStrings(xml: string): string[];
export function isDateFormatCode(code: string): boolean;
export function readDateStyles(xml: string): boolean[];
export function usesDate1904(workbookXml: string): boolean;
export function worksheetRowReader(book: SheetBook): { push(text: string): SheetRow[] };
