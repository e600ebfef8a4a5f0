import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { jwtDecode } from 'jwt-decode';
import type { User } from '@contract/auth';
import { createFramedStorage, type FramedStorage, type StorageAccessDocument } from './storage-access';
import { isFramed } from './window-messages';

/** The local-storage keys of the product spec (section 9), exactly. */
export const storageKeys = {
  user: 'user',
  token: 'token',
  tokenExpired: 'token-expired',
} as const;

/**
 * The spec wants user and token encrypted "with a fixed key embedded in the client": it keeps them
 * from being read at a glance in devtools, not from an attacker who has the bundle.
 */
export const DEFAULT_STORAGE_KEY = 'berjangka-bpr-client-storage-key-v1';

/** The subset of the Web Storage API this module needs, so tests can pass their own. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

export interface SessionToSave {
  token: string;
  user: User;
}

export interface SessionStorage {
  /** Stores user, token and expiry; throws (writing nothing) when the token has no `exp`. */
  saveSession(session: SessionToSave): void;
  saveUser(user: User): void;
  /** Stores the token and its `exp` (the session machine's `storeToken`); throws, writing nothing, without `exp`. */
  saveToken(token: string): void;
  readToken(): string | null;
  readUser(): User | null;
  /** The token's `exp` claim in seconds, as stored at login. */
  readTokenExpiry(): number | null;
  hasToken(): boolean;
  /** Clears ALL local storage, not only our keys (product spec, section 4: logout). */
  clearAll(): void;
}

/** The `exp` claim (seconds) of a JWT; throws when the token has none, so nothing half-written is stored. */
function tokenExpiry(token: string): number {
  const { exp } = jwtDecode<{ exp?: unknown }>(token);
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw new Error('Token tidak memiliki masa berlaku (exp).');
  }
  return exp;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.email === 'string' &&
    typeof candidate.role === 'string' &&
    typeof candidate.bpr === 'object' &&
    candidate.bpr !== null
  );
}

export function createSessionStorage(store: () => KeyValueStore, secret: string): SessionStorage {
  const encrypt = (plain: string) => AES.encrypt(plain, secret).toString();

  /** Anything that does not decrypt to a non-empty text under our key reads as absent. */
  const decrypt = (cipher: string | null): string | null => {
    if (!cipher) return null;
    try {
      const plain = AES.decrypt(cipher, secret).toString(Utf8);
      return plain === '' ? null : plain;
    } catch {
      return null;
    }
  };

  const readUser = (): User | null => {
    const plain = decrypt(store().getItem(storageKeys.user));
    if (plain === null) return null;
    try {
      const parsed: unknown = JSON.parse(plain);
      return looksLikeUser(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };

  const saveUser = (user: User) => {
    store().setItem(storageKeys.user, encrypt(JSON.stringify(user)));
  };

  /**
   * Only a JWT-shaped text counts: AES under another key sometimes "decrypts" to a few bytes of
   * valid UTF-8 (crypto-js does not check the padding), which must read as absent too.
   */
  const readToken = () => {
    const plain = decrypt(store().getItem(storageKeys.token));
    return plain !== null && JWT_SHAPE.test(plain) ? plain : null;
  };

  const saveToken = (token: string) => {
    const exp = tokenExpiry(token);
    store().setItem(storageKeys.token, encrypt(token));
    store().setItem(storageKeys.tokenExpired, String(exp));
  };

  return {
    saveSession({ token, user }) {
      tokenExpiry(token);
      saveUser(user);
      saveToken(token);
    },
    saveUser,
    saveToken,
    readToken,
    readUser,
    readTokenExpiry() {
      const raw = store().getItem(storageKeys.tokenExpired);
      if (raw === null || !/^\d+$/.test(raw.trim())) return null;
      return Number(raw.trim());
    },
    hasToken: () => readToken() !== null,
    clearAll: () => store().clear(),
  };
}

const configuredKey: unknown = import.meta.env?.VITE_STORAGE_KEY;

/**
 * Where the running app keeps its session: window.localStorage, or — when the browser refuses it
 * (a frame on another site with third-party storage blocked: every access throws) — the page's
 * memory until the Storage Access API hands over local storage (src/lib/storage-access.ts).
 */
export const sessionStore: FramedStorage = createFramedStorage({
  localStorage: () => globalThis.localStorage,
  document: typeof document === 'undefined' ? undefined : (document as unknown as StorageAccessDocument),
  framed: typeof window !== 'undefined' && isFramed(window),
});

/** The app's storage under the configured key, in whichever store `sessionStore` holds now. */
export const storage: SessionStorage = createSessionStorage(
  () => sessionStore.current(),
  typeof configuredKey === 'string' && configuredKey !== '' ? configuredKey : DEFAULT_STORAGE_KEY,
);

export const { saveSession, saveUser, saveToken, readToken, readUser, readTokenExpiry, hasToken, clearAll } = storage;
