import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => undefined;

/** False on the server and while the page hydrates; true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
