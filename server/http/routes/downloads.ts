import { Hono } from 'hono';
import type { AuthService } from '../../services/auth-service';
import type { DownloadKind, DownloadService } from '../../exports/download-service';
import { xlsxDownloadHeaders } from '../../exports/xlsx-stream';
import { requireSession, type AppEnv } from '../session';

/**
 * The Excel downloads of API.md on /api-v2-bpr (Bearer): the answer is the file itself, with
 * Content-Disposition: attachment, streamed as it is written. Every query reads only the token's bank.
 */
const DOWNLOAD_PATHS: Record<DownloadKind, string> = {
  depositList: '/invoice/all-deposito/download',
  interestTemplate: '/deposito/monthly-interest-template/download',
  disbursements: '/deposito/disbursements/download',
  dueInformation: '/deposito/due-information/download',
};

export function downloadRoutes(deps: { auth: AuthService; downloads: DownloadService }) {
  const router = new Hono<AppEnv>();
  const session = requireSession('bearer', deps.auth);
  for (const [kind, path] of Object.entries(DOWNLOAD_PATHS) as Array<[DownloadKind, string]>) {
    router.get(path, session, async (c) => {
      const file = await deps.downloads.download(kind, c.get('claims').bprId, c.req.query());
      return new Response(file.body, { status: 200, headers: xlsxDownloadHeaders(file.filename) });
    });
  }
  return router;
}
