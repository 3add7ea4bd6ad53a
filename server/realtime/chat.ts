import type { Namespace, Socket } from 'socket.io';
import {
  type ChatClientToServerEvents,
  type ChatHandshake,
  type ChatServerToClientEvents,
  GUEST_KEY,
  ROOM_TOKEN,
} from '../../src/shared/chat';
import { ApiError } from '../platform/apiError';
import { modelList } from '../domain/chat/events';
import {
  type ChatParticipant,
  guestKeyHash,
  markRead,
  roomFor,
  roomSummaries,
} from '../domain/chat/rooms';
import { resolveStaffSession, type StaffSession } from '../domain/chat/staffSessions';
import type { StaffRole } from '../../src/shared/staffRoles';
import { opsActionNamed } from '../domain/backOffice/actions';
import { resolveSession } from '../domain/identity/sessions';
import type { AppDeps } from '../deps';
import { socketEvents } from '../metrics';
import { publishOne } from '../platform/unitOfWork';

/**
 * The chat's socket.io namespace (issue 16). A socket proves who it is in its handshake, checked
 * in a middleware (again for a recovered socket): a member's session token or a guest's key,
 * with the one room it opens (its own, or it is refused), or a support console token, which
 * follows every room. Messages are stored over HTTP and published here after they committed,
 * through the adapter (every process's sockets hear them); typing and read receipts travel
 * here. Rooms: `chat:<room>` (the player's page), `staff` (every console), `players` (presence).
 */

type Who =
  | { kind: 'member'; memberId: string; sessionId: string; expiresAt: number; room: string }
  | { kind: 'guest'; keyHash: Buffer; room: string }
  | { kind: 'staff'; session: StaffSession };

interface ChatSocketData {
  who: Who;
}

type ChatNamespace = Namespace<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  ChatSocketData
>;
type ChatSocket = Socket<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  ChatSocketData
>;

export const chatRooms = {
  room: (room: string) => `chat:${room}`,
  staff: 'staff',
  players: 'players',
  memberSession: (sessionId: string) => `session:${sessionId}`,
  staffSession: (sessionId: string) => `staffSession:${sessionId}`,
  /** The back office's live figures and queues (issue 30): a session past two-factor, by role. */
  staffRole: (role: StaffRole) => `staffRole:${role}`,
} as const;

/** Who hears the dashboard's nudge (its figures changed) and the withdrawals queue's changes. */
const FIGURES_ROLES: readonly StaffRole[] = ['admin', 'finance', 'risk'];
const WITHDRAWAL_ROLES: readonly StaffRole[] = ['finance'];
/** The dashboard's nudge at most this often per process (a bet storm is one refetch a second). */
const FIGURES_NUDGE_MS = 1_000;

/** What one socket may send per second (typing and read marks); more is dropped. */
const EVENTS_PER_SECOND = 8;

const participantOf = (who: Who): ChatParticipant =>
  who.kind === 'staff'
    ? { kind: 'staff', staffId: who.session.staffId }
    : who.kind === 'member'
      ? { kind: 'member', memberId: who.memberId }
      : { kind: 'guest', keyHash: who.keyHash };

/** When the socket's session expires by itself (a guest's key does not). */
const expiresAtOf = (who: Who): number =>
  who.kind === 'staff'
    ? Date.parse(who.session.expiresAt)
    : who.kind === 'member'
      ? who.expiresAt
      : Infinity;

