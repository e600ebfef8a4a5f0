import type { QueryClient } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import { fakeBprServer, type FakeAnswer, type SeenRequest } from './fake-bpr-server';
import { openApp } from './open-app';

/** How long a screen's lazy chunk and first answers may take in jsdom. */
export const SCREEN_LOAD = { timeout: 10_000 };

/** The demo bank's operator, signed in. */
export const OPERATOR: User = { id: 'usr-op', name: 'Operator Demo', email: 'operator@bpr-demo.test', phone: null, role: 'OPERATOR', bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null } };

let running: AppActors | null = null;
// Registered by the test file that imports this module: each test leaves no app, DOM or fetch stub behind.
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
});

/**
 * The app at `path` for `user`, its requests answered by `answer` (the fake /api-v2-bpr and general
 * server, at once or later), with a fresh cache of server answers unless the test brings its own.
 */
export function openStaffScreen(path: string, answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>, user: User = OPERATOR, options: { queryClient?: QueryClient } = {}) {
  const server = fakeBprServer(answer);
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp(path, { user, ...options });
  running = opened.app;
  return { server, ...opened };
}
