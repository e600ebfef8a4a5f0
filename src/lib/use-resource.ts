import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: T | null; error: null; reload: () => void }
  | { status: 'ready'; data: T; error: null; reload: () => void }
  | { status: 'error'; data: T | null; error: unknown; reload: () => void };

/**
 * One GET of the API for a view: runs `load` whenever `deps` change (a newer request aborts the
 * older one, so a fast typist never sees stale rows), keeps the last data while reloading, and
 * offers `reload` for the retry button and after an action, and `replace` for an action whose
 * answer is the fresh data itself (no second request for what the server just said).
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Resource<T> & { replace: (data: T) => void } {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; data: T | null; error: unknown }>({
    status: 'loading',
    data: null,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the request depends on
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  return { ...state, reload, replace } as Resource<T> & { replace: (data: T) => void };
}
