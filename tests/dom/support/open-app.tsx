import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '@contract/auth';
import { createAppActors, type AppActors } from '@src/app/actors';
import { AppActorsContext } from '@src/app/actors-context';
import { ServerDataProvider } from '@src/app/ServerDataProvider';
import { appRoutes } from '@src/app/routes';
import type { AuthApi } from '@src/lib/api-client';
import { createMemoryStore } from '@src/lib/memory-store';
import { createQueryClient } from '@src/lib/query-client';
import { createSessionStorage } from '@src/lib/storage';

export interface Toast {
  type: string;
  title: string;
}

/** A session token for `user` that expires an hour from now (only its payload is read). */
export function tokenFor(user: Pick<User, 'id'>, expiresInSeconds = 3600): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: user.id, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

/**
 * The whole app at `path` in a memory router: the real actors and route table, with storage in
 * memory, the auth calls from `api`, toasts recorded, and a cache of server answers of its own (no
 * test sees another's). With `user`, that user is signed in (stored token, and the profile check
 * answers the user). The caller stops `app` after the test.
 */
export function openApp(path: string, options: { api?: Partial<AuthApi>; user?: User; mode?: 'demo' | 'production'; queryClient?: QueryClient } = {}) {
  const store = createMemoryStore();
  const storage = createSessionStorage(() => store, 'k');
  const { user } = options;
  if (user) storage.saveSession({ token: tokenFor(user), user });
  const toasts: Toast[] = [];
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const api = { ...(user ? { profileDetail: vi.fn(async () => user), profileLogo: vi.fn(async () => ({ url: null })) } : {}), ...options.api };
  const app: AppActors = createAppActors({
    storage,
    api: api as AuthApi,
    transport: { listen: () => () => undefined, reply: vi.fn(), notifyParent: vi.fn(() => false) },
    notify: ({ type, title }) => void toasts.push({ type, title }),
    showError: (error) => void toasts.push({ type: 'error', title: String((error as { message?: unknown }).message ?? error) }),
    navigate: (to) => void router?.navigate(to),
    // Production unless a test asks for the demo's extras (login banner, sandbox controls).
    config: { embedAllowedOrigins: [], product: 'BPR', mode: options.mode ?? 'production' },
    place: { ownOrigin: 'http://localhost', framed: false, parentOrigin: null },
  });
  router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const current = router;
  const queryClient = options.queryClient ?? createQueryClient();
  render(
    <AppActorsContext.Provider value={app}>
      <ServerDataProvider client={queryClient}>
        <RouterProvider router={current} />
      </ServerDataProvider>
    </AppActorsContext.Provider>,
  );
  return { app, toasts, router: current, store, queryClient };
}
