import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { map, merge, type Observable, of, startWith } from 'rxjs';
import { chatFeature } from '../../app/features/chat';
import type { PlayerChat, SupportConsole } from '../../app/features/chatClient';
import type { LaunchChatResult } from '../../shared/chat';
import { useFeature } from '../core/useFeature';
import { useQuery } from '../hooks/useQuery';

/**
 * Spec 7 CBS_launchChat for whoever is here: a member's room, or a guest's (its key kept by this
 * browser, given by the server the first time). `who` null: the session is still being read.
 */
export function useLaunchChat(who: 'member' | 'guest' | null) {
  const chat = useFeature(chatFeature);
  return useQuery<LaunchChatResult>(who && `chat-launch:${who}`, (signal) =>
    chat.launch(who ?? 'guest', signal),
  );
}

/** The player's side of a room, for as long as the page shows it (its socket with it). */
export function usePlayerChat(
  room: string,
  loggedIn: boolean,
): PlayerChat & {
  stoppedOrNull$: Observable<string | null>;
} {
  const feature = useFeature(chatFeature);
  return useMemo(() => {
    const chat = feature.playerChat(room);
    return { ...chat, stoppedOrNull$: chat.stopped$.pipe(startWith(null)) };
    // A login or logout is another caller: a new client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feature, room, loggedIn]);
}

/** The console's connection (its own token and socket), made once per login. */
export function useSupportConsole(token: string): SupportConsole & {
  stoppedOrNull$: Observable<string | null>;
} {
  const { i18n } = useTranslation();
  const feature = useFeature(chatFeature);
  return useMemo(() => {
    const desk = feature.supportConsole(() => i18n.language.toUpperCase());
    return { ...desk, stoppedOrNull$: merge(of(null), desk.stopped$.pipe(map((code) => code))) };
    // One console per session token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
}

/** Whether this tab holds a member's token (the chat's calls go as that member). */
export function useHoldsMemberToken(): boolean {
  return useFeature(chatFeature).holdsMemberToken();
}
