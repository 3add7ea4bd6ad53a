import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { isAgentType } from '../../src/shared/identity';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/realtime';
import { SOCKET_PATH } from '../../src/shared/realtime';
import { resolveSession } from '../domain/identity/sessions';
import type { AppDeps } from '../http/deps';
import { toMoneyString } from '../../src/shared/money';
import { publishSystemStatus } from './systemEvents';
import { viewFor } from '../domain/contracts/views';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** Rooms (ARCHITECTURE, Realtime); the region rooms let one emit reach each kind of visitor. */
export const rooms = {
  public: 'public',
  regionOpen: 'region:open',
  regionBlocked: 'region:blocked',
  member: (memberId: string) => `member:${memberId}`,
  agent: (memberId: string) => `agent:${memberId}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

const PRIVATE_ROOM = /^(member|agent|session):/;

export function attachRealtime(httpServer: HttpServer, deps: AppDeps): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // A client back within two minutes gets the events it missed and keeps its rooms; it then
    // has no snapshot to fetch again (the client refetches only when `recovered` is false).
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: true },
  });

  io.on('connection', async (socket) => {
    // A recovered socket comes back with its old rooms: the private ones are earned again
    // below, from the token it presents now (its session may have ended meanwhile).
    if (socket.recovered) {
      for (const room of socket.rooms) if (PRIVATE_ROOM.test(room)) socket.leave(room);
    }
    const visitor = deps.visitorOf(socket.request);
    const joined: string[] = [
      rooms.public,
      deps.region.isRestricted(visitor) ? rooms.regionBlocked : rooms.regionOpen,
    ];
    // A token in the handshake puts the socket in its member's rooms; guests get public events.
    const token = (socket.handshake.auth as { token?: unknown }).token;
    const session =
      typeof token === 'string' && token
        ? await resolveSession(deps.db, token).catch(() => null)
        : null;
    if (session) {
      joined.push(rooms.member(session.memberId), rooms.session(session.sessionId));
      if (isAgentType(session.type)) joined.push(rooms.agent(session.memberId));
    }
    await socket.join(joined);
  });

  deps.maintenance.onChange((state) => publishSystemStatus(io, state));

  // Published after the ledger transaction committed (ARCHITECTURE, Realtime).
  deps.balanceEvents.onChange((changes) => {
    for (const change of changes) {
      io.to(rooms.member(change.memberId)).emit('balance', {
        wallet: change.wallet,
        balance: toMoneyString(change.balance),
        currency: deps.config.payments.currency,
        seq: Number(change.entryId),
      });
    }
  });

  deps.salaryEvents.onChange((change) => {
    io.to(rooms.agent(change.agentId)).emit('salary', change.event);
  });

  deps.winnerEvents.onChange((entry) => {
    io.to(rooms.public).emit('winner', entry);
  });

  deps.withdrawalEvents.onChange((change) => {
    io.to(rooms.member(change.memberId)).emit('withdrawal', change.withdrawal);
  });

  // Each party hears its own view (its role and its moves); `version` is the seq.
  deps.contractEvents.onChange((change) => {
    for (const contract of change.contracts) {
      io.to(rooms.member(contract.upline.id)).emit('contract', viewFor(contract, 'upline'));
      io.to(rooms.member(contract.downline.id)).emit('contract', viewFor(contract, 'downline'));
    }
  });

  deps.messageEvents.onChange((change) => {
    for (const memberId of new Set(change.memberIds)) {
      io.to(rooms.member(memberId)).emit('message', { reason: change.reason });
    }
  });

  deps.identity.revocations.onRevoked((sessionIds, reason) => {
    for (const id of sessionIds) {
      const room = rooms.session(id);
      io.to(room).emit('session', { reason });
      // Those sockets hear no more private events; the page reconnects as a guest.
      void io
        .in(room)
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) {
            for (const joined of socket.rooms) if (PRIVATE_ROOM.test(joined)) socket.leave(joined);
          }
        });
    }
  });
  return io;
}
