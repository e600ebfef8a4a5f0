import { QueryClient } from '@tanstack/react-query';

/**
 * Worth asking once more: no answer at all, or the server failed (5xx). A refusal (4xx) answers
 * the same again; a timeout has already waited its whole time; an abort was wanted.
 */
function worthRetrying(failure: unknown): boolean {
  const { statusCode, error } = (typeof failure === 'object' && failure !== null ? failure : {}) as { statusCode?: unknown; error?: unknown };
  if (typeof statusCode !== 'number') return false;
  return statusCode >= 500 || (statusCode === 0 && error === 'NetworkError');
}

/**
 * The cache of what the server answered (src/lib/server-data.ts reads through it), with a back
 * office's defaults: a read is asked again once after no answer or a 5xx, never after a refusal;
 * an answer counts as fresh for a few seconds (two panels asking the same, or a quick way back,
 * make no second request) and the writes that change it mark it stale at once (src/app/use-submit.ts);
 * coming back to the window asks nothing (staff switch windows all day, and a write refreshes
 * what it changes); requests go out whatever the browser thinks of the network, so a failure is
 * said in the view with its retry button instead of waiting silently. Writes are never retried
 * here: the submission machine decides about keys and retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (failures, failure) => failures < 1 && worthRetrying(failure),
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
