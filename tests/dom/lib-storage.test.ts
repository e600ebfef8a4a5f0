import AES from 'crypto-js/aes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import {
  clearAll,
  createSessionStorage,
  DEFAULT_STORAGE_KEY,
  hasToken,
  readToken,
  readTokenExpiry,
  readUser,
  saveSession,
  saveToken,
  saveUser,
  storageKeys,
} from '@src/lib/storage';
import { BOOT_ASK_MS, createFramedStorage, type StorageAccessDocument } from '@src/lib/storage-access';
import { createMemoryStore } from '@src/lib/memory-store';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;

const exp = 1_790_000_000;
const token = jwt({ sub: 'u-1', bprId: 'b-1', role: 'ADMIN', jti: 'j-1', exp });
const user: User = {
  id: 'u-1',
  name: 'Siti Rahmawati',
  email: 'admin@bpr-demo.test',
  phone: null,
  role: 'ADMIN',
  bpr: { id: 'b-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

afterEach(() => localStorage.clear());

describe('session storage over localStorage', () => {
  it('uses exactly the keys user, token and token-expired', () => {
    saveSession({ token, user });
    expect(Object.keys(localStorage).sort()).toEqual(['token', 'token-expired', 'user']);
    expect(storageKeys).toEqual({ user: 'user', token: 'token', tokenExpired: 'token-expired' });
  });

  it('round-trips the token, the user and the expiry read from the JWT exp (seconds)', () => {
    saveSession({ token, user });
    expect(readToken()).toBe(token);
    expect(readUser()).toEqual(user);
    expect(readTokenExpiry()).toBe(exp);
    expect(localStorage.getItem('token-expired')).toBe(String(exp));
    expect(hasToken()).toBe(true);
  });

  it('stores the user and the token encrypted, not as plain text', () => {
    saveSession({ token, user });
    const storedToken = localStorage.getItem('token')!;
    const storedUser = localStorage.getItem('user')!;
    expect(storedToken).not.toBe(token);
    expect(storedToken).not.toContain(token.split('.')[1]);
    expect(storedUser).not.toContain('Siti');
    expect(storedUser).not.toContain('admin@bpr-demo.test');
    expect(() => JSON.parse(storedUser)).toThrow();
    // crypto-js's OpenSSL-compatible output: base64 of "Salted__" + salt + ciphertext.
    expect(storedToken.startsWith('U2FsdGVkX1')).toBe(true);
  });

  it('saveUser replaces the stored user (the token check stores /profile/detail)', () => {
    saveSession({ token, user });
    saveUser({ ...user, name: 'Budi Santoso' });
    expect(readUser()?.name).toBe('Budi Santoso');
    expect(readToken()).toBe(token);
  });

  it('reads corrupt or foreign values as absent instead of throwing', () => {
    localStorage.setItem('token', 'not-encrypted-at-all');
    localStorage.setItem('user', '{"id":"u-1"}');
    localStorage.setItem('token-expired', 'soon');
    expect(readToken()).toBeNull();
    expect(readUser()).toBeNull();
    expect(readTokenExpiry()).toBeNull();
    expect(hasToken()).toBe(false);

    localStorage.setItem('token', 'U2FsdGVkX19garbagegarbagegarbage==');
    expect(readToken()).toBeNull();
  });

  it('reads values encrypted under another key as absent', () => {
    const other = createSessionStorage(() => localStorage, 'another-key');
    other.saveSession({ token, user });
    expect(readToken()).toBeNull();
    expect(readUser()).toBeNull();
  });

  it('reads a token encrypted under any of 300 other keys as absent (a few garbage bytes are not a token)', () => {
    for (let index = 0; index < 300; index += 1) {
      createSessionStorage(() => localStorage, `another-key-${index}`).saveToken(token);
      expect(readToken()).toBeNull();
    }
  });

  it('reads an encrypted text that is not a JWT as the token as absent', () => {
    localStorage.setItem(storageKeys.token, AES.encrypt('x', DEFAULT_STORAGE_KEY).toString());
    expect(readToken()).toBeNull();
    expect(hasToken()).toBe(false);
  });

  it('reads an encrypted value that is not a user as absent', () => {
    const mine = createSessionStorage(() => localStorage, DEFAULT_STORAGE_KEY);
    mine.saveUser({ nope: true } as unknown as User);
    expect(readUser()).toBeNull();
  });

  it('refuses a token without exp and then writes nothing', () => {
    expect(() => saveSession({ token: jwt({ sub: 'u-1' }), user })).toThrow();
    expect(() => saveSession({ token: 'not-a-jwt', user })).toThrow();
    expect(() => saveToken(jwt({ sub: 'u-1', exp: 'later' }))).toThrow();
    expect(localStorage.length).toBe(0);
  });

  it('saveToken stores the token encrypted and its exp, as the session machine stores them apart from the user', () => {
    saveToken(token);
    expect(readToken()).toBe(token);
    expect(localStorage.getItem('token')).not.toBe(token);
    expect(readTokenExpiry()).toBe(exp);
    expect(readUser()).toBeNull();
  });

  it('reports no token when nothing is stored', () => {
    expect(readToken()).toBeNull();
    expect(readUser()).toBeNull();
    expect(readTokenExpiry()).toBeNull();
    expect(hasToken()).toBe(false);
  });

  it('clearAll clears all local storage, not only our keys', () => {
    saveSession({ token, user });
    localStorage.setItem('something-else', 'x');
    clearAll();
    expect(localStorage.length).toBe(0);
  });
});

describe('when the browser refuses local storage (a cross-site frame in a private window)', () => {
  const refusing = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    removeItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    clear: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };

  const framedIn = (document: StorageAccessDocument | undefined, framed = true) => createFramedStorage({ localStorage: () => refusing, document, framed });
  /** A browser's Storage Access API that grants (handing over `granted`) or refuses, counting the requests. */
  const accessApi = (answer: 'grant' | 'refuse', granted = createMemoryStore()) => {
    const requests: unknown[] = [];
    const api: StorageAccessDocument = {
      hasStorageAccess: async () => false,
      requestStorageAccess: async (types) => {
        requests.push(types);
        if (answer === 'refuse') throw new DOMException('requestStorageAccess not allowed', 'NotAllowedError');
        return { localStorage: granted };
      },
    };
    return { api, requests, granted };
  };

  it('keeps the session in the page’s memory instead of failing', () => {
    const store = framedIn(undefined);
    const session = createSessionStorage(store.current, 'kunci-uji');
    session.saveSession({ token, user });
    expect(session.readToken()).toBe(token);
    expect(session.readUser()).toEqual(user);
    expect(store.persistence()).toBe('page');
    session.clearAll();
    expect(session.hasToken()).toBe(false);
  });

  it('uses local storage itself when it works, and never asks', async () => {
    const { api, requests } = accessApi('grant');
    const store = createFramedStorage({ localStorage: () => window.localStorage, document: api, framed: true });
    const session = createSessionStorage(store.current, 'kunci-uji');
    session.saveToken(token);
    expect(window.localStorage.getItem('token-expired')).toBe(String(exp));
    expect([store.persistence(), store.canAsk(), await store.prepare(), requests]).toEqual(['kept', false, 'kept', []]);
  });

  it('granted, keeps the spec’s keys in the local storage the browser hands over, with what the page held meanwhile', async () => {
    const { api, requests, granted } = accessApi('grant');
    const store = framedIn(api);
    const session = createSessionStorage(store.current, 'kunci-uji');
    session.saveToken(token);
    expect(store.canAsk()).toBe(true);
    expect(await store.ask()).toBe('kept');
    expect(requests).toEqual([{ localStorage: true }]);
    expect(granted.getItem(storageKeys.tokenExpired)).toBe(String(exp));
    session.saveUser(user);
    expect(granted.getItem(storageKeys.user)).not.toBeNull();
    expect(session.readToken()).toBe(token);
    expect(store.canAsk()).toBe(false);
  });

  it('at boot takes access granted before without asking anyone (a reload of the host keeps the session)', async () => {
    const granted = createMemoryStore();
    const earlier = createSessionStorage(() => granted, 'kunci-uji');
    earlier.saveSession({ token, user });
    const { api } = accessApi('grant', granted);
    const store = framedIn(api);
    expect(await store.prepare()).toBe('kept');
    expect(createSessionStorage(store.current, 'kunci-uji').readToken()).toBe(token);
  });

  it('refused, keeps the page’s memory, says so to whoever listens and does not ask again', async () => {
    const { api, requests } = accessApi('refuse');
    const store = framedIn(api);
    let told = 0;
    store.subscribe(() => (told += 1));
    expect(await store.prepare()).toBe('page');
    expect(store.canAsk()).toBe(true);
    expect(await store.ask()).toBe('page');
    expect([store.canAsk(), told, requests.length]).toEqual([false, 1, 2]);
    expect(await store.ask()).toBe('page');
    expect(requests.length).toBe(2);
  });

  it('at boot never waits on a browser that neither grants nor refuses, and takes a late grant when it comes', async () => {
    vi.useFakeTimers();
    try {
      let grant!: (handle: { localStorage: ReturnType<typeof createMemoryStore> }) => void;
      const granted = createMemoryStore();
      const store = framedIn({ requestStorageAccess: () => new Promise((resolve) => (grant = resolve)) });
      const booted = store.prepare();
      await vi.advanceTimersByTimeAsync(BOOT_ASK_MS);
      expect(await booted).toBe('page');
      grant({ localStorage: granted });
      await vi.waitFor(() => expect(store.persistence()).toBe('kept'));
      expect(store.current()).toBe(granted);
    } finally {
      vi.useRealTimers();
    }
  });

  it('not framed, or without the API, there is nobody to ask', () => {
    expect(framedIn(accessApi('grant').api, false).canAsk()).toBe(false);
    expect(framedIn({}).canAsk()).toBe(false);
  });
});
