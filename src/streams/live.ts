import {
  catchError,
  defer,
  EMPTY,
  map,
  merge,
  Observable,
  of,
  type ObservableInput,
  shareReplay,
  startWith,
  Subject,
  Subscription,
  switchMap,
  take,
  tap,
  throwError,
} from 'rxjs';

/**
 * The one live-data primitive (ARCHITECTURE, Streams; issue 13): a REST snapshot kept current
 * by socket events, with the same rules for every live number and list on the site.
 *
 * - The events are subscribed **before** the snapshot is fetched, and every event that arrives
 *   while a fetch is in flight is buffered. When the snapshot arrives the buffered events are
 *   applied on top of it (`apply` drops those the snapshot already holds: the newer seq wins),
 *   then live events are applied as they come. An event committed while the snapshot was on
 *   its way is never lost.
 * - The snapshot is fetched again on `refetch$` (a reconnect that did not recover the missed
 *   events, a refresh the user asked for) and whenever `refetchOn` says an event shows that
 *   something was missed (a gap in the seq, a new period). The newest fetch wins; a failed
 *   fetch keeps what is shown (the next event, reconnect or refresh mends it).
 * - Shared: one subscription to the events and one fetch for every subscriber, replaying the
 *   latest value to late ones, and nothing left running when the last one leaves
 *   (`shareReplay({ bufferSize: 1, refCount: true })`).
 *
 * It emits nothing until the first snapshot has arrived; callers that need a loading value
 * add `startWith`.
 */
export interface LiveSpec<S, E> {
  fetch: () => ObservableInput<S>;
  events$: Observable<E>;
  /** The state after one event; the same object when the event changes nothing (stale). */
  apply: (state: S, event: E) => S;
  /** True when this event shows that the state must be fetched again instead of applied. */
  refetchOn?: (state: S, event: E) => boolean;
  /** Moments to fetch the snapshot again. */
  refetch$?: Observable<unknown>;
  /**
   * When the first fetch fails: false (the default) waits for the next refetch moment; true
   * ends the stream with the error, for a page that offers its own retry (subscribing again
   * starts afresh). Later failures always keep what is shown.
   */
  failFirst?: boolean;
  /**
   * The state to start from when the first fetch fails (events then apply on top of it), for a
   * view that is useful without its snapshot (the winner board shows live wins). Without it a
   * failed first fetch waits for the next refetch moment (or errors, with `failFirst`).
   */
  fallback?: () => S;
  /**
   * What a new snapshot keeps of the state it replaces (before the buffered events go on top);
   * by default nothing. For parts the snapshot does not carry (the winner board's "just won"
   * ticker); `apply` must then be idempotent for those parts, since buffered events were
   * already applied once.
   */
  rebase?: (previous: S | null, snapshot: S) => S;
}

export function live<S, E>(spec: LiveSpec<S, E>): Observable<S> {
  return new Observable<S>((subscriber) => {
    let state: { value: S } | null = null;
    /** Events seen since the fetch in flight started; null while no fetch is in flight. */
    let buffered: E[] | null = null;
    /** Events that asked for a fetch; each is applied on top of the snapshot it asked for. */
    const gaps = new Subject<E>();
    const subscription = new Subscription();

    const show = (value: S) => {
      if (state?.value === value) return;
      state = { value };
      subscriber.next(value);
    };

    subscription.add(
      spec.events$.subscribe({
        next: (event) => {
          // While a fetch is in flight, every event is also kept for its snapshot.
          if (buffered) buffered.push(event);
          if (!state) return;
          if (spec.refetchOn?.(state.value, event)) {
            if (!buffered) gaps.next(event);
            return;
          }
          show(spec.apply(state.value, event));
        },
        error: (error: unknown) => subscriber.error(error),
      }),
    );

    subscription.add(
      merge((spec.refetch$ ?? EMPTY).pipe(map(() => null)), gaps.pipe(map((event) => ({ event }))))
        .pipe(
          startWith(null),
          switchMap((trigger) => {
            buffered = [];
            return defer(spec.fetch).pipe(
              take(1),
              map((snapshot) => ({ snapshot, trigger })),
              catchError((error: unknown) => {
                if (state) return EMPTY;
                if (spec.fallback) return of({ snapshot: spec.fallback(), trigger });
                return spec.failFirst ? throwError(() => error) : EMPTY;
              }),
              tap({ finalize: () => (buffered = null) }),
            );
          }),
        )
        .subscribe({
          error: (error: unknown) => subscriber.error(error),
          next: ({ snapshot, trigger }) => {
            const missed = buffered ?? [];
            buffered = null;
            // The event that asked for this snapshot is applied, never asks again (no loop).
            const base = spec.rebase ? spec.rebase(state?.value ?? null, snapshot) : snapshot;
            let value = trigger === null ? base : spec.apply(base, trigger.event);
            let gap: { event: E } | null = null;
            for (const event of missed) {
              if (spec.refetchOn?.(value, event)) gap ??= { event };
              else value = spec.apply(value, event);
            }
            // A new snapshot is always shown, even when equal to the last.
            state = { value };
            subscriber.next(value);
            if (gap) gaps.next(gap.event);
          },
        }),
    );
    return subscription;
  }).pipe(shareReplay({ bufferSize: 1, refCount: true }));
}

