import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/realtime';
import { SOCKET_PATH } from '../../src/shared/realtime';
import type { AppDeps } from '../http/deps';
import { isAgentType } from '../../src/shared/identity';
import { resolveSession } from '../domain/identity/sessions';
import { publishSystemStatus } from './systemEvents';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** Rooms (ARCHITECTURE, Realtime); the region rooms let one emit reach each kind of visitor. */
export const rooms = {
  public: 'public',
  regionOpen: 'region:open',
  regionBlocked: 'region:blocked',
} as const;

export function attachRealtime(httpServer: HttpServer, deps: AppDeps): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, { path: SOCKET_PATH, serveClient: false });

  io.on('connection', (socket) => {
    const visitor = deps.visitorOf(socket.request);
    void socket.join([
      rooms.public,
      deps.region.isRestricted(visitor) ? rooms.regionBlocked : rooms.regionOpen,
    ]);
  });

  deps.maintenance.onChange((state) => publishSystemStatus(io, state));
  return io;
}
