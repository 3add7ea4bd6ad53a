import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

/**
 * Binds an Observable to React through useSyncExternalStore. Pass a stable observable (from a
 * store factory or useMemo): a new identity means a new subscription. `initial` is shown until
 * the first value; the subscription ends when the component unmounts.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  // `initial` only seeds a new source; a new initial value must not resubscribe.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => createObservableStore(source$, initial), [source$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** The latest value of `source$` in the shape useSyncExternalStore reads. */
function createObservableStore<T>(source$: Observable<T>, initial: T) {
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
}
