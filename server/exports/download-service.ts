import type { Logger } from 'pino';
import { jakartaDate } from '../jobs/business-date';
import type { Clock } from '../services/clock';
import { depositListExport } from './deposit-list-export';
import { disbursementsExport } from './disbursements-export';
import { dueInformationExport } from './due-information-export';
import type { ExportSource } from './keyset';
import { interestTemplateExport } from './interest-template-export';
import { xlsxWebStream, type XlsxSheet } from './xlsx-stream';

export type DownloadKind = 'depositList' | 'interestTemplate' | 'disbursements' | 'dueInformation';

export interface Download {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * The Excel downloads, each scoped to the caller's bank. The query is validated before the first
 * byte is written (a bad filter answers 400 JSON); then rows stream from the database into the zip.
 */
export function createDownloadService(deps: ExportSource & { clock: Clock; logger: Logger; batchSize?: number }) {
  const source: ExportSource = { db: deps.db, reads: deps.reads };
  const stream = <Row>(kind: DownloadKind, bankId: string, filename: string, sheet: XlsxSheet<Row>): Download => ({
    filename,
    body: xlsxWebStream(sheet, (error) => deps.logger.error({ err: error, kind, bankId }, 'excel export failed midway')),
  });

  async function prepare(kind: DownloadKind, bankId: string, query: Record<string, unknown>) {
    const today = jakartaDate(deps.clock.now());
    switch (kind) {
      case 'depositList':
        return depositListExport(source, bankId, query, today, deps.batchSize);
      case 'interestTemplate':
        return interestTemplateExport(source, bankId, query, today, deps.batchSize);
      case 'disbursements':
        return disbursementsExport(source, bankId, query, today, deps.batchSize);
      case 'dueInformation':
        return dueInformationExport(source, bankId, query, today, deps.batchSize);
    }
  }

  return {
    async download(kind: DownloadKind, bankId: string, query: Record<string, unknown>): Promise<Download> {
      const prepared = await prepare(kind, bankId, query);
      return stream(kind, bankId, prepared.filename, prepared.sheet as XlsxSheet<unknown>);
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
