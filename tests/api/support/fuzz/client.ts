import { Agent, request as httpRequest } from 'node:http';
import { sampleJpeg, samplePdf, samplePng } from '../../../support/sample-files';
import type { Security } from './operations';
import type { AuthVariant, FileContent, FuzzRequest } from './requests';

/** The Authorization header value of each kind of caller, for the header form of a base. */
export type Credentials = Record<AuthVariant, { bearer: string | null; raw: string | null }>;

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  /** Bytes of a non-JSON body. */
  size: number;
  ms: number;
}

const FILES: Record<FileContent, () => Uint8Array> = {
  pdf: () => samplePdf(2_000),
  png: () => samplePng(8),
  jpeg: () => sampleJpeg(2_000),
  gif: () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  text: () => Buffer.from('bukan dokumen, hanya teks'),
  empty: () => new Uint8Array(0),
  garbage: () => Uint8Array.from({ length: 3_000 }, (_, index) => (index * 7919) % 256),
  truncatedPdf: () => samplePdf(2_000).subarray(0, 1_000),
  // Over the 5 MB upload limit, under the 12 MB body limit.
  oversized: () => samplePdf(5 * 1024 * 1024 + 10),
};
const fileCache = new Map<FileContent, Uint8Array>();
function fileBytes(content: FileContent): Uint8Array<ArrayBuffer> {
  let bytes = fileCache.get(content);
  if (!bytes) fileCache.set(content, (bytes = FILES[content]()));
  return new Uint8Array(bytes);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, but a lone surrogate is sent as UTF-8 encoders do (U+FFFD) instead of throwing. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

/** The request's URL path and query, encoded as a client would (or not, where the request says so). */
export function urlOf(request: FuzzRequest): string {
  const path = request.pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = request.path[name];
    if (!parameter) return '';
    return parameter.encode ? percentEncode(parameter.value) : parameter.value;
  });
  const query = request.rawQuery ?? request.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  return query === '' ? path : `${path}?${query}`;
}

async function bodyOf(request: FuzzRequest): Promise<{ body: string | Uint8Array | undefined; contentType: string | null }> {
  const body = request.body;
  if (!body) return { body: undefined, contentType: null };
  if (body.kind === 'json') return { body: JSON.stringify(body.value), contentType: 'application/json' };
  if (body.kind === 'text') return { body: body.text, contentType: body.contentType };
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const { field, file } of body.files) form.append(field, new Blob([fileBytes(file.content)], { type: file.type }), file.name);
  // Serialised here so the request is a plain byte body with its boundary.
  const serialised = new Response(form);
  return { body: new Uint8Array(await serialised.arrayBuffer()), contentType: serialised.headers.get('content-type') };
}

export function authorizationOf(auth: AuthVariant, security: Security, credentials: Credentials): string | null {
  const form = security === 'raw' ? 'raw' : 'bearer';
  const chosen = credentials[auth];
  if (auth === 'otherForm') {
    // A valid token in the header form of the other bases.
    return form === 'raw' ? credentials.supervisor.bearer : credentials.supervisor.raw;
  }
  return chosen[form];
}

/**
 * Kept-alive connections for the suite's tens of thousands of requests. node:http rather than
 * fetch: fetch's streams took about a sixth of the suite's CPU, the server's work an equal share.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Sends the request to the server; a request the server does not answer within 15 s fails. */
export async function send(baseUrl: string, request: FuzzRequest, security: Security, credentials: Credentials): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { ...request.headers, 'x-forwarded-for': request.forwardedFor };
  const authorization = authorizationOf(request.auth, security, credentials);
  if (authorization !== null) headers.authorization = authorization;
  if (request.idempotencyKey !== null) headers['idempotency-key'] = request.idempotencyKey;
  const { body, contentType } = await bodyOf(request);
  if (contentType !== null) headers['content-type'] = contentType;
  const sent = request.method === 'GET' || request.method === 'HEAD' || body === undefined ? null : Buffer.from(body);
  if (sent !== null) headers['content-length'] = String(sent.length);
  // Parsed as fetch would send it: what a URL may not hold raw is percent-encoded.
  const url = new URL(`${baseUrl}${urlOf(request)}`);
  const started = performance.now();
  const { status, type, bytes } = await new Promise<{ status: number; type: string; bytes: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest(url, { method: request.method, headers, agent, signal: AbortSignal.timeout(15_000) }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, type: incoming.headers['content-type'] ?? '', bytes: Buffer.concat(chunks) }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(sent ?? undefined);
  });
  const text = type.includes('json') || type.startsWith('text/') || type === '' ? bytes.toString('utf8') : '';
  let json: unknown;
  try {
    json = type.includes('json') ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, contentType: type, text, json, size: bytes.length, ms: performance.now() - started };
}

/** The request as a short text for a failure report: huge values are abbreviated. */
export function describeRequest(request: FuzzRequest): string {
  const abbreviate = (value: unknown): unknown => {
    if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value;
    if (Array.isArray(value)) return value.length > 20 ? [...value.slice(0, 5).map(abbreviate), `…(${value.length} items)`] : value.map(abbreviate);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [abbreviate(key) as string, abbreviate(item)]));
    return value;
  };
  const url = urlOf(request);
  return JSON.stringify(
    {
      request: `${request.method} ${url.length > 200 ? `${url.slice(0, 150)}…(${url.length} chars)` : url}`,
      auth: request.auth,
      ...(request.idempotencyKey !== null ? { idempotencyKey: abbreviate(request.idempotencyKey) } : {}),
      forwardedFor: abbreviate(request.forwardedFor),
      ...(Object.keys(request.headers).length > 0 ? { headers: abbreviate(request.headers) } : {}),
      ...(request.body ? { body: abbreviate(request.body) } : {}),
      mutations: request.mutations,
    },
    null,
    1,
  );
}
