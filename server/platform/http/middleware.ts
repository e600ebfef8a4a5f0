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

export interface SecurityOptions {
  embedAllowedOrigins: string[];
  /** PUBLIC_URL is https: browsers are told to come back over https only (HSTS). */
  https: boolean;
}

/** One year, the HSTS preload list's minimum. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries, the raw ones written for refused connections included. */
export function securityHeaderValues(options: SecurityOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options.embedAllowedOrigins),
    'X-Content-Type-Options': 'nosniff',
    // Reset links carry their token in the URL: never hand it to another site.
    'Referrer-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

export function securityHeaders(options: SecurityOptions): MiddlewareHandler {
  const headers = Object.entries(securityHeaderValues(options));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) {
      // A stored file brings its own, stricter policy (files/file-response.ts).
      if (name === 'Content-Security-Policy' && c.res.headers.has(name)) continue;
      c.res.headers.set(name, value);
    }
    // API answers carry tokens and personal data: no shared or browser cache keeps them.
    if (!c.res.headers.has('Cache-Control') && (c.res.headers.get('Content-Type') ?? '').includes('application/json')) {
      c.res.headers.set('Cache-Control', 'no-store');
    }
  };
}

const MALFORMED_ADDRESS = 'Alamat permintaan tidak valid.';
const NUL_IN_ADDRESS = 'Alamat permintaan berisi karakter NUL, yang tidak dapat diproses.';

/**
 * Refuses a path or query string that does not decode, or that decodes to a NUL character: no
 * database stores one (PostgreSQL refuses it outright), so it could only end as a 500.
 */
export function refuseUnreadableAddresses(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, ' '));
    } catch {
      return errorResponse(c, 400, MALFORMED_ADDRESS);
    }
    if (decoded.includes('\u0000')) return errorResponse(c, 400, NUL_IN_ADDRESS);
    await next();
  };
}

const MAX_REQUEST_BYTES = 12 * 1024 * 1024;

export function requestBodyLimit(maxBytes = MAX_REQUEST_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => errorResponse(c, 413, `Ukuran data yang dikirim terlalu besar (maksimal ${Math.round(maxBytes / (1024 * 1024))} MB).`),
  });
}
