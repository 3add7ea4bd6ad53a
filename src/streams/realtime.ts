import {
  defer,
  EMPTY,
  filter,
  fromEventPattern,
  map,
  merge,
  Observable,
  of,
  type OperatorFunction,
  shareReplay,
  startWith,
  switchMap,
  take,
} from 'rxjs';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../shared/realtime';
import { type ConnectionState, type SocketLifecycleEvent, toConnectionState } from './operators';

export type PlatformSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An event map as socket.io-client takes it (its own `EventsMap` is not exported). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io's own constraint.
type EventsMap = { [event: string]: any };
type EventPayload<Map extends EventsMap, K extends keyof Map> = Parameters<Map[K]>[0];

/**
 * The one socket of the tab as an Observable (ARCHITECTURE, Streams). The socket opens on the
 * first subscriber and closes when the last one leaves. socket.io-client itself reconnects
 * with backoff and jitter, so no RxJS retry is stacked on the transport.
 */
export function createRealtime<
  Listen extends EventsMap = ServerToClientEvents,
  Emit extends EventsMap = ClientToServerEvents,
>(
  createSocket: () => Socket<Listen, Emit> | Promise<Socket<Listen, Emit>>,
  options: {
    /**
     * How many times the client's code failed to load so far (streams/onDemandCode.ts): a
     * socket that came only after such a failure counts its first connect as a reconnect, since
     * the pushes of the time without it were missed.
     */
    loadFailures?: () => number;
  } = {},
) {
  type AnySocket = Socket<Listen, Emit>;
  // The factory may be async so the socket.io client can load after the first paint.
  let current: AnySocket | null = null;
  /** Sockets that came after a failed load of the client: their first connect is a re-connect. */
  const late = new WeakSet<AnySocket>();
  const socket$ = new Observable<AnySocket>((subscriber) => {
    let socket: AnySocket | null = null;
    let closed = false;
    const failuresBefore = options.loadFailures?.() ?? 0;
    void Promise.resolve(createSocket()).then(
      (created) => {
        if (closed) return;
        socket = created;
        current = created;
        if ((options.loadFailures?.() ?? 0) > failuresBefore) late.add(created);
        subscriber.next(created);
        created.connect();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => {
      closed = true;
      socket?.disconnect();
      if (current === socket) current = null;
    };
  }).pipe(shareReplay({ bufferSize: 1, refCount: true }));

  const lifecycle$ = socket$.pipe(
    switchMap((socket) =>
      merge(
        // A subscriber that arrives after the socket connected (the socket is shared) would
        // otherwise wait for the next connect to learn that it is up.
        defer(() => (socket.connected ? of<SocketLifecycleEvent>('connect') : EMPTY)),
        listen(socket, 'connect', 'connect'),
        listen(socket, 'disconnect', 'disconnect'),
        listen(socket, 'connect_error', 'connect_error'),
        new Observable<SocketLifecycleEvent>((subscriber) => {
          const onAttempt = () => subscriber.next('reconnect_attempt');
          socket.io.on('reconnect_attempt', onAttempt);
          return () => socket.io.off('reconnect_attempt', onAttempt);
        }),
      ),
    ),
  );

  const connectionState$: Observable<ConnectionState> = lifecycle$.pipe(
    toConnectionState(),
    startWith<ConnectionState>('connecting'),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  /**
   * Emits on every connect after the first that did not recover the missed events (socket.io
   * connection-state recovery): the moment to fetch REST snapshots again.
   */
  const reconnected$ = socket$.pipe(
    switchMap((socket) => {
      // A subscriber that arrives while connected must still count the next connect as a
      // re-connect; so must one of a socket that came late (its client failed to load first).
      let connectedBefore = socket.connected || late.has(socket);
      return listen(socket, 'connect', 'connect').pipe(
        filter(() => {
          const isReconnect = connectedBefore;
          connectedBefore = true;
          return isReconnect && !socket.recovered;
        }),
        map(() => undefined),
      );
    }),
  );

  /**
   * Emits once when a socket that was not yet connected when the subscriber came connects for
   * the first time. The server puts it in its rooms then, so what was published between a REST
   * snapshot read before that and the join reached nobody. A gap shows with the next event; a
   * stream whose newest event may stay the last (a chat's last message) fetches again here.
   */
  const joined$ = socket$.pipe(
    switchMap((socket) =>
      socket.connected
        ? EMPTY
        : listen(socket, 'connect', 'connect').pipe(
            take(1),
            map(() => undefined),
          ),
    ),
  );

  function event$<K extends keyof Listen & string>(name: K): Observable<EventPayload<Listen, K>> {
    return socket$.pipe(
      switchMap((socket) =>
        fromEventPattern<EventPayload<Listen, K>>(
          (handler) => socket.on(name as never, handler as never),
          (handler) => socket.off(name as never, handler as never),
          // The payload only: with connection-state recovery the server adds the packet's
          // offset as a last argument (socket.io-client reads it but leaves it in place), and
          // fromEventPattern would otherwise emit [payload, offset].
          (payload: EventPayload<Listen, K>) => payload,
        ),
      ),
    );
  }

  /**
   * Reconnects with a fresh handshake (the auth callback reads the current token), after a
   * login or logout, so the server puts the socket in the right rooms.
   */
  function reauthenticate(): void {
    if (!current?.connected) return;
    current.disconnect();
    current.connect();
  }

  return { socket$, connectionState$, reconnected$, joined$, event$, reauthenticate };
}

function listen(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any event map: lifecycle events only.
  socket: Socket<any, any>,
  name: 'connect' | 'disconnect' | 'connect_error',
  as: SocketLifecycleEvent,
): Observable<SocketLifecycleEvent> {
  const toLifecycle: OperatorFunction<unknown, SocketLifecycleEvent> = map(() => as);
  return fromEventPattern(
    (handler) => socket.on(name, handler),
    (handler) => socket.off(name, handler),
  ).pipe(toLifecycle);
}

export type Realtime = ReturnType<
  typeof createRealtime<ServerToClientEvents, ClientToServerEvents>
>;
