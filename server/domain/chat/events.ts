import type {
  ChatMessage,
  ChatRoomView,
  ChatSide,
  ModelList,
  Presence,
} from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { type Announcer, createAnnouncer } from '../announcer';
import { activeStaff } from './staff';

/** A committed change of a chat, for the realtime layer to publish (never from a transaction). */
export type ChatChange =
  | { kind: 'message'; message: ChatMessage; room: ChatRoomView; roomId: string }
  | { kind: 'read'; room: ChatRoomView; roomId: string; side: ChatSide }
  | { kind: 'room'; room: ChatRoomView; roomId: string }
  /** A staff member switched between available and away. */
  | { kind: 'availability' };

/**
 * Which staff have the console open: the realtime layer answers it from the sockets of every
 * process (through the adapter); until it is attached, nobody.
 */
export interface ChatPresence {
  connectedStaff(): Promise<Set<string>>;
  attach(source: () => Promise<Set<string>>): void;
}

export function createChatPresence(): ChatPresence {
  let source: () => Promise<Set<string>> = async () => new Set();
  return {
    connectedStaff: () => source(),
    attach(next) {
      source = next;
    },
  };
}

export interface ChatServices {
  events: Announcer<ChatChange>;
  /** Console sessions that ended (logout, new password, account disabled): their sockets go. */
  staffRevocations: Announcer<{ sessionIds: string[]; reason: string }>;
  presence: ChatPresence;
}

export function createChatServices(): ChatServices {
  return {
    events: createAnnouncer<ChatChange>(),
    staffRevocations: createAnnouncer<{ sessionIds: string[]; reason: string }>(),
    presence: createChatPresence(),
  };
}

/**
 * Spec 7 `CBS_modelList`: the support staff players may reach, by display name, each online
 * (console open and available), away (open, switched away) or offline; online ones first.
 */
export async function modelList(db: Queryable, presence: ChatPresence): Promise<ModelList> {
  const [staff, connected] = await Promise.all([activeStaff(db), presence.connectedStaff()]);
  const rank: Record<Presence, number> = { online: 0, away: 1, offline: 2 };
  const hosts = staff
    .map((member) => ({
      id: member.id,
      displayName: member.displayName,
      presence: (!connected.has(member.id)
        ? 'offline'
        : member.available
          ? 'online'
          : 'away') as Presence,
    }))
    .sort((a, b) => rank[a.presence] - rank[b.presence]);
  return { hosts, online: hosts.some((host) => host.presence === 'online') };
}
