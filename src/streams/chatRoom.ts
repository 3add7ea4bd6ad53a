import {
  concat,
  distinctUntilChanged,
  filter,
  map,
  merge,
  type Observable,
  of,
  startWith,
  switchMap,
  tap,
  timer,
} from 'rxjs';
import {
  type ChatHistory,
  type ChatMessage,
  type ChatPresenceEvent,
  type ChatReadEvent,
  type ChatRoomView,
  type ChatSide,
  type ChatTypingEvent,
  contiguousSeq,
  mergeMessages,
  type ModelList,
  type SupportRoomSummary,
} from '../shared/chat';
import { isNewer, live } from './live';

/**
 * The live chat's streams (issue 16), all through the one live primitive (live.ts): a room's
 * messages (history, then socket events; a reconnect that lost events, or a gap in the seqs,
 * asks for the messages after the last one held, so nothing is lost and nothing shows twice),
 * typing, presence, and the console's list of open chats.
 */

export type ChatRoomEvent =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'read'; event: ChatReadEvent }
  | { kind: 'room'; room: ChatRoomView };

export interface ChatRoomState {
  room: ChatRoomView;
  /** Oldest first, unique by seq. */
  messages: readonly ChatMessage[];
}

/** Two readings of a room: a closed room stays closed, marks and seqs only move forward. */
export function mergeRoom(a: ChatRoomView, b: ChatRoomView): ChatRoomView {
  const closed = a.status === 'closed' ? a : b.status === 'closed' ? b : null;
  const merged: ChatRoomView = {
    ...a,
    status: closed ? 'closed' : 'open',
    closedAt: closed?.closedAt ?? null,
    lastSeq: Math.max(a.lastSeq, b.lastSeq),
    playerReadSeq: Math.max(a.playerReadSeq, b.playerReadSeq),
    staffReadSeq: Math.max(a.staffReadSeq, b.staffReadSeq),
  };
  const same = (Object.keys(merged) as (keyof ChatRoomView)[]).every(
    (key) => merged[key] === a[key],
  );
  return same ? a : merged;
}

/** One event on top of a room's state; the same state when it changes nothing. */
export function applyChatEvent(state: ChatRoomState, event: ChatRoomEvent): ChatRoomState {
  if (event.kind === 'room') {
    const room = mergeRoom(state.room, event.room);
    return room === state.room ? state : { ...state, room };
  }
  if (event.kind === 'read') {
    const key = event.event.side === 'staff' ? 'staffReadSeq' : 'playerReadSeq';
    if (event.event.seq <= state.room[key]) return state;
    return { ...state, room: { ...state.room, [key]: event.event.seq } };
  }
  const { message } = event;
  const messages = mergeMessages(state.messages, [message]);
  if (messages === state.messages) return state;
  // The sender has read up to its own message.
  const side: ChatSide = message.author === 'staff' ? 'staff' : 'player';
  const key = side === 'staff' ? 'staffReadSeq' : 'playerReadSeq';
  return {
    messages,
    room: {
      ...state.room,
      lastSeq: Math.max(state.room.lastSeq, message.seq),
      [key]: Math.max(state.room[key], message.seq),
    },
  };
}

/** A message that skips seqs the state does not hold shows that some were missed. */
export function showsGap(state: ChatRoomState, event: ChatRoomEvent): boolean {
  return event.kind === 'message' && event.message.seq > contiguousSeq(state.messages) + 1;
}

