import { authApi } from '../lib/api-client';
import { showError } from '../lib/error-message';
import { sessionStore, storage } from '../lib/storage';
import { notify } from '../lib/toast';
import { createWindowTransport, isFramed, parentOrigin } from '../lib/window-messages';
import type { AppEffects } from './actors';
import { readRuntimeConfig } from './config';

/** The browser's effects from src/lib, for the running app; `navigate` is the router's. */
export function browserEffects(navigate: (to: string) => void): AppEffects {
  return {
    storage,
    sessionStore,
    api: authApi,
    transport: createWindowTransport(window),
    notify: (notification) => void notify(notification),
    showError,
    navigate,
    config: readRuntimeConfig(document),
    place: { ownOrigin: window.location.origin, framed: isFramed(window), parentOrigin: parentOrigin(window) },
  };
}
