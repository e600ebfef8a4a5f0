import { apiBases, authorizationHeader } from '@contract/bases';
import type { DepositImportResult, DepositImportSummary } from '@contract/deposit-import';
import { api, NETWORK_MESSAGE, TIMEOUT_MESSAGE, type ApiClients, type ApiFailure } from './api-client';
import { fullPath } from './download';
import { idempotencyHeaders } from './idempotency';
import { readToken } from './storage';

/**
 * Impor Deposito (API.md "Placements, import and holds", ADMIN): the template, the upload — dry
 * run or commit — and the past imports. The upload goes by XMLHttpRequest, the one browser API
 * that reports how much of a request body has been sent: a book of 100,000 deposits is some
 * 20 MB, and staff see it go (UI.md: a long operation shows its progress).
 */

export type { DepositImportResult, DepositImportSummary };

const DEPOSIT_IMPORT_PATH = '/deposito/import';
export const DEPOSIT_IMPORT_TEMPLATE_PATH = '/deposito/import/template';

/** Where an upload is: its bytes going out, then the server reading every row. */
export type UploadProgress = { phase: 'upload'; sent: number; total: number | null } | { phase: 'check' };

interface ImportUpload {
  file: File;
  cutOverDate: string;
  dryRun: boolean;
}

/** A dry run and a commit may read 100,000 rows: minutes, not the API's usual 30 s. */
const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

function failureOf(status: number, text: string): ApiFailure {
  try {
    const body = JSON.parse(text) as Partial<ApiFailure>;
    if (typeof body.message === 'string' || Array.isArray(body.message)) return body as ApiFailure;
  } catch {
    // not an envelope (a proxy's page)
  }
  return { statusCode: status, message: status === 413 ? 'Berkas terlalu besar untuk diunggah.' : 'Terjadi kesalahan pada server. Silakan coba lagi.', error: 'Error' };
}

/** POSTs `form` to /api-v2-bpr`path`, reporting the body's progress; resolves with the envelope's data, rejects with the error envelope. */
function postWithProgress<T>(path: string, form: FormData, key: string, onProgress: (progress: UploadProgress) => void): Promise<{ status: number; data: T }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${import.meta.env?.VITE_API_ORIGIN ?? ''}${fullPath(path)}`);
    request.timeout = UPLOAD_TIMEOUT_MS;
    const token = readToken();
    if (token) request.setRequestHeader('authorization', authorizationHeader(apiBases.v2Bpr.authorization, token));
    for (const [name, value] of Object.entries(idempotencyHeaders(key))) request.setRequestHeader(name, value);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => onProgress({ phase: 'upload', sent: event.loaded, total: event.lengthComputable ? event.total : null }));
    request.upload.addEventListener('load', () => onProgress({ phase: 'check' }));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve({ status: request.status, data: (JSON.parse(request.responseText) as { data: T }).data });
        } catch {
          reject(failureOf(request.status, ''));
        }
      } else reject(failureOf(request.status, request.responseText));
    });
    request.addEventListener('error', () => reject({ statusCode: 0, message: NETWORK_MESSAGE, error: 'NetworkError' } satisfies ApiFailure));
    request.addEventListener('timeout', () => reject({ statusCode: 0, message: TIMEOUT_MESSAGE, error: 'Timeout' } satisfies ApiFailure));
    request.send(form);
  });
}

function createDepositImportApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    /** POST /deposito/import: 200 the dry run, 201 the commit with its importId; a 400 carries the result (its errors) in `data`. */
    upload: async (upload: ImportUpload, key: string, onProgress: (progress: UploadProgress) => void) => {
      const form = new FormData();
      form.append('cutOverDate', upload.cutOverDate);
      form.append('dryRun', upload.dryRun ? 'true' : 'false');
      form.append('file', upload.file, upload.file.name);
      return (await postWithProgress<DepositImportResult>(DEPOSIT_IMPORT_PATH, form, key, onProgress)).data;
    },
    history: async (page: number, signal?: AbortSignal) => bpr<{ data: DepositImportSummary[]; meta: { page: number; limit: number; total: number; totalPages: number } }>(DEPOSIT_IMPORT_PATH, { query: { page, limit: 10 }, signal }),
  };
}

type DepositImportApi = ReturnType<typeof createDepositImportApi>;

export const depositImportApi: DepositImportApi = createDepositImportApi(api);

/** The import result a refused commit (400) carries, when it does. */
export function resultOfFailure(failure: unknown): DepositImportResult | null {
  const data = typeof failure === 'object' && failure !== null ? (failure as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors) ? (data as DepositImportResult) : null;
}
