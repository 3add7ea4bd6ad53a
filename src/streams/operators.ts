import { distinctUntilChanged, map, type OperatorFunction, scan } from 'rxjs';

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
