import { type ModelList, type Presence, PRESENCE_SOURCE } from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { activeStaff } from './staff';

export type { ChatChange } from '../../platform/changes';

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

/**
 * Spec 7 `CBS_modelList`: the support staff players may reach, by display name, each online
 * (console open and available), away (open, switched away) or offline; online ones first. The
 * answer says so (`presenceSource`): presence needs a console's live socket connection.
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
  return {
    hosts,
    online: hosts.some((host) => host.presence === 'online'),
    presenceSource: PRESENCE_SOURCE,
  };
}
