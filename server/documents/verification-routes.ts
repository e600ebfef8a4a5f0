import { Hono, type Context } from 'hono';
import { formatRupiah } from '../../machines/deposit-rules';
import { longDateId } from '../platform/pdf/indonesian-dates';
import { ServiceError } from '../platform/errors';
import { clientAddress } from '../platform/http/client-address';
import { ok } from '../platform/http/envelope';
import type { AppEnv } from '../platform/http/session';
import type { BilyetVerification, VerificationService } from './verification-service';

/**
 * GET /verifikasi/bilyet/{code}: no base, no token (the QR on a bilyet points here). A browser
 * (Accept: text/html) gets a small page of its own — no script, no outside asset, a strict CSP —
 * anything else the JSON envelope.
 */
export function verificationRoutes(deps: { verification: VerificationService; trustedProxyHops: number }) {
  const router = new Hono<AppEnv>();
  router.get('/verifikasi/bilyet/:code', async (c) => {
    const wantsPage = wantsHtml(c);
    try {
      const answer = await deps.verification.verify(c.req.param('code'), clientAddress(c, deps.trustedProxyHops));
      return wantsPage ? page(c, 200, found(answer)) : ok(c, answer);
    } catch (error) {
      if (!wantsPage || !(error instanceof ServiceError)) throw error;
      return page(c, error.kind === 'too-many-attempts' ? 429 : 404, notFound(error.message));
    }
  });
  return router;
}

function wantsHtml(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function found(answer: BilyetVerification): string {
  const rows: Array<[string, string]> = [
    ['Bank penerbit', answer.bankName],
    ['Nomor bilyet', answer.bilyetNumber],
    ['Nama pemegang', answer.holderName],
    ['Nominal', formatRupiah(answer.amount)],
    ['Jatuh tempo', longDateId(answer.maturityDate)],
  ];
  return `<p class="verdict ${answer.inForce && !answer.held ? 'good' : 'warn'}">${escape(answer.note)}</p>
<dl>${rows.map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>
<p class="small">Nama pemegang disamarkan. Untuk keterangan lebih lanjut hubungi bank penerbit.</p>`;
}

function notFound(message: string): string {
  return `<p class="verdict bad">${escape(message)}</p>`;
}

function page(c: Context, status: 200 | 404 | 429, body: string): Response {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verifikasi Bilyet Deposito</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1d2b36}
main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 1.75rem;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 1rem}
.verdict{padding:.75rem 1rem;border-radius:8px;font-weight:600}
.good{background:#e3f5ea;color:#14532d}.warn{background:#fff4d6;color:#6b4e00}.bad{background:#fde8e8;color:#7f1d1d}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1.25rem 0}
dt{color:#52616b}dd{margin:0;font-weight:600}
.small{font-size:.85rem;color:#52616b}
</style></head>
<body><main><h1>Verifikasi Bilyet Deposito</h1>${body}</main></body></html>`,
    status,
  );
}
