import type { SupportRoomSummary } from '../../shared/chat';

/**
 * How the console names a chat's player: a member by account, a guest by its label with the
 * page's word for "Guest".
 */
export function partyName(summary: SupportRoomSummary, guestLabel: string): string {
  return summary.party.kind === 'member'
    ? (summary.party.account ?? '')
    : summary.party.label.replace(/^Guest/, guestLabel);
}
