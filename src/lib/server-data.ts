import { hashKey, keepPreviousData, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The areas of what the server answers. Every key starts with one and then names what is asked
 * (`['deposits', 'detail', id]`, `['deposits', 'list', query]`), so a write names what it changes
 * by area or deeper, and everything below is read again.
 */
export type ServerArea =
  | 'balance-sheet'
  | 'change-requests'
  | 'customers'
  | 'deposits'
  | 'disbursements'
  | 'documents'
  | 'due'
  | 'geography'
  | 'holds'
  | 'home'
  | 'imports'
  | 'interest'
  | 'invoices'
  | 'ledger'
  | 'products'
  | 'profile'
  | 'reports'
  | 'users';

export type ServerKey = readonly [ServerArea, ...unknown[]];

/** Reference data no write of the bank changes (the country's areas and postal codes). */
const REFERENCE_AREAS: ReadonlySet<ServerArea> = new Set(['geography']);

/**
 * One answer of the server as a view shows it: loading (the last data kept meanwhile), ready, or
 * failed (the last data kept); `reload` asks again (the retry button, or after a conflict). What a
 * write answers goes into the cache through the submission (`answered`), not through the view.
 */
export type ServerData<T> = (
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown }
) & { reload: () => void };

/** What a write answered for a key: it goes into the cache as it is, not fetched again. */
export interface ServerAnswer {
  key: ServerKey;
  data: unknown;
}

/** The key of a view that asks nothing (yet): never fetched, in no area. */
const NOTHING_ASKED: QueryKey = ['nothing-asked'];

interface ServerDataOptions {
  /**
   * 'every-time': asked anew each time a view opens it and forgotten once none shows it (asking is
   * itself the news: the courier's tracking). 'reference': what no write changes (the country's
   * areas and postal codes): asked once.
   */
  freshness?: 'every-time' | 'reference';
  /** false: nothing is shown while another key loads (one province's cities are no list for another). */
  keepPrevious?: false;
}

const FRESHNESS = { 'every-time': { staleTime: 0, gcTime: 0 }, reference: { staleTime: Infinity } } as const;

/**
 * The one way a view reads the server: `key` names what is asked, `load` asks it (aborted when
 * the key changes before the answer, or when no view wants it any more). Views asking the same key
 * share one request and one answer; the last answer stays on screen while another key loads; a
 * write that changes it (src/app/use-submit.ts) has it read again. A null key asks nothing: the
 * data is null.
 */
export function useServerData<T>(key: ServerKey, load: (signal: AbortSignal) => Promise<T>, options?: ServerDataOptions): ServerData<T>;
export function useServerData<T>(key: ServerKey | null, load: (signal: AbortSignal) => Promise<T>, options?: ServerDataOptions): ServerData<T | null>;
export function useServerData<T>(key: ServerKey | null, load: (signal: AbortSignal) => Promise<T>, options: ServerDataOptions = {}): ServerData<T | null> {
  const asked = key !== null;
  const queryKey: QueryKey = key ?? NOTHING_ASKED;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    enabled: asked,
    placeholderData: options.keepPrevious === false ? undefined : keepPreviousData,
    ...(options.freshness ? FRESHNESS[options.freshness] : {}),
  });
  const { refetch } = query;
  const reload = useCallback(() => void (asked ? refetch() : undefined), [asked, refetch]);
  if (!asked) return { status: 'ready', data: null, error: null, reload };
  const data = query.data ?? null;
  if (query.isFetching || query.isPending) return { status: 'loading', data, error: null, reload };
  if (query.isError) return { status: 'error', data, error: query.error, reload };
  return { status: 'ready', data: data as T, error: null, reload };
}

/**
 * After a write: what it answered goes into the cache as it is, and every other read under the
 * keys it changes is stale — the ones on screen are read again now, the others when next shown.
 * Without keys, a write changes every area but reference data.
 */
export function wroteTo(client: QueryClient, changes: readonly ServerKey[] | undefined, answered: readonly ServerAnswer[] = []): void {
  for (const { key, data } of answered) client.setQueryData(key, data);
  const fresh = new Set(answered.map(({ key }) => hashKey(key)));
  const notAnswered = ({ queryHash }: { queryHash: string }) => !fresh.has(queryHash);
  if (!changes) {
    void client.invalidateQueries({ predicate: (query) => notAnswered(query) && !REFERENCE_AREAS.has(query.queryKey[0] as ServerArea) });
    return;
  }
  for (const queryKey of changes) void client.invalidateQueries({ queryKey, predicate: notAnswered });
}

/** For a change that is no submission (a dialog whose reading asks the courier, who stores what it said): `wroteTo` from a view. */
export function useWroteTo(): (changes?: readonly ServerKey[], answered?: readonly ServerAnswer[]) => void {
  const client = useQueryClient();
  return useCallback((changes?: readonly ServerKey[], answered?: readonly ServerAnswer[]) => wroteTo(client, changes, answered), [client]);
}

/**
 * For a read a machine or a handler makes when it decides to (the placement's preview, the count
 * before a download): through the same cache (a fresh answer for the same key is used as it is),
 * abandoned when the caller's `signal` aborts.
 */
export function useServerFetch(): <T>(key: ServerKey, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal) => Promise<T> {
  const client = useQueryClient();
  return useCallback(
    <T>(key: ServerKey, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal) => {
      const answer = client.fetchQuery({ queryKey: key, queryFn: ({ signal: asked }) => load(asked) });
      signal?.addEventListener('abort', () => void client.cancelQueries({ queryKey: key, exact: true }), { once: true });
      return answer;
    },
    [client],
  );
}
