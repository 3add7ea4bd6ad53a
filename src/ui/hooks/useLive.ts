import { useEffect, useMemo, useState } from 'react';
import { type Observable, Subject } from 'rxjs';

export type LiveState<T> =
  { kind: 'loading' } | { kind: 'failed'; code: string } | { kind: 'ready'; value: T };

/**
 * A live stream (streams/live.ts) as React state, for a page's own live list: `create` makes
 * the stream from `refresh$` (a moment to fetch again, for its `refetch$`) and `local$` (the
 * page's own changes, e.g. an action's answer, to merge with its events). The state is
 * `loading` until the first value, then each value; `failed` with the error's code when the
 * stream ends in an error (a failed first fetch). `refresh` fetches again with the list kept on
 * screen; `retry` starts a fresh stream. The stream is made again when `key` changes (it stands
 * for what `create` reads, as useKeyedQuery's key does) and left when the component unmounts
 * (its fetch and its events with it). `previous` holds the last value of any of its streams,
 * for a view that keeps it on screen while a new stream loads (null before the first).
 */
export function useLive<T, L = never>(
  key: string,
  create: (io: { refresh$: Observable<void>; local$: Observable<L> }) => Observable<T>,
) {
  const [attempt, setAttempt] = useState(0);
  const io = useMemo(() => ({ refresh$: new Subject<void>(), local$: new Subject<L>() }), []);
  // `key` stands for `create`'s inputs: a new closure asking the same thing makes nothing new.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const source$ = useMemo(() => create(io), [io, attempt, key]);
  const [seen, setSeen] = useState<{ source: Observable<T>; state: LiveState<T> } | null>(null);
  const [previous, setPrevious] = useState<{ value: T } | null>(null);
  useEffect(() => {
    const subscription = source$.subscribe({
      next: (value) => {
        setSeen({ source: source$, state: { kind: 'ready', value } });
        setPrevious({ value });
      },
      error: (error: { code?: string } | undefined) =>
        setSeen({
          source: source$,
          state: { kind: 'failed', code: error?.code ?? 'unknown_error' },
        }),
    });
    return () => subscription.unsubscribe();
  }, [source$]);
  // A new stream (new inputs, a retry) starts from loading, not from the last one's value.
  const state: LiveState<T> = seen?.source === source$ ? seen.state : { kind: 'loading' };
  // The same functions on every render (a view may pass them on, or list them in a dependency).
  const actions = useMemo(
    () => ({
      refresh: () => io.refresh$.next(),
      local: (change: L) => io.local$.next(change),
      retry: () => setAttempt((count) => count + 1),
    }),
    [io],
  );
  return { state, previous, ...actions };
}
