import {
  filter,
  fromEventPattern,
  map,
  merge,
  type Observable,
  of,
  startWith,
  Subject,
  switchMap,
  take,
  timer,
} from 'rxjs';
import type { Socket } from 'socket.io-client';
import {
  type ChatApi,
  type ChatCaller,
  createChatApi,
  createSupportApi,
  type SupportApi,
} from '../../api/chat';
import { createHttp, type Http } from '../../api/http';
import { readToken } from '../../api/sessionToken';
import {
  CHAT_NAMESPACE,
  type ChatClientToServerEvents,
  type ChatMessage,
  type ChatServerToClientEvents,
  type ChatTypingEvent,
  type ModelList,
} from '../../shared/chat';
import { SOCKET_PATH } from '../../shared/realtime';
import {
  type ChatRoomEvent,
  type ChatRoomState,
  createChatRoom,
  createPresence,
  createSupportRooms,
  type SupportRoomList,
  typingIn,
} from '../../streams/chatRoom';
import { socketClient } from '../../streams/onDemandCode';
import { createRealtime } from '../../streams/realtime';

/**
 * The chat's connections for the two pages (issue 16): the player's room and the support
 * console. Each page makes its own socket of the chat namespace (multiplexed on the tab's
 * socket.io connection) with its own handshake, and its streams through the live primitive.
 */

type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** Where a guest's browser keeps the key its chat room answers to. */
const GUEST_KEY_STORAGE = 'chatGuestKey';
/** Where the console keeps its session token (this tab only, like a member's). */
export const SUPPORT_TOKEN_KEY = 'supportToken';

export const storedSupportToken = (): string | null => sessionStorage.getItem(SUPPORT_TOKEN_KEY);

export function storedGuestKey(): string | null {
  try {
    return localStorage.getItem(GUEST_KEY_STORAGE);
  } catch {
    return null;
  }
}

export function keepGuestKey(key: string): void {
  try {
    localStorage.setItem(GUEST_KEY_STORAGE, key);
  } catch {
    // Private mode without storage: the chat works for this page only.
  }
}

/** A message the page is sending (shown until the server's copy arrives). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function chatRealtime(auth: () => Record<string, string | null>) {
  return createRealtime<ChatServerToClientEvents, ChatClientToServerEvents>(
    async (): Promise<ChatSocket> => {
      const { io } = await socketClient.get();
      return io(CHAT_NAMESPACE, {
        path: SOCKET_PATH,
        autoConnect: false,
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        auth: (callback) => callback(auth()),
      });
    },
    { loadFailures: socketClient.failures },
  );
}

type ChatRealtime = ReturnType<typeof chatRealtime>;

/** Emits on the page's chat socket (open while the page's streams are subscribed). */
function emitter(realtime: ChatRealtime) {
  return <K extends keyof ChatClientToServerEvents>(
    name: K,
    ...args: Parameters<ChatClientToServerEvents[K]>
  ) => {
    realtime.socket$.pipe(take(1)).subscribe((socket) => socket.emit(name, ...args));
  };
}

/**
 * Why the server refused the handshake (its middleware's error message, a code such as
 * `not_logged_in`); socket.io-client does not retry such a refusal by itself.
 */
function connectError$(realtime: ChatRealtime): Observable<string> {
  return realtime.socket$.pipe(
    switchMap((socket) =>
      fromEventPattern<Error>(
        (handler) => socket.on('connect_error', handler),
        (handler) => socket.off('connect_error', handler),
      ),
    ),
    map((error) => error.message),
  );
}

function roomEvents(realtime: ChatRealtime, room: string, local$: Observable<ChatMessage>) {
  return merge(
    merge(realtime.event$('chatMessage'), local$).pipe(
      filter((message) => message.room === room),
      map((message): ChatRoomEvent => ({ kind: 'message', message })),
    ),
    realtime.event$('chatRead').pipe(
      filter((event) => event.room === room),
      map((event): ChatRoomEvent => ({ kind: 'read', event })),
    ),
    realtime.event$('chatRoom').pipe(
      filter((view) => view.room === room),
      map((view): ChatRoomEvent => ({ kind: 'room', room: view })),
    ),
  );
}