/** The longest a timer can wait (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

async function authenticate(deps: AppDeps, auth: ChatHandshake): Promise<Who> {
  if (typeof auth.staffToken === 'string' && auth.staffToken) {
    const session = await resolveStaffSession(deps.db, auth.staffToken);
    if (!session) throw new ApiError(401, 'support_not_logged_in', 'Log in to the console.');
    return { kind: 'staff', session };
  }
  const room = typeof auth.room === 'string' && ROOM_TOKEN.test(auth.room) ? auth.room : null;
  if (!room) throw new ApiError(404, 'chat_room_not_found', 'No such chat room.');
  if (typeof auth.token === 'string' && auth.token) {
    const session = await resolveSession(deps.db, auth.token);
    if (!session) throw new ApiError(401, 'not_logged_in', 'Not logged in.');
    await roomFor(deps.db, room, { kind: 'member', memberId: session.memberId });
    return {
      kind: 'member',
      memberId: session.memberId,
      sessionId: session.sessionId,
      expiresAt: session.expiresAt.getTime(),
      room,
    };
  }
  if (typeof auth.guestKey === 'string' && GUEST_KEY.test(auth.guestKey)) {
    const keyHash = guestKeyHash(auth.guestKey);
    await roomFor(deps.db, room, { kind: 'guest', keyHash });
    return { kind: 'guest', keyHash, room };
  }
  throw new ApiError(401, 'not_logged_in', 'Not logged in.');
}

export function attachChat(
  namespace: Namespace,
  deps: AppDeps,
  log: (message: string) => void,
): ChatNamespace {
  const chat = namespace as unknown as ChatNamespace;

  chat.use(async (socket, next) => {
    try {
      socket.data.who = await authenticate(deps, socket.handshake.auth as ChatHandshake);
      next();
    } catch (error) {
      // The client hears the code as connect_error's message.
      next(new Error(error instanceof ApiError ? error.code : 'unknown_error'));
    }
  });

  // Every process answers for its own sockets, through the adapter.
  deps.chat.presence.attach(async () => {
    const sockets = await chat.in(chatRooms.staff).fetchSockets();
    return new Set(
      sockets.flatMap((socket) =>
        socket.data.who?.kind === 'staff' ? [socket.data.who.session.staffId] : [],
      ),
    );
  });

  async function announcePresence(): Promise<void> {
    try {
      const { online } = await modelList(deps.db, deps.chat.presence);
      chat.to(chatRooms.players).emit('chatPresence', { online });
      socketEvents.inc({ event: 'chatPresence' });
    } catch (error) {
      log(`chat presence: ${String(error)}`);
    }
  }

  chat.on('connection', async (socket: ChatSocket) => {
    const who = socket.data.who;
    const joined =
      who.kind === 'staff'
        ? [
            chatRooms.staff,
            chatRooms.staffSession(who.session.sessionId),
            // The back office's live rooms only for a session that proved the second factor.
            ...(who.session.twoFactor ? who.session.roles.map(chatRooms.staffRole) : []),
          ]
        : [
            chatRooms.room(who.room),
            chatRooms.players,
            ...(who.kind === 'member' ? [chatRooms.memberSession(who.sessionId)] : []),
          ];
    // A recovered socket comes back with its old rooms: it keeps only those it earns now.
    for (const room of socket.rooms)
      if (room !== socket.id && !joined.includes(room)) socket.leave(room);
    await socket.join(joined);

    // A member's or a console's session ends at its expiry even while its socket stays
    // connected (no logout needed): the socket hears why and is cut then, and an event that
    // arrives after the expiry (a timer late on a busy process) is not served.
    const expiresAt = expiresAtOf(who);
    const endIfExpired = (): boolean => {
      if (Date.now() < expiresAt) return false;
      socket.emit('chatSession', { reason: 'expired' });
      socket.disconnect(true);
      return true;
    };
    let expiry: NodeJS.Timeout | null = null;
    const watchExpiry = () => {
      if (!Number.isFinite(expiresAt) || endIfExpired()) return;
      const left = Math.min(expiresAt - Date.now(), MAX_TIMER_MS);
      expiry = setTimeout(watchExpiry, Math.max(1, left));
    };
    watchExpiry();
    if (who.kind === 'staff') void announcePresence();

    let windowStart = 0;
    let inWindow = 0;
    const allowed = () => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      return inWindow <= EVENTS_PER_SECOND;
    };

    socket.on('typing', (event) => {
      if (endIfExpired() || !allowed() || typeof event !== 'object' || event === null) return;
      const { room, typing } = event;
      if (typeof room !== 'string' || !ROOM_TOKEN.test(room) || typeof typing !== 'boolean') return;
      if (who.kind === 'staff') {
        // The player, and the other consoles (so two people do not answer at once).
        socket
          .to([chatRooms.room(room), chatRooms.staff])
          .emit('chatTyping', { room, side: 'staff', name: who.session.displayName, typing });
      } else if (room === who.room) {
        socket.to(chatRooms.staff).emit('chatTyping', { room, side: 'player', name: null, typing });
      }
      socketEvents.inc({ event: 'chatTyping' });
    });

    socket.on('read', (event, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      if (endIfExpired()) return answer({ ok: false, code: 'not_logged_in' });
      if (!allowed()) return answer({ ok: false, code: 'chat_rate_limited' });
      const room = typeof event === 'object' && event !== null ? event.room : null;
      const seq = typeof event === 'object' && event !== null ? event.seq : null;
      if (typeof room !== 'string' || !ROOM_TOKEN.test(room) || typeof seq !== 'number') {
        return answer({ ok: false, code: 'invalid_request' });
      }
      if (who.kind !== 'staff' && room !== who.room) {
        return answer({ ok: false, code: 'chat_room_not_found' });
      }
      markRead(deps.db, room, participantOf(who), seq).then(
        (moved) => {
          if (moved) publishOne(deps, 'chat', { kind: 'read', ...moved });
          answer({ ok: true });
        },
        (error: unknown) => {
          if (!(error instanceof ApiError)) log(`chat read: ${String(error)}`);
          answer({ ok: false, code: error instanceof ApiError ? error.code : 'unknown_error' });
        },
      );
    });

    socket.on('disconnect', () => {
      if (expiry) clearTimeout(expiry);
      if (who.kind === 'staff') void announcePresence();
    });
  });

  // Published after the write committed: the room's page and every console hear it.
  deps.changes.on('chat', (change) => {
    if (change.kind === 'availability') {
      void announcePresence();
      return;
    }
    const targets = [chatRooms.room(change.room.room), chatRooms.staff];
    if (change.kind === 'message') {
      chat.to(targets).emit('chatMessage', change.message);
      socketEvents.inc({ event: 'chatMessage' });
    } else if (change.kind === 'read') {
      const seq = change.side === 'staff' ? change.room.staffReadSeq : change.room.playerReadSeq;
      chat.to(targets).emit('chatRead', { room: change.room.room, side: change.side, seq });
      socketEvents.inc({ event: 'chatRead' });
    } else {
      chat.to(targets).emit('chatRoom', change.room);
      socketEvents.inc({ event: 'chatRoom' });
    }
    // The consoles' list: the room's summary as it is now (merged by its version).
    roomSummaries(deps.db, { roomId: change.roomId }).then(
      ([summary]) => {
        if (!summary) return;
        chat.to(chatRooms.staff).emit('supportRoom', summary);
        socketEvents.inc({ event: 'supportRoom' });
      },
      (error: unknown) => log(`chat summary ${change.roomId}: ${String(error)}`),
    );
  });

  // The back office (issue 30): a withdrawal's new state to the finance queue; a throttled nudge
  // to the dashboards when money moved (they fetch their figures again).
  deps.changes.on('withdrawal', (change) => {
    chat.to(WITHDRAWAL_ROLES.map(chatRooms.staffRole)).emit('opsWithdrawal', {
      withdrawal: change.withdrawal,
    });
    socketEvents.inc({ event: 'opsWithdrawal' });
    nudgeFigures();
  });
  deps.changes.on('balance', () => nudgeFigures());
  // The four-eyes queue of every role that may decide the action (and the admins, who read it).
  deps.changes.on('approval', (change) => {
    const roles = new Set<StaffRole>(['admin', ...(opsActionNamed(change.action)?.roles ?? [])]);
    chat
      .to([...roles].map(chatRooms.staffRole))
      .emit('opsApproval', { id: change.id, status: change.status });
    socketEvents.inc({ event: 'opsApproval' });
  });
  // The feedback and redemptions queues: every role that may list them fetches again.
  deps.changes.on('opsQueue', (change) => {
    const [event, action] =
      change.queue === 'feedback'
        ? (['opsFeedback', 'feedback.list'] as const)
        : (['opsRedemption', 'redemptions.list'] as const);
    const roles = opsActionNamed(action)?.roles ?? [];
    chat.to(roles.map(chatRooms.staffRole)).emit(event, { at: new Date().toISOString() });
    socketEvents.inc({ event });
  });
  let nudgeDue: NodeJS.Timeout | null = null;
  function nudgeFigures(): void {
    if (nudgeDue) return;
    nudgeDue = setTimeout(() => {
      nudgeDue = null;
      chat.to(FIGURES_ROLES.map(chatRooms.staffRole)).emit('opsFigures', {
        at: new Date().toISOString(),
      });
      socketEvents.inc({ event: 'opsFigures' });
    }, FIGURES_NUDGE_MS);
    nudgeDue.unref();
  }

  // A member's session ended (logout elsewhere, a new password): its chat sockets go too.
  deps.changes.on('sessionsEnded', ({ sessionIds: sessionIds, reason: reason }) => {
    for (const id of sessionIds) endSockets(chatRooms.memberSession(id), reason);
  });
  deps.changes.on('staffSessionsEnded', ({ sessionIds, reason }) => {
    for (const id of sessionIds) endSockets(chatRooms.staffSession(id), reason);
  });

  function endSockets(room: string, reason: string): void {
    chat.to(room).emit('chatSession', { reason });
    // On every process (through the adapter); the client does not reconnect by itself.
    chat.in(room).disconnectSockets(true);
  }

  return chat;
}
