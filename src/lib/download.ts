import { apiBases, authorizationHeader, type ApiBaseName, type AuthorizationForm } from '@contract/bases';
import { toApiFailure } from './api-client';
import { readToken } from './storage';

/** How far a download has come: bytes so far and the total when the server says it. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

const env: Record<string, unknown> = import.meta.env ?? {};
const origin = typeof env.VITE_API_ORIGIN === 'string' ? env.VITE_API_ORIGIN : '';
const envBase = (key: string, fallback: string) => (typeof env[key] === 'string' && env[key] !== '' ? (env[key] as string) : fallback);
/** The base paths as the app's clients use them (lib/api-client.ts), VITE_API_* overrides included. */
const basePaths: Record<ApiBaseName, string> = {
  v1: envBase('VITE_API_V1_BASE', apiBases.v1.path),
  v2: envBase('VITE_API_V2_BASE', apiBases.v2.path),
  v2Bpr: envBase('VITE_API_V2_BPR_BASE', apiBases.v2Bpr.path),
  v2General: envBase('VITE_API_V2_GENERAL_BASE', apiBases.v2General.path),
};

/** The file name of a Content-Disposition header (RFC 6266: filename* first). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

async function readBody(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const lengthHeader = response.headers.get('content-length');
  const total = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/** Hands a blob to the browser as a saved file with `filename`. */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file the API answered: its bytes and the name the server gave it. */
interface FetchedFile {
  blob: Blob;
  filename: string;
}

/**
 * GETs a file of the API at `url` (a full path: a document's `url`, or `fullPath` of a route) with the session's bearer token, reporting progress as it streams. Rejects
 * with the API's error envelope (Indonesian message) when the server refuses.
 */
async function fetchFile(
  url: string,
  options: { fallbackName: string; onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal; authorization?: AuthorizationForm },
): Promise<FetchedFile> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${origin}${url}`, {
      // /api-v1 takes the raw token, the v2 bases `Bearer <token>` (contract/bases.ts).
      headers: token ? { authorization: authorizationHeader(options.authorization ?? 'bearer', token) } : {},
      signal: options.signal ?? null,
    });
  } catch (error) {
    throw toApiFailure(error);
  }
  if (!response.ok) {
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // not an envelope
    }
    throw toApiFailure({ status: response.status, statusText: response.statusText, data });
  }
  const blob = await readBody(response, options.onProgress ?? (() => undefined));
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition'), options.fallbackName) };
}

/** The full path of a route with its query, on /api-v2-bpr unless another base is named. */
export function fullPath(path: string, query: Record<string, string> = {}, base: ApiBaseName = 'v2Bpr'): string {
  const search = new URLSearchParams(query).toString();
  return `${basePaths[base]}${path}${search ? `?${search}` : ''}`;
}

/**
 * GETs a download (an Excel export of /api-v2-bpr by default; `base` names another, with its
 * header form) with the list's query, reporting progress as the streamed file arrives, and saves
 * it under the server's file name. Rejects with the API's error envelope (Indonesian message)
 * when the server refuses.
 */
export async function downloadFile(
  path: string,
  query: Record<string, string>,
  options: { fallbackName: string; onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal; base?: ApiBaseName },
): Promise<string> {
  const base = options.base ?? 'v2Bpr';
  const { blob, filename } = await fetchFile(fullPath(path, query, base), { ...options, authorization: apiBases[base].authorization });
  saveBlob(blob, filename);
  return filename;
}

/**
 * Opens a PDF of /api-v2-bpr (a bilyet or a resi label to print) in a new tab, in the browser's
 * own viewer. The tab is opened before the request, while the click still counts as the user's
 * gesture (popup blockers refuse a tab opened after an await), and shows the PDF once it came;
 * when no tab could be opened the file is saved instead. `query` may have to be looked up first
 * (a row that knows its deposit but not its shipment): the tab is opened before that too.
 */
export async function openPdf(path: string, query: Record<string, string> | (() => Promise<Record<string, string>>), fallbackName: string): Promise<void> {
  const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
  tab?.document.write('<p style="font-family: sans-serif">Menyiapkan PDF…</p>');
  try {
    const resolved = typeof query === 'function' ? await query() : query;
    const { blob, filename } = await fetchFile(fullPath(path, resolved), { fallbackName });
    if (!tab) {
      saveBlob(blob, filename);
      return;
    }
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    tab.location.href = url;
    // The viewer holds the document once loaded; a minute is ample for it to read the blob.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves a stored document (its bank-scoped `url`, e.g. /api-v2-bpr/deposito/document/{id}) under its file name. */
export async function downloadDocument(stored: { url: string; fileName: string }): Promise<void> {
  const { blob } = await fetchFile(stored.url, { fallbackName: stored.fileName });
  // The stored name is what staff uploaded; the server's header is derived from it.
  saveBlob(blob, stored.fileName);
}