/** Why the chat stopped: the handshake was refused, or the session ended (a code). */
function stopped$(realtime: ChatRealtime): Observable<string> {
  return merge(
    connectError$(realtime).pipe(filter((code) => /^[a-z_]+$/.test(code))),
    realtime.event$('chatSession').pipe(map(() => 'chat_session_ended')),
  );
}

/** True while a connection that was up is lost for more than a moment (a re-handshake is not). */
function lost$(realtime: ChatRealtime): Observable<boolean> {
  return realtime.connectionState$.pipe(
    switchMap((state) =>
      state === 'reconnecting' ? timer(LOST_NOTICE_MS).pipe(map(() => true)) : of(false),
    ),
    startWith(false),
  );
}

const LOST_NOTICE_MS = 1_500;

export interface PlayerChat {
  room: string;
  /** The connection was lost (the page says it is reconnecting). */
  lost$: Observable<boolean>;
  isGuest: boolean;
  state$: Observable<ChatRoomState>;
  presence$: Observable<ModelList>;
  staffTyping$: Observable<ChatTypingEvent | null>;
  stopped$: Observable<string>;
  send(text: string, clientId: string): Promise<ChatMessage>;
  sendImage(data: string, clientId: string): Promise<ChatMessage>;
  loadImage(id: string, signal: AbortSignal): Promise<Blob>;
  typing(on: boolean): void;
  read(seq: number): void;
}

/** The player's side of one room: a member (session token) or a guest (its stored key). */
export function createPlayerChat(http: Http, room: string): PlayerChat {
  const api: ChatApi = createChatApi(http, readToken);
  const isGuest = readToken() === null;
  const caller: ChatCaller = { guestKey: isGuest ? storedGuestKey() : null };
  const realtime = chatRealtime(() => ({
    token: readToken(),
    guestKey: readToken() ? null : caller.guestKey,
    room,
  }));
  const local$ = new Subject<ChatMessage>();
  const emit = emitter(realtime);
  const state$ = createChatRoom({
    fetchAfter: (after) => api.history(caller, room, after),
    events$: roomEvents(realtime, room, local$),
    // Also when the socket first joins: a message sent between the first history read and
    // that join would otherwise stay missing while no later message shows the gap.
    reconnected$: merge(realtime.reconnected$, realtime.joined$),
  });
  const remember = (message: ChatMessage) => {
    local$.next(message);
    return message;
  };
  return {
    room,
    lost$: lost$(realtime),
    isGuest,
    state$,
    presence$: createPresence({
      fetch: () => api.modelList(),
      events$: realtime.event$('chatPresence'),
      reconnected$: realtime.reconnected$,
    }),
    staffTyping$: typingIn(
      room,
      'staff',
      realtime.event$('chatTyping'),
      realtime.event$('chatMessage'),
    ),
    stopped$: stopped$(realtime),
    send: (text, clientId) => api.send(caller, room, text, clientId).then(remember),
    sendImage: (data, clientId) => api.sendImage(room, data, clientId).then(remember),
    loadImage: (id, signal) => api.image(caller, room, id, signal),
    typing: (on) => emit('typing', { room, typing: on }),
    read: (seq) => emit('read', { room, seq }),
  };
}

/** The console's http client: its own token, never a member's. */
export function createSupportHttp(language: () => string): Http {
  return createHttp({
    merchantCode: () => 'DEFAULT',
    language,
    token: storedSupportToken,
  });
}

