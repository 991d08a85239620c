import { useMemo, useRef, useSyncExternalStore } from 'react';

/**
 * `use-sync-external-store/shim` for the component tests. The package is
 * CommonJS and its `require('react')` would load React beside the Preact the
 * tests run on (decision 035); the aliases send its imports here instead. The
 * built app bundles the package, whose `require('react')` the build's aliases reach.
 */
export { useSyncExternalStore };

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: (() => Snapshot) | undefined,
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const last = useRef<{ snapshot: Snapshot; selection: Selection } | null>(null);
  const select = useMemo(() => {
    return (snapshot: Snapshot): Selection => {
      const previous = last.current;
      if (previous && previous.snapshot === snapshot) return previous.selection;
      const selection = selector(snapshot);
      if (previous && isEqual?.(previous.selection, selection)) {
        last.current = { snapshot, selection: previous.selection };
        return previous.selection;
      }
      last.current = { snapshot, selection };
      return selection;
    };
  }, [selector, isEqual]);
  return useSyncExternalStore(
    subscribe,
    () => select(getSnapshot()),
    getServerSnapshot ? () => select(getServerSnapshot()) : undefined,
  );
}
