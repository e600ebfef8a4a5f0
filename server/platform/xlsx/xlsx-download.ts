import type { Handler } from 'hono';
import type { Logger } from 'pino';
import { jakartaDate } from '../business-date';
import type { Clock } from '../clock';
import type { AppEnv } from '../http/session';
import type { ExportSource } from './keyset';
import { xlsxDownloadHeaders, xlsxWebStream, type XlsxSheet } from './xlsx-stream';

/** What an area's Excel download needs: where to read, which day is today, where to log a failure. */
export interface XlsxDownloadDeps extends ExportSource {
  clock: Clock;
  logger: Logger;
  /** Rows per keyset batch (tests make it small to cross batch borders). */
  batchSize?: number;
}

/** An area's export: validates the query (a bad filter throws before the first byte), then names the file and its sheet. */
type XlsxExport<Row> = (
  source: ExportSource,
  bankId: string,
  query: Record<string, unknown>,
  today: string,
  batchSize?: number,
) => Promise<{ filename: string; sheet: XlsxSheet<Row> }>;

/**
 * A GET handler answering the export as the file itself (Content-Disposition: attachment),
 * streamed from the database into the zip as it is written; it reads only the token's bank.
 */
export function xlsxDownload<Row>(deps: XlsxDownloadDeps, kind: string, exportOf: XlsxExport<Row>): Handler<AppEnv> {
  return async (c) => {
    const bankId = c.get('claims').bprId;
    const prepared = await exportOf({ db: deps.db, reads: deps.reads }, bankId, c.req.query(), jakartaDate(deps.clock.now()), deps.batchSize);
    const body = xlsxWebStream(prepared.sheet, (error) => deps.logger.error({ err: error, kind, bankId }, 'excel export failed midway'));
    return new Response(body, { status: 200, headers: xlsxDownloadHeaders(prepared.filename) });
  };
}
