import { ofetch, type FetchError, type FetchOptions, type MappedResponseType, type ResponseType } from 'ofetch';
import { apiBases, authorizationHeader, type ApiBaseName } from '@contract/bases';
import type { BPR_STAFF_USER_LEVEL, LoginData, LoginRequest, User } from '@contract/auth';
import { readToken as readStoredToken } from './storage';

/**
 * What a failed call rejects with: the server's error envelope as it sent it, so callers can
 * rethrow it (product spec, section 8) and the error helper can read its `message`. When no
 * envelope came back (network down, timeout, a proxy's HTML page) the client builds one with
 * an Indonesian message; `statusCode` is 0 when there was no HTTP answer at all.
 */
export interface ApiFailure {
  statusCode: number;
  message: string | string[];
  error: string;
  data?: unknown;
}

/** A request on one base: ofetch's call signature, rejecting with an {@link ApiFailure}. */
export type ApiRequest = <T = unknown, R extends ResponseType = 'json'>(
  path: string,
  options?: FetchOptions<R>,
) => Promise<MappedResponseType<R, T>>;

export type ApiClients = Record<ApiBaseName, ApiRequest>;

export interface ApiClientOptions {
  /** Prefix before each base path, e.g. 'http://127.0.0.1:3001'; '' (same origin) by default. */
  origin?: string;
  /** Overrides of the base paths of contract/bases.ts. */
  basePaths?: Partial<Record<ApiBaseName, string>>;
  /** Overrides of the timeouts (ms) of contract/bases.ts; tests shorten them. */
  timeouts?: Partial<Record<ApiBaseName, number>>;
  /** Read at request time, so a login or logout takes effect on the next call. */
  readToken?: () => string | null;
}

export const TIMEOUT_MESSAGE = 'Server tidak merespons dalam batas waktu. Silakan coba lagi.';
export const NETWORK_MESSAGE = 'Tidak dapat terhubung ke server. Periksa koneksi Anda.';
export const SERVER_MESSAGE = 'Terjadi kesalahan pada server. Silakan coba lagi.';
export const ABORTED_MESSAGE = 'Permintaan dibatalkan.';

function isEnvelope(body: unknown): body is ApiFailure {
  if (typeof body !== 'object' || body === null) return false;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' || Array.isArray(message);
}

/** Turns ofetch's FetchError into the envelope the caller should see. */
export function toApiFailure(error: unknown): ApiFailure {
  const fetchError = error as Partial<FetchError>;
  if (isEnvelope(fetchError.data)) return fetchError.data;
  const status = typeof fetchError.status === 'number' ? fetchError.status : 0;
  if (status > 0) {
    return { statusCode: status, message: SERVER_MESSAGE, error: fetchError.statusText || 'Error' };
  }
  const cause = fetchError.cause as { name?: string } | undefined;
  if (cause?.name === 'TimeoutError') return { statusCode: 0, message: TIMEOUT_MESSAGE, error: 'Timeout' };
  if (cause?.name === 'AbortError') return { statusCode: 0, message: ABORTED_MESSAGE, error: 'Aborted' };
  return { statusCode: 0, message: NETWORK_MESSAGE, error: 'NetworkError' };
}

const baseNames = Object.keys(apiBases) as ApiBaseName[];

/**
 * ofetch drops its timeout when the caller brings an abort signal (a list cancelling a stale
 * request); combine the two so such a request still ends after the base's timeout.
 */
function withTimeoutSignal<O extends { signal?: AbortSignal | null } | undefined>(requestOptions: O, timeout: number): O {
  const signal = requestOptions?.signal;
  if (!signal || typeof AbortSignal.any !== 'function') return requestOptions;
  return { ...requestOptions, signal: AbortSignal.any([signal, AbortSignal.timeout(timeout)]) };
}

/** One ofetch instance per base, with the base's timeout and authorization header form. */
export function createApiClients(options: ApiClientOptions = {}): ApiClients {
  const readToken = options.readToken ?? (() => null);
  const entries = baseNames.map((name) => {
    const base = apiBases[name];
    const timeout = options.timeouts?.[name] ?? base.timeoutMs;
    const instance = ofetch.create({
      baseURL: `${options.origin ?? ''}${options.basePaths?.[name] ?? base.path}`,
      timeout,
      // No silent retries: a timed-out call fails after the base's timeout, not twice that.
      retry: 0,
      onRequest({ options: request }) {
        const token = readToken();
        // A call may bring its own authorization (change-expired-password sends the change token).
        if (token && !request.headers.has('authorization')) {
          request.headers.set('authorization', authorizationHeader(base.authorization, token));
        }
      },
    });
    const request: ApiRequest = (path, requestOptions) =>
      instance(path, withTimeoutSignal(requestOptions, timeout)).catch((error: unknown) => {
        throw toApiFailure(error);
      });
    return [name, request] as const;
  });
  return Object.fromEntries(entries) as ApiClients;
}

