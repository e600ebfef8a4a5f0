import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import { errorResponse } from './envelope';

/** One JSON line per request: method, path, status, duration. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, durationMs: Math.round((performance.now() - started) * 10) / 10 },
      'request',
    );
  };
}

/** The Content-Security-Policy for the SPA, the API and the API viewer; framing only by 'self' and the embedding hosts. */
export function contentSecurityPolicy(embedAllowedOrigins: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // react-toastify and Swagger UI inject <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...embedAllowedOrigins].join(' ')}`,
  ].join('; ');
}

export function securityHeaders(embedAllowedOrigins: string[]): MiddlewareHandler {
  const csp = contentSecurityPolicy(embedAllowedOrigins);
  return async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', csp);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    // Reset links carry their token in the URL: never hand it to another site.
    c.res.headers.set('Referrer-Policy', 'same-origin');
    // API answers carry tokens and personal data: no shared or browser cache keeps them.
    if (!c.res.headers.has('Cache-Control') && (c.res.headers.get('Content-Type') ?? '').includes('application/json')) {
      c.res.headers.set('Cache-Control', 'no-store');
    }
  };
}

export const MAX_REQUEST_BYTES = 12 * 1024 * 1024;

export function requestBodyLimit(maxBytes = MAX_REQUEST_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => errorResponse(c, 413, `Ukuran data yang dikirim terlalu besar (maksimal ${Math.round(maxBytes / (1024 * 1024))} MB).`),
  });
}