export function createChatRoom(deps: {
  /** One page of the room's messages after a seq (GET …/messages?after=). */
  fetchAfter: (after: number) => Promise<ChatHistory>;
  /** This room's events (messages, read marks, its state), and the page's own answers. */
  events$: Observable<ChatRoomEvent>;
  /** A reconnect that did not recover the missed events. */
  reconnected$: Observable<unknown>;
}): Observable<ChatRoomState> {
  let latest: ChatRoomState | null = null;
  // What the room holds after the last message held with none missing before it: the first
  // time everything, after a drop only what came since.
  const fetch = async (): Promise<ChatRoomState> => {
    let after = latest ? contiguousSeq(latest.messages) : 0;
    const messages: ChatMessage[] = [];
    for (;;) {
      const page = await deps.fetchAfter(after);
      messages.push(...page.messages);
      after = page.messages.at(-1)?.seq ?? after;
      if (!page.hasMore || page.messages.length === 0) {
        return { room: page.room, messages: mergeMessages([], messages) };
      }
    }
  };
  return live<ChatRoomState, ChatRoomEvent>({
    fetch,
    events$: deps.events$,
    apply: applyChatEvent,
    refetchOn: showsGap,
    refetch$: deps.reconnected$,
    // A catch-up holds only what came since: it is merged into what is shown.
    rebase: (previous, snapshot) =>
      previous
        ? {
            room: mergeRoom(previous.room, snapshot.room),
            messages: mergeMessages(previous.messages, snapshot.messages),
          }
        : snapshot,
    failFirst: true,
  }).pipe(tap((state) => (latest = state)));
}

/** How long a "typing" shows without news (a client that stopped without saying so). */
export const TYPING_SHOWN_MS = 6_000;

/**
 * Whether the other side is typing in a room: shown from its "typing" until it says it stopped,
 * sends its message, or is silent for TYPING_SHOWN_MS. The name is staff's display name.
 */
export function typingIn(
  room: string,
  side: ChatSide,
  typing$: Observable<ChatTypingEvent>,
  messages$: Observable<ChatMessage>,
): Observable<ChatTypingEvent | null> {
  const sent$ = messages$.pipe(
    filter(
      (message) => message.room === room && (message.author === 'staff') === (side === 'staff'),
    ),
    map(() => null),
  );
  const said$ = typing$.pipe(filter((event) => event.room === room && event.side === side));
  return merge(said$, sent$).pipe(
    switchMap((event) =>
      event?.typing ? concat(of(event), timer(TYPING_SHOWN_MS).pipe(map(() => null))) : of(null),
    ),
    startWith(null),
    distinctUntilChanged(
      (a, b) => a === b || (a !== null && b !== null && a.name === b.name && a.typing === b.typing),
    ),
  );
}

/** Spec 7 CBS_modelList kept live by `chatPresence` events (the hosts refetched on reconnect). */
export function createPresence(deps: {
  fetch: () => Promise<ModelList>;
  events$: Observable<ChatPresenceEvent>;
  reconnected$: Observable<unknown>;
}): Observable<ModelList> {
  return live<ModelList, ChatPresenceEvent>({
    fetch: deps.fetch,
    events$: deps.events$,
    apply: (state, event) =>
      state.online === event.online ? state : { ...state, online: event.online },
    refetch$: deps.reconnected$,
  });
}

export interface SupportRoomList {
  items: readonly SupportRoomSummary[];
}

/** The console's list: an open chat's newer summary replaces it, a new one joins, a closed one leaves. */
export function applySupportRoom(
  state: SupportRoomList,
  event: SupportRoomSummary,
): SupportRoomList {
  const index = state.items.findIndex((item) => item.room === event.room);
  const current = index === -1 ? null : state.items[index]!;
  if (current && !isNewer({ seq: event.version }, { seq: current.version })) return state;
  if (event.status === 'closed') {
    return current ? { items: state.items.filter((item) => item.room !== event.room) } : state;
  }
  const items = [...state.items.filter((item) => item.room !== event.room), event];
  items.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.version - a.version);
  return { items };
}

export function createSupportRooms(deps: {
  fetch: () => Promise<{ items: SupportRoomSummary[] }>;
  events$: Observable<SupportRoomSummary>;
  reconnected$: Observable<unknown>;
  refresh$?: Observable<unknown>;
}): Observable<SupportRoomList> {
  return live<SupportRoomList, SupportRoomSummary>({
    fetch: deps.fetch,
    events$: deps.events$,
    apply: applySupportRoom,
    refetch$: merge(deps.reconnected$, deps.refresh$ ?? of()),
    failFirst: true,
  });
}
