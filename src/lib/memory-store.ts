import type { KeyValueStore } from './storage';

/** A key-value store that lives as long as the page (a session kept when local storage is refused). */
export function createMemoryStore(): KeyValueStore & { size(): number; keys(): string[] } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    size: () => values.size,
    keys: () => [...values.keys()],
  };
}
