import {
  distinctUntilChanged,
  filter,
  type MonoTypeOperatorFunction,
  map,
  type OperatorFunction,
  scan,
} from 'rxjs';

/**
 * Drops events whose `seq` is not above the highest seen (ARCHITECTURE, Realtime: stale events
 * after a reconnect or out-of-order delivery must never overwrite newer state).
 */
export function latestBySeq<T extends { seq: number }>(): MonoTypeOperatorFunction<T> {
  return (source) =>
    source.pipe(
      scan<T, { last: number; fresh: T | null }>(
        (state, event) =>
          event.seq > state.last
            ? { last: event.seq, fresh: event }
            : { last: state.last, fresh: null },
        { last: Number.NEGATIVE_INFINITY, fresh: null },
      ),
      map((state) => state.fresh),
      filter((event): event is T => event !== null),
    );
}

/** What happens to a socket.io connection, as plain values (see socket.ts). */
export type SocketLifecycleEvent = 'connect' | 'disconnect' | 'connect_error' | 'reconnect_attempt';

/** What the user sees: connecting at start, connected, or reconnecting after a loss. */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting';

/** Maps lifecycle events to the connection state; before the first connect it is "connecting". */
export function toConnectionState(): OperatorFunction<SocketLifecycleEvent, ConnectionState> {
  return (source) =>
    source.pipe(
      scan<SocketLifecycleEvent, { everConnected: boolean; state: ConnectionState }>(
        (previous, event) => {
          if (event === 'connect') return { everConnected: true, state: 'connected' };
          return {
            everConnected: previous.everConnected,
            state: previous.everConnected ? 'reconnecting' : 'connecting',
          };
        },
        { everConnected: false, state: 'connecting' },
      ),
      map((value) => value.state),
      distinctUntilChanged(),
    );
}
