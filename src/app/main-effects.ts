import { authApi, createApiClients, createAuthApi, type AuthApi } from '../lib/api-client';
import { showError } from '../lib/error-message';
import { createSessionStorage, DEFAULT_STORAGE_KEY, storage, type SessionStorage } from '../lib/storage';
import { notify } from '../lib/toast';
import { createWindowTransport, isFramed, parentOrigin } from '../lib/window-messages';
import type { AppEffects } from './actors';
import { readRuntimeConfig } from './config';
import { createMemoryStore } from './memory-store';

function localStorageUsable(): boolean {
  try {
    const probe = '__berjangka_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * The session storage of src/lib over window.localStorage. A browser that refuses storage to a
 * framed app from another site (third-party storage blocked, e.g. private windows) throws on
 * every access; the app then keeps its session in memory for the page's life instead of failing.
 */
function storageAndApi(): { storage: SessionStorage; api: AuthApi } {
  if (localStorageUsable()) return { storage, api: authApi };
  const configured: unknown = import.meta.env?.VITE_STORAGE_KEY;
  const store = createMemoryStore();
  const inMemory = createSessionStorage(() => store, typeof configured === 'string' && configured !== '' ? configured : DEFAULT_STORAGE_KEY);
  // The lib's clients read the token from localStorage; these read it from the in-memory session.
  const origin: unknown = import.meta.env?.VITE_API_ORIGIN;
  return {
    storage: inMemory,
    api: createAuthApi(createApiClients({ origin: typeof origin === 'string' ? origin : '', readToken: inMemory.readToken })),
  };
}

/** The browser's effects from src/lib, for the running app; `navigate` is the router's. */
export function browserEffects(navigate: (to: string) => void): AppEffects {
  return {
    ...storageAndApi(),
    transport: createWindowTransport(window),
    notify: (notification) => void notify(notification),
    showError,
    navigate,
    config: readRuntimeConfig(document),
    place: { ownOrigin: window.location.origin, framed: isFramed(window), parentOrigin: parentOrigin(window) },
  };
}
