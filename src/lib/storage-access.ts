import { createMemoryStore } from './memory-store';
import type { KeyValueStore } from './storage';

/**
 * Where the session is kept when the app is framed by a host on another site, through the
 * Storage Access API. A browser that blocks third-party storage refuses such a frame its local
 * storage (every access throws); the session then lives in the page's memory and ends when the
 * host reloads. The app asks for access — silently at boot, which a browser grants only when the
 * user granted it before, and on the login button's click otherwise — and once granted keeps the
 * spec's keys in the local storage the browser hands over. Refused, the login screen says so.
 */

/** `kept`: local storage (the session outlives the page); `page`: memory only, gone on reload. */
export type SessionPersistence = 'kept' | 'page';

/** What this module needs of `document`: the Storage Access API, absent in older browsers. */
export interface StorageAccessDocument {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: (types?: { localStorage?: boolean }) => Promise<{ localStorage?: KeyValueStore } | undefined>;
}

export interface FramedStorage {
  /** The store the session reads and writes now. */
  current(): KeyValueStore;
  persistence(): SessionPersistence;
  /** True while asking the browser could still keep the session: framed, the API there, not yet refused. */
  canAsk(): boolean;
  /** Asked at boot, before anything reads the session: access the user granted earlier is taken silently. */
  prepare(): Promise<SessionPersistence>;
  /** Asked from a click: must be called inside the click's handler, before anything awaits. */
  ask(): Promise<SessionPersistence>;
  subscribe(listener: () => void): () => void;
}

/** How long the boot waits for the silent request before the app starts without its answer. */
export const BOOT_ASK_MS = 1_500;

function usable(store: KeyValueStore | undefined): store is KeyValueStore {
  try {
    if (!store) return false;
    const probe = '__berjangka_probe__';
    store.setItem(probe, probe);
    store.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function createFramedStorage(options: {
  /** The page's local storage; throwing or unusable when the browser refuses it. */
  localStorage: () => KeyValueStore | undefined;
  document: StorageAccessDocument | undefined;
  framed: boolean;
}): FramedStorage {
  const local = (() => {
    try {
      return options.localStorage();
    } catch {
      return undefined;
    }
  })();
  let store: KeyValueStore = usable(local) ? local : createMemoryStore();
  let kept = usable(local);
  let refused = false;
  const listeners = new Set<() => void>();
  const doc = options.document;
  const askable = () => options.framed && !kept && typeof doc?.requestStorageAccess === 'function';

  /** Moves to the store the browser handed over, taking what the page held meanwhile with it. */
  const adopt = (granted: KeyValueStore) => {
    const memory = store as KeyValueStore & { keys?: () => string[] };
    for (const key of memory.keys?.() ?? []) {
      const value = memory.getItem(key);
      if (value !== null) granted.setItem(key, value);
    }
    store = granted;
    kept = true;
    for (const listener of listeners) listener();
  };

  /** The local storage a granted request opens: the handle's (Chromium), or the page's own (Firefox, Safari). */
  const grantedStore = (handle: { localStorage?: KeyValueStore } | undefined): KeyValueStore | undefined => {
    try {
      if (usable(handle?.localStorage)) return handle.localStorage;
    } catch {
      // The handle refused its local storage: try the page's own below.
    }
    try {
      const own = options.localStorage();
      return usable(own) ? own : undefined;
    } catch {
      return undefined;
    }
  };

  const request = async (pending: Promise<{ localStorage?: KeyValueStore } | undefined>): Promise<boolean> => {
    try {
      const granted = grantedStore(await pending);
      if (granted) adopt(granted);
      return Boolean(granted);
    } catch {
      return false;
    }
  };

  return {
    current: () => store,
    persistence: () => (kept ? 'kept' : 'page'),
    canAsk: () => askable() && !refused,
    async prepare() {
      if (!askable()) return kept ? 'kept' : 'page';
      // Without a click the browser grants only what the user granted before, and refuses at once
      // otherwise: nothing is shown meanwhile. The app waits for this before it renders, so a
      // browser that neither grants nor refuses must not hold it: after BOOT_ASK_MS it starts in
      // the page's memory (a late grant still moves the session over).
      let deadline: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        request(doc!.requestStorageAccess!({ localStorage: true })),
        new Promise<void>((resolve) => (deadline = setTimeout(resolve, BOOT_ASK_MS))),
      ]);
      clearTimeout(deadline);
      return kept ? 'kept' : 'page';
    },
    async ask() {
      if (!askable() || refused) return kept ? 'kept' : 'page';
      const granted = await request(doc!.requestStorageAccess!({ localStorage: true }));
      if (!granted) {
        refused = true;
        for (const listener of listeners) listener();
      }
      return kept ? 'kept' : 'page';
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
