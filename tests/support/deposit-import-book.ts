import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { sampleRows, templateTables, type TemplateRow } from '../../server/deposits/deposit-import-template';
import { writeXlsxWorkbook } from '../../server/platform/xlsx/xlsx-workbook';

/**
 * An Impor Deposito book as an admin fills the template: the server's own template writer
 * (deposit-import-template.ts) with `rows` on its first sheet, typed as Excel types them (dates
 * as dates, the rate as a percent, the principal as a number). Streamed, so the benchmark's
 * 100,000 rows never sit in memory as a workbook.
 */
export async function importBook(rows: Iterable<TemplateRow> | AsyncIterable<readonly TemplateRow[]>): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(pass, 'end');
  const batches = Symbol.asyncIterator in rows ? (rows as AsyncIterable<readonly TemplateRow[]>) : [...(rows as Iterable<TemplateRow>)];
  const [data, explanation] = templateTables([]);
  await writeXlsxWorkbook([{ ...data!, rows: batches as never }, explanation!], pass);
  await ended;
  return Buffer.concat(chunks);
}

export { sampleRows, type TemplateRow };
