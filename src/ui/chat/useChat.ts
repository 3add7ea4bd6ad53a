import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { map, merge, type Observable, of, startWith } from 'rxjs';
import { createChatApi } from '../../api/chat';
import { readToken } from '../../api/sessionToken';
import type { LaunchChatResult } from '../../shared/chat';
import { useServices } from '../core/ServicesContext';
import { useQuery } from '../hooks/useQuery';
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
 * Spec 7 CBS_launchChat for whoever is here: a member's room, or a guest's (its key kept by this
 * browser, given by the server the first time). `who` null: the session is still being read.
 */
export function useLaunchChat(who: 'member' | 'guest' | null) {
  const { http } = useServices();
  return useQuery<LaunchChatResult>(who && `chat-launch:${who}`, async (signal) => {
    const api = createChatApi(http, readToken);
    const launched = await api.launch(
      { guestKey: who === 'guest' ? storedGuestKey() : null },
      signal,
    );
    if (launched.guestKey) keepGuestKey(launched.guestKey);
    return launched;
  });
}

/** The player's side of a room, for as long as the page shows it (its socket with it). */
export function usePlayerChat(
  room: string,
  loggedIn: boolean,
): PlayerChat & {
  stoppedOrNull$: Observable<string | null>;
} {
  const { http } = useServices();
  return useMemo(() => {
    const chat = createPlayerChat(http, room);
    return { ...chat, stoppedOrNull$: chat.stopped$.pipe(startWith(null)) };
    // A login or logout is another caller: a new client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, room, loggedIn]);
}

/** Whether this tab holds a member's token (the chat's calls go as that member). */
export const holdsMemberToken = () => readToken() !== null;

/** The console's connection (its own token and socket), made once per login. */
export function useSupportConsole(token: string): SupportConsole & {
  stoppedOrNull$: Observable<string | null>;
} {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const desk = createSupportConsole(createSupportHttp(() => i18n.language.toUpperCase()));
    return { ...desk, stoppedOrNull$: merge(of(null), desk.stopped$.pipe(map((code) => code))) };
    // One console per session token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
}
