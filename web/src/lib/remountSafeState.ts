import { useCallback, useSyncExternalStore } from 'react';

/**
 * State that outlives its component being unmounted and mounted again in the same place: the board's forms sit
 * under the drag-and-drop parts, which are swapped for the real ones when they arrive (deferredDnd.tsx), and React
 * mounts everything below a swapped component afresh. A title half typed into 'Add another card' must not vanish
 * then. Keep to small values (flags, a field's text) under a key naming the form and what it belongs to; a value set
 * back to `initial` is forgotten.
 */
const values = new Map<string, unknown>();
const listeners = new Map<string, Set<() => void>>();

function readRemountSafe<T>(key: string, initial: T): T {
  return values.has(key) ? (values.get(key) as T) : initial;
}

function writeRemountSafe<T>(key: string, value: T, initial: T): void {
  if (Object.is(value, initial)) values.delete(key);
  else values.set(key, value);
  for (const listener of listeners.get(key) ?? []) listener();
}

/**
 * Like useState, kept under `key` while the component is mounted again. For primitives (a flag, a field's text):
 * the value is compared with Object.is.
 */
export function useRemountSafeState<T>(key: string, initial: T): [T, (value: T) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const forKey = listeners.get(key) ?? new Set<() => void>();
      forKey.add(onChange);
      listeners.set(key, forKey);
      return () => {
        forKey.delete(onChange);
        if (forKey.size === 0) listeners.delete(key);
      };
    },
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => readRemountSafe(key, initial));
  const set = useCallback((next: T) => writeRemountSafe(key, next, initial), [key, initial]);
  return [value, set];
}
