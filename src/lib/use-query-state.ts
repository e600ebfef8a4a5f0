import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list screen's filters, sort and page kept in the URL's search params, so a screen can be
 * shared and survives Back. `defaults` name the keys and the value each has when absent; a value
 * equal to its default is left out of the URL. Changing any filter other than `page` goes back to
 * page 1.
 */
export function readQueryState<K extends string>(params: URLSearchParams, defaults: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(defaults) as K[]) out[key] = params.get(key) ?? defaults[key];
  return out;
}

export function writeQueryState<K extends string>(
  current: Record<K, string>,
  changes: Partial<Record<K, string>>,
  defaults: Record<K, string>,
): URLSearchParams {
  const next = { ...current, ...changes };
  if ('page' in defaults && !('page' in changes)) (next as Record<string, string>).page = (defaults as Record<string, string>).page ?? '1';
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as K[]) {
    const value = next[key];
    if (value !== undefined && value !== '' && value !== defaults[key]) params.set(key, value);
  }
  return params;
}

export function useQueryState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the search string is the state
  const state = useMemo(() => readQueryState(params, defaults), [key]);
  const update = useCallback(
    (changes: Partial<Record<K, string>>) => setParams(writeQueryState(state, changes, defaults)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are constant per screen
    [state, setParams],
  );
  return [state, update] as const;
}