/** A value that carries the seq of the last change it holds. */
export interface Sequenced {
  seq: number;
}

/**
 * The value variant: one value with one seq (a balance, a salary, the system status). An event
 * with a higher seq replaces what it carries (`merge`); an equal or lower one is stale and
 * dropped. With `contiguous` (the source numbers its events 1, 2, 3, … with none skipped), an
 * event more than one ahead shows a missed one and fetches the snapshot again.
 */
/** What every variant passes to `live` as it is. */
type Common<S, E> = Pick<LiveSpec<S, E>, 'fetch' | 'events$' | 'refetch$' | 'failFirst'>;

export function liveValue<S extends Sequenced, E extends Sequenced>(
  spec: Common<S, E> & {
    merge: (state: S, event: E) => S;
    contiguous?: boolean;
    refetchOn?: (state: S, event: E) => boolean;
  },
): Observable<S> {
  const { merge, contiguous, refetchOn, ...common } = spec;
  return live<S, E>({
    ...common,
    apply: (state, event) => (isNewer(event, state) ? merge(state, event) : state),
    refetchOn: (state, event) =>
      (contiguous === true && event.seq > state.seq + 1) ||
      (isNewer(event, state) && (refetchOn?.(state, event) ?? false)),
  });
}

/** The seq rule, the one copy of it: only a strictly higher seq is news. */
export function isNewer(event: Sequenced, than: Sequenced): boolean {
  return event.seq > than.seq;
}

/**
 * The snapshot variant: a value with no seq of its own that any of its events may have changed
 * (a member's summary, the VIP standing, the reward list, the member's feedback). Every event
 * fetches it again (one fetch for the events that arrive while one is in flight; the newest
 * fetch wins), and so does every `refetch$` moment: a reconnect that did not recover the missed
 * events, a refresh the user asked for.
 */
export function liveSnapshot<S>(spec: Common<S, unknown>): Observable<S> {
  return live<S, unknown>({ ...spec, apply: (state) => state, refetchOn: () => true });
}

/**
 * The keyed variant: a list of items, each with its own key and seq (withdrawals, contracts).
 * An event for an item on the list replaces it when its seq is higher; one for an item not on
 * the list goes where `insert` puts it (by default nowhere: the list is a page of a larger
 * set, and only its owner knows whether the item belongs on it).
 */
export function liveList<T, S extends { items: readonly T[] }>(
  spec: Common<S, T> & KeyedRules<T, S>,
): Observable<S> {
  const { keyOf, seqOf, insert, ...common } = spec;
  return live<S, T>({
    ...common,
    apply: (state, event) => mergeKeyed(state, event, { keyOf, seqOf, insert }),
  });
}

interface KeyedRules<T, S> {
  keyOf: (item: T) => string;
  seqOf: (item: T) => number;
  insert?: (state: S, item: T) => S;
}

/** `liveList`'s rule for one event. */
export function mergeKeyed<T, S extends { items: readonly T[] }>(
  state: S,
  event: T,
  rules: KeyedRules<T, S>,
): S {
  const key = rules.keyOf(event);
  const index = state.items.findIndex((item) => rules.keyOf(item) === key);
  if (index === -1) return rules.insert ? rules.insert(state, event) : state;
  const current = state.items[index]!;
  if (!isNewer({ seq: rules.seqOf(event) }, { seq: rules.seqOf(current) })) return state;
  return { ...state, items: state.items.map((item, at) => (at === index ? event : item)) };
}
