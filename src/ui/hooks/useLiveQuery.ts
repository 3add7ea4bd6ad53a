import { useCallback } from 'react';
import { merge, NEVER, Observable } from 'rxjs';
import type { ServerToClientEvents } from '../../shared/realtime';
import { liveSnapshot } from '../../streams/live';
import { useServices } from '../core/ServicesContext';
import { useLive } from './useLive';
import type { Query, QueryState } from './useQuery';

/** A socket event a page's data may follow. */
export type LiveEventName = keyof ServerToClientEvents & string;

/**
 * A page's data kept current by socket events (issue 29): `useQuery`'s shape (loading with the
 * last value kept, failed with the error's code, ready; `refresh()`), through the one live-data
 * primitive (streams/live.ts, `liveSnapshot`). `load` is fetched again on every event named in
 * `events` (a `balance` event for the figures that move with play, `reward`, `vip`, `message`,
 * `rg`), after a reconnect that did not recover the missed events (`realtime.reconnected$`), and
 * on `refresh()`; the newest fetch wins and aborts the one it replaces (leaving the page aborts
 * what is in flight). A failed first fetch shows `failed`, whose `refresh()` starts afresh; a
 * later failure keeps what is shown (the next event, reconnect or refresh mends it). `key` (null:
 * nothing to ask) must change whenever what `load` asks for changes, as useQuery's does.
 */
export function useLiveQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  events: readonly LiveEventName[],
): Query<T> {
  const { realtime } = useServices();
  return useLiveQueryOn(realtime, key, load, events);
}

/** A source of socket events: the site's realtime, or the back office's staff socket. */
export interface LiveEventSource<Name extends string> {
  event$: (name: Name) => Observable<unknown>;
  reconnected$: Observable<unknown>;
}

/** `useLiveQuery` on a given source of events (the back office's staff socket, issue 30). */
export function useLiveQueryOn<T, Name extends string>(
  realtime: LiveEventSource<Name>,
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  events: readonly Name[],
): Query<T> {
  const names = events.join(',');
  const live = useLive(`${names}\u0000${key === null ? '' : `:${key}`}`, ({ refresh$ }) =>
    key === null
      ? NEVER
      : liveSnapshot<T>({
          fetch: () => abortable(load),
          events$: merge(...events.map((name) => realtime.event$(name))),
          refetch$: merge(realtime.reconnected$, refresh$),
          failFirst: true,
        }),
  );
  const failed = live.state.kind === 'failed';
  const { refresh: again, retry } = live;
  // A stream that failed its first fetch has ended: a refresh (the fallback's retry) starts anew.
  const refresh = useCallback(() => (failed ? retry() : again()), [failed, again, retry]);
  const state: QueryState<T> =
    live.state.kind === 'loading'
      ? { kind: 'loading', previous: live.previous?.value ?? null }
      : live.state;
  return { state, refresh };
}

/** `load` as an Observable whose unsubscribing (a newer fetch, the page left) aborts it. */
function abortable<T>(load: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}
