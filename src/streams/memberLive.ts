import {
  distinctUntilChanged,
  type Observable,
  type ObservableInput,
  of,
  shareReplay,
  switchMap,
} from 'rxjs';
import type { SessionRole } from '../shared/identity';
import { liveSnapshot } from './live';

/**
 * A member's live summary that carries no seq (the unread count, the reward centre's count and
 * bonus lock): fetched on the logged-in transition, never for a trial account or a guest (null),
 * and again on every `changed$` event (any change fetches: the newest fetch wins) and after a
 * reconnect (events may have been missed). A failed fetch keeps the last value. Built on the
 * one live-data primitive (live.ts).
 */
export function createMemberLive<T>(deps: {
  role$: Observable<SessionRole>;
  fetch: () => ObservableInput<T>;
  changed$: Observable<unknown>;
  reconnected$: Observable<unknown>;
  /** Whether two values show the same (no new emission); `===` by default. */
  same?: (a: T | null, b: T | null) => boolean;
}): Observable<T | null> {
  return deps.role$.pipe(
    distinctUntilChanged(),
    switchMap((role) =>
      role === 'player' || role === 'agent'
        ? liveSnapshot<T>({
            fetch: deps.fetch,
            events$: deps.changed$,
            refetch$: deps.reconnected$,
          })
        : of(null),
    ),
    distinctUntilChanged(deps.same),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
