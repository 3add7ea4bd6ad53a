import {
  type ChatHistory,
  type ChatMessage,
  type ChatRoomView,
  GUEST_KEY_HEADER,
  type LaunchChatResult,
  type ModelList,
  type SupportLoginResult,
  type SupportPlayerPanel,
  type SupportRoomSummary,
  type SupportStaffView,
} from '../shared/chat';
import { fetchFile } from './fetchFile';
import type { Http } from './http';

const bearer = (token: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

/**
 * Who the player's chat calls go as: the member's session token (the Http client adds it) or,
 * for a guest, the key its browser was given for its room.
 */
export interface ChatCaller {
  guestKey: string | null;
}

const callerHeaders = (caller: ChatCaller): Record<string, string> =>
  caller.guestKey ? { [GUEST_KEY_HEADER]: caller.guestKey } : {};

const roomPath = (room: string) => `/wps/chat/rooms/${encodeURIComponent(room)}`;

/**
 * The player's live chat (issue 16): spec 7's CBS relays, and the room's own calls. `token`
 * reads the member's session token (pictures are fetched outside the Http client).
 */
export function createChatApi(http: Http, token: () => string | null) {
  return {
    /** Spec 7 CBS_modelList: the support staff and whether any is online. */
    modelList(signal?: AbortSignal): Promise<ModelList> {
      return http.get('/wps/relay/CBS_modelList', { signal });
    },
    /** Spec 7 CBS_launchChat: the caller's room (`chatUrl`), made when none is open. */
    launch(caller: ChatCaller, signal?: AbortSignal): Promise<LaunchChatResult> {
      return http.post('/wps/relay/CBS_launchChat', {}, { signal, headers: callerHeaders(caller) });
    },
    history(caller: ChatCaller, room: string, after: number): Promise<ChatHistory> {
      return http.get(`${roomPath(room)}/messages?after=${after}`, {
        headers: callerHeaders(caller),
      });
    },
    send(caller: ChatCaller, room: string, text: string, clientId: string): Promise<ChatMessage> {
      return http.post(
        `${roomPath(room)}/messages`,
        { text, clientId },
        {
          headers: callerHeaders(caller),
        },
      );
    },
    /** A png or jpg in base64 (members only); checked by the server as feedback's are. */
    sendImage(room: string, data: string, clientId: string): Promise<ChatMessage> {
      // Up to 5 MB in base64: more time than the default on a slow line.
      return http.post(`${roomPath(room)}/images`, { data, clientId }, { timeout: 120_000 });
    },
    image(caller: ChatCaller, room: string, id: string, signal?: AbortSignal): Promise<Blob> {
      const headers = caller.guestKey ? callerHeaders(caller) : bearer(token());
      return fetchFile(`${roomPath(room)}/images/${encodeURIComponent(id)}`, headers, signal);
    },
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;

const supportRoom = (room: string) => `/wps/support/rooms/${encodeURIComponent(room)}`;

/** The operator console's calls (its own Http client, carrying the console's token). */
export function createSupportApi(http: Http, token: () => string | null) {
  return {
    /** With the second factor when two-factor sign-in is set up (issue 30). */
    login(
      name: string,
      password: string,
      second: { code?: string; recoveryCode?: string } = {},
    ): Promise<SupportLoginResult> {
      return http.post('/wps/support/session', { name, password, ...second });
    },
    logout(): Promise<null> {
      return http.delete('/wps/support/session');
    },
    me(signal?: AbortSignal): Promise<SupportStaffView> {
      return http.get('/wps/support/me', { signal });
    },
    setAvailable(available: boolean): Promise<SupportStaffView> {
      return http.put('/wps/support/availability', { available });
    },
    rooms(signal?: AbortSignal): Promise<{ items: SupportRoomSummary[] }> {
      return http.get('/wps/support/rooms?status=open', { signal });
    },
    history(room: string, after: number): Promise<ChatHistory> {
      return http.get(`${supportRoom(room)}/messages?after=${after}`);
    },
    send(room: string, text: string, clientId: string): Promise<ChatMessage> {
      return http.post(`${supportRoom(room)}/messages`, { text, clientId });
    },
    /** The player panel beside a chat (staff who may read member money only). */
    player(room: string, signal?: AbortSignal): Promise<SupportPlayerPanel> {
      return http.get(`${supportRoom(room)}/player`, { signal });
    },
    close(room: string): Promise<ChatRoomView> {
      return http.post(`${supportRoom(room)}/close`, {});
    },
    image(room: string, id: string, signal?: AbortSignal): Promise<Blob> {
      const path = `${supportRoom(room)}/images/${encodeURIComponent(id)}`;
      return fetchFile(path, bearer(token()), signal);
    },
  };
}

export type SupportApi = ReturnType<typeof createSupportApi>;
