import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Reason phrases for the `error` field of the error envelope. */
const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(status: number): string {
  return REASON[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** `{ statusCode, message: "OK", data }` with 200, or 201 for creations. */
export function ok<T>(c: Context, data: T, status: 200 | 201 | 202 = 200): Response {
  return c.json({ statusCode: status, message: 'OK', data }, status);
}

/** Lists answer `data` with the rows and `meta` with the paging (API.md envelope). */
export function okPage(c: Context, page: { items: unknown[]; meta: unknown }, extra: Record<string, unknown> = {}): Response {
  return c.json({ statusCode: 200, message: 'OK', data: page.items, meta: page.meta, ...extra }, 200);
}

interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  data?: unknown;
}

/** A 400's `message` is always an array of sentences (API.md), whichever layer refused the request. */
export function errorBody(status: number, message: string | string[], options: { error?: string; data?: unknown } = {}): ErrorBody {
  return {
    statusCode: status,
    message: status === 400 && typeof message === 'string' ? [message] : message,
    error: options.error ?? reasonPhrase(status),
    ...(options.data !== undefined ? { data: options.data } : {}),
  };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string | string[], options: { error?: string; data?: unknown } = {}): Response {
  return c.json(errorBody(status, message, options), status);
}

export const NOT_FOUND_MESSAGE = 'Alamat yang diminta tidak ditemukan.';
export const SERVER_ERROR_MESSAGE = 'Terjadi kesalahan pada server. Silakan coba lagi nanti.';