const env: Record<string, unknown> = import.meta.env ?? {};
const envText = (key: string): string | undefined => {
  const value = env[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The app's clients: same origin, base paths overridable by VITE_API_* variables, token from storage. */
export const api: ApiClients = createApiClients({
  origin: envText('VITE_API_ORIGIN') ?? '',
  basePaths: {
    v1: envText('VITE_API_V1_BASE'),
    v2: envText('VITE_API_V2_BASE'),
    v2Bpr: envText('VITE_API_V2_BPR_BASE'),
    v2General: envText('VITE_API_V2_GENERAL_BASE'),
  },
  readToken: readStoredToken,
});

// ---------------------------------------------------------------------------------------------
// Auth and profile (product spec section 7, API.md "Auth and profile").

/**
 * userLevel 1 (BPR staff) of the forgot-password request. Typed against the contract's constant;
 * not imported as a value because contract/auth.ts would bring zod into the first-load bundle.
 */
const STAFF_USER_LEVEL: typeof BPR_STAFF_USER_LEVEL = 1;

/** A success envelope. */
export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

/** A registration field: text, a number, a flag, a document, or several documents. */
type RegistrationValue = string | number | boolean | Blob | null | undefined | readonly Blob[];

function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  // An empty file input yields a nameless zero-byte File.
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.size > 0;
  return true;
}

/**
 * Multipart body of only the fields that have a value (product spec sections 3 and 5); the
 * profile update sends its form the same way.
 */
export function buildRegistrationForm(fields: Record<string, RegistrationValue>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const entry of values) {
      if (!hasValue(entry)) continue;
      if (entry instanceof Blob) form.append(name, entry);
      else form.append(name, String(entry));
    }
  }
  return form;
}

type ProfileUpdate = Record<string, RegistrationValue>;

/** Functions over a set of clients; `authApi(api)` is the app's, tests pass their own clients. */
export function createAuthApi(clients: ApiClients) {
  return {
    /** The whole body: the caller decides success by `statusCode === 200` (spec section 5). */
    login: (credentials: LoginRequest) =>
      clients.v2Bpr<Envelope<LoginData>>('/auth/login', { method: 'POST', body: credentials }),

    changeExpiredPassword: async (input: { email: string; newPassword: string; changePasswordToken: string }) =>
      (
        await clients.v2Bpr<Envelope<unknown>>('/auth/change-expired-password', {
          method: 'POST',
          body: { email: input.email, newPassword: input.newPassword },
          headers: { authorization: authorizationHeader('bearer', input.changePasswordToken) },
        })
      ).data,

    sendForgotPassword: async (email: string) =>
      (
        await clients.v2<Envelope<unknown>>('/auth/send-forgot-password', {
          method: 'POST',
          body: { email, userLevel: STAFF_USER_LEVEL },
        })
      ).data,

    forgotPassword: async (input: { password: string; tokenForgotPassword: string }) =>
      (await clients.v2<Envelope<unknown>>('/auth/forgot-password', { method: 'POST', body: input })).data,

    registration: async (fields: Record<string, RegistrationValue>) =>
      (
        await clients.v2Bpr<Envelope<unknown>>('/auth/registration', {
          method: 'POST',
          body: buildRegistrationForm(fields),
        })
      ).data,

    profileLogo: async () => (await clients.v2Bpr<Envelope<{ url: string | null }>>('/profile/logo')).data,

    profileDetail: async () => (await clients.v2Bpr<Envelope<User>>('/profile/detail')).data,

    profileUpdate: async (fields: ProfileUpdate) =>
      (
        await clients.v2Bpr<Envelope<User>>('/profile/update', {
          method: 'POST',
          body: buildRegistrationForm(fields),
        })
      ).data,

    logout: async () => (await clients.v2Bpr<Envelope<unknown>>('/auth/logout', { method: 'POST' })).data,
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi: AuthApi = createAuthApi(api);