export interface SupportRoomChat {
  state$: Observable<ChatRoomState>;
  playerTyping$: Observable<ChatTypingEvent | null>;
  colleagueTyping$: Observable<ChatTypingEvent | null>;
  send(text: string, clientId: string): Promise<ChatMessage>;
  close(): Promise<unknown>;
  loadImage(id: string, signal: AbortSignal): Promise<Blob>;
  typing(on: boolean): void;
  read(seq: number): void;
}

export interface SupportConsole {
  api: SupportApi;
  rooms$: Observable<SupportRoomList>;
  stopped$: Observable<string>;
  lost$: Observable<boolean>;
  room(room: string): SupportRoomChat;
  refreshRooms(): void;
}

/** The console: every open chat, live, and each opened chat's conversation. */
export function createSupportConsole(http: Http): SupportConsole {
  const api = createSupportApi(http, storedSupportToken);
  const realtime = chatRealtime(() => ({ staffToken: sessionStorage.getItem(SUPPORT_TOKEN_KEY) }));
  const refresh$ = new Subject<void>();
  const local$ = new Subject<ChatMessage>();
  const rooms = new Map<string, SupportRoomChat>();
  const emit = emitter(realtime);
  return {
    api,
    rooms$: createSupportRooms({
      fetch: () => api.rooms(),
      events$: realtime.event$('supportRoom'),
      reconnected$: realtime.reconnected$,
      refresh$,
    }),
    stopped$: stopped$(realtime),
    lost$: lost$(realtime),
    refreshRooms: () => refresh$.next(),
    room(room) {
      let chat = rooms.get(room);
      if (chat) return chat;
      const typing$ = realtime.event$('chatTyping');
      const messages$ = realtime.event$('chatMessage');
      chat = {
        state$: createChatRoom({
          fetchAfter: (after) => api.history(room, after),
          events$: roomEvents(realtime, room, local$),
          reconnected$: merge(realtime.reconnected$, realtime.joined$),
        }),
        playerTyping$: typingIn(room, 'player', typing$, messages$),
        colleagueTyping$: typingIn(room, 'staff', typing$, messages$),
        send: (text, clientId) =>
          api.send(room, text, clientId).then((message) => {
            local$.next(message);
            return message;
          }),
        close: () => api.close(room),
        loadImage: (id, signal) => api.image(room, id, signal),
        typing: (on) => emit('typing', { room, typing: on }),
        read: (seq) => emit('read', { room, seq }),
      };
      rooms.set(room, chat);
      return chat;
    },
  };
}

/** The console's login: the token is kept for this tab (sessionStorage) on success. */
export async function supportLogin(
  language: () => string,
  name: string,
  password: string,
  second: { code?: string; recoveryCode?: string } = {},
): Promise<string> {
  const answer = await createSupportApi(createSupportHttp(language), storedSupportToken).login(
    name,
    password,
    second,
  );
  sessionStorage.setItem(SUPPORT_TOKEN_KEY, answer.token);
  return answer.token;
}

/** The console's logout: the session ends on the server, and the token here, whatever happens. */
export async function supportLogout(api: SupportApi): Promise<void> {
  try {
    await api.logout();
  } finally {
    sessionStorage.removeItem(SUPPORT_TOKEN_KEY);
  }
}

export const forgetSupportToken = (): void => sessionStorage.removeItem(SUPPORT_TOKEN_KEY);

/**
 * The back office's live connection (issue 30): a staff socket of the chat namespace whose
 * rooms follow the session's roles (after two-factor). Its events feed the live primitive.
 */
export interface StaffLive {
  event$: ChatRealtime['event$'];
  reconnected$: Observable<unknown>;
  lost$: Observable<boolean>;
  stopped$: Observable<string>;
}

export function createStaffLive(): StaffLive {
  const realtime = chatRealtime(() => ({ staffToken: sessionStorage.getItem(SUPPORT_TOKEN_KEY) }));
  return {
    event$: realtime.event$,
    reconnected$: realtime.reconnected$,
    lost$: lost$(realtime),
    stopped$: stopped$(realtime),
  };
}
