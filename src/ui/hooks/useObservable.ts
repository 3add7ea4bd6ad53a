import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

/**
 * Binds an Observable to React through useSyncExternalStore. Pass a stable observable (from a
 * store factory or useMemo): a new identity means a new subscription. `initial` is shown until
 * the first value; the subscription ends when the component unmounts.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` only seeds a new source.
  const store = useMemo(() => {
    let value = initial;
    return {
      subscribe(onChange: () => void) {
        const subscription = source$.subscribe((next) => {
          value = next;
          onChange();
        });
        return () => subscription.unsubscribe();
      },
      getSnapshot: () => value,
    };
  }, [source$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
