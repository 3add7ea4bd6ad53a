import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { isAgentType } from '../../src/shared/identity';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/realtime';
import { SOCKET_PATH } from '../../src/shared/realtime';
import { resolveSession } from '../domain/identity/sessions';
import type { AppDeps } from '../deps';
import { toMoneyString } from '../../src/shared/money';
import { publishSystemStatus } from './systemEvents';
import { viewFor } from '../domain/contracts/views';
import { socketEvents } from '../metrics';
import type { MaintenanceState } from '../domain/system/maintenance';
import type { RedisLink } from '../platform/redis';
import { attachChat } from './chat';
import { CHAT_NAMESPACE } from '../../src/shared/chat';
import { coalesceWinners } from './winnerFeed';

/** What one server process tells the others (through the adapter; only with Redis). */
export interface InterServerEvents {
  maintenance: (state: MaintenanceState) => void;
}

/** What a socket carries from its handshake: the session its token resolved to, if any. */
export interface SocketData {
  session: Awaited<ReturnType<typeof resolveSession>>;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** The Redis stream socket.io's packets go through, and how much of it is kept. */
const STREAM = { streamName: 'platform:socket.io', maxLen: 10_000 } as const;

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

/** The longest a timer can wait (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `redis` set: many processes, one platform (issue 13). Every emit below goes through the Redis
 * Streams adapter to the sockets of every process, and connection-state recovery keeps its
 * sessions in Redis, so a client can come back on another process. `websocketOnly`: in a
 * cluster without sticky sessions (WEB_CONCURRENCY), long-polling would spread one session's
 * requests over processes that do not know it; the client starts on a WebSocket anyway.
 */
export function attachRealtime(
  httpServer: HttpServer,
  deps: AppDeps,
  options: {
    redis?: RedisLink | null;
    websocketOnly?: boolean;
    log?: (message: string) => void;
  } = {},
): RealtimeServer {
  const redis = options.redis ?? null;
  const log = options.log ?? (() => {});
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(redis ? { adapter: redis.adapter(STREAM) } : {}),
    ...(options.websocketOnly ? { transports: ['websocket'] } : {}),
    // A client back within two minutes gets the events it missed and keeps its rooms; it then
    // has no snapshot to fetch again (the client refetches only when `recovered` is false).
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  // A token in the handshake puts the socket in its member's rooms; guests get public events.
  // The token is checked in a middleware, before the socket counts as connected (a recovered
  // one too: the middleware is not skipped), so the rooms are joined in the same turn as the
  // connection: an event published the moment the client hears "connected" (its snapshot
  // fetched after) reaches it. Joining after an awaited lookup left a gap where a member's
  // pushes were lost.
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    socket.data.session =
      typeof token === 'string' && token
        ? await resolveSession(deps.db, token).catch(() => null)
        : null;
    next();
  });

  io.on('connection', async (socket) => {
    const session = socket.data.session ?? null;
    const visitor = deps.visitorOf(socket.request);
    const joined: string[] = [
      rooms.public,
      deps.region.isRestricted(visitor) ? rooms.regionBlocked : rooms.regionOpen,
    ];
    if (session) {
      joined.push(rooms.member(session.memberId), rooms.session(session.sessionId));
      if (isAgentType(session.type)) joined.push(rooms.agent(session.memberId));
    }
    // A recovered socket comes back with its old rooms: it keeps only the private ones its
    // token still earns now (its session may have ended meanwhile).
    for (const room of socket.rooms)
      if (PRIVATE_ROOM.test(room) && !joined.includes(room)) socket.leave(room);
    await socket.join(joined);

    // The session ends at its expiry with no logout: the socket is told (the page logs out)
    // and hears no more private events, as when a session is revoked.
    if (session) {
      const expiresAt = session.expiresAt.getTime();
      let expiry: NodeJS.Timeout | null = null;
      const watchExpiry = () => {
        if (Date.now() < expiresAt) {
          expiry = setTimeout(
            watchExpiry,
            Math.max(1, Math.min(expiresAt - Date.now(), MAX_TIMER_MS)),
          );
          return;
        }
        socket.emit('session', { reason: 'expired' });
        socketEvents.inc({ event: 'session' });
        for (const room of socket.rooms) if (PRIVATE_ROOM.test(room)) socket.leave(room);
      };
      watchExpiry();
      socket.on('disconnect', () => {
        if (expiry) clearTimeout(expiry);
      });
    }
  });

  // The process that switched tells every page (through the adapter, on every process) and
  // every other process, which then serves its HTTP answers by the new state too.
  deps.maintenance.onChange((state, origin) => {
    if (origin !== 'local') return;
    publishSystemStatus(io, state);
    if (redis) io.serverSideEmit('maintenance', state);
  });
  if (redis) io.on('maintenance', (state) => deps.maintenance.adopt(state));

  // Published after the ledger transaction committed (ARCHITECTURE, Realtime).
  deps.changes.on('balance', (changes) => {
    for (const change of changes) {
      io.to(rooms.member(change.memberId)).emit('balance', {
        wallet: change.wallet,
        balance: toMoneyString(change.balance),
        currency: deps.config.payments.currency,
        seq: Number(change.entryId),
      });
      socketEvents.inc({ event: 'balance' });
    }
  });

  deps.changes.on('salary', (change) => {
    io.to(rooms.agent(change.agentId)).emit('salary', change.event);
    socketEvents.inc({ event: 'salary' });
  });

  // Coalesced: at most one a second from each process while wins keep coming (winnerFeed.ts).
  const winner = coalesceWinners((entry) => {
    io.to(rooms.public).emit('winner', entry);
    socketEvents.inc({ event: 'winner' });
  });
  deps.changes.on('winner', winner);

  deps.changes.on('withdrawal', (change) => {
    io.to(rooms.member(change.memberId)).emit('withdrawal', change.withdrawal);
    socketEvents.inc({ event: 'withdrawal' });
  });

  // Each party hears its own view (its role and its moves); `version` is the seq.
  deps.changes.on('contract', (change) => {
    for (const contract of change.contracts) {
      io.to(rooms.member(contract.upline.id)).emit('contract', viewFor(contract, 'upline'));
      socketEvents.inc({ event: 'contract' });
      io.to(rooms.member(contract.downline.id)).emit('contract', viewFor(contract, 'downline'));
      socketEvents.inc({ event: 'contract' });
    }
  });

  deps.changes.on('message', (change) => {
    for (const memberId of new Set(change.memberIds)) {
      io.to(rooms.member(memberId)).emit('message', { reason: change.reason });
      socketEvents.inc({ event: 'message' });
    }
  });

  deps.changes.on('reward', (change) => {
    io.to(rooms.member(change.memberId)).emit('reward', { reason: change.reason });
    socketEvents.inc({ event: 'reward' });
  });

  deps.changes.on('vip', (change) => {
    io.to(rooms.member(change.memberId)).emit('vip', { level: change.level, seq: change.version });
    socketEvents.inc({ event: 'vip' });
  });

  deps.changes.on('rg', (change) => {
    io.to(rooms.member(change.memberId)).emit('rg', { seq: change.version });
    socketEvents.inc({ event: 'rg' });
  });

  // Everyone's (public room), or only the members it is for: their pages fetch the list again.
  deps.changes.on('announcement', (change) => {
    const event = { seq: change.version };
    if (change.memberIds === null) io.to(rooms.public).emit('announcement', event);
    else
      for (const memberId of change.memberIds)
        io.to(rooms.member(memberId)).emit('announcement', event);
    socketEvents.inc({ event: 'announcement' });
  });

  deps.changes.on('sessionsEnded', ({ sessionIds: sessionIds, reason: reason }) => {
    for (const id of sessionIds) {
      const room = rooms.session(id);
      io.to(room).emit('session', { reason });
      socketEvents.inc({ event: 'session' });
      // Those sockets hear no more private events; the page reconnects as a guest. With Redis
      // the sockets of every process are fetched, and a remote one leaves on its own process.
      void io
        .in(room)
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) {
            for (const joined of socket.rooms) if (PRIVATE_ROOM.test(joined)) socket.leave(joined);
          }
        })
        .catch((error: unknown) => {
          log(`session ${id}: its sockets could not all be reached (${String(error)})`);
        });
    }
  });

  // The live chat's own namespace (issue 16): its own handshake, rooms and events.
  attachChat(io.of(CHAT_NAMESPACE), deps, log);
  return io;
}
