import { createChatApi } from '../../api/chat';
import { readToken } from '../../api/sessionToken';
import type { LaunchChatResult } from '../../shared/chat';
import { defineFeature } from '../feature';
import {
  createPlayerChat,
  createSupportConsole,
  createSupportHttp,
  keepGuestKey,
  type PlayerChat,
  storedGuestKey,
  type SupportConsole,
} from './chatClient';

/**
 * The chat (issue 16): a player's or a guest's room, and the support console. The console is
 * staff's, with its own token and client (chatClient.ts), never a member's.
 */
export const chatFeature = defineFeature('chat', ({ http }) => {
  const api = createChatApi(http, readToken);
  return {
    /**
     * Spec 7 CBS_launchChat for a member's room, or a guest's (its key kept by this browser,
     * given by the server the first time).
     */
    async launch(who: 'member' | 'guest', signal?: AbortSignal): Promise<LaunchChatResult> {
      const launched = await api.launch(
        { guestKey: who === 'guest' ? storedGuestKey() : null },
        signal,
      );
      if (launched.guestKey) keepGuestKey(launched.guestKey);
      return launched;
    },
    /** The player's side of a room (its socket with it). */
    playerChat: (room: string): PlayerChat => createPlayerChat(http, room),
    /** The console's connection with its own token and socket. */
    supportConsole: (language: () => string): SupportConsole =>
      createSupportConsole(createSupportHttp(language)),
    /** Whether this tab holds a member's token (the chat's calls go as that member). */
    holdsMemberToken: () => readToken() !== null,
  };
});

export type ChatFeature = ReturnType<typeof chatFeature>;
