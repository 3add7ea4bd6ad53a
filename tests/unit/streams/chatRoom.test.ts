import { firstValueFrom, Subject, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type {
  ChatHistory,
  ChatMessage,
  ChatRoomView,
  SupportRoomSummary,
} from '../../../src/shared/chat';
import {
  applySupportRoom,
  type ChatRoomEvent,
  type ChatRoomState,
  createChatRoom,
  type SupportRoomList,
  TYPING_SHOWN_MS,
  typingIn,
} from '../../../src/streams/chatRoom';

const room = 'R'.repeat(22);
const view = (lastSeq: number, extra: Partial<ChatRoomView> = {}): ChatRoomView => ({
  room,
  status: 'open',
  lastSeq,
  playerReadSeq: 0,
  staffReadSeq: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  closedAt: null,
  ...extra,
});
const message = (seq: number, author: ChatMessage['author'] = 'member'): ChatMessage => ({
  id: String(100 + seq),
  room,
  seq,
  author,
  authorName: author === 'staff' ? 'Mai' : null,
  kind: 'text',
  text: `message ${seq}`,
  image: null,
  clientId: null,
  createdAt: '2026-11-26T08:00:00.000Z',
});
const seqs = (state: ChatRoomState) => state.messages.map((m) => m.seq);

/** A server that holds `held` messages and answers "after" in pages of `page`. */
function server(held: ChatMessage[], page = 100) {
  const asked: number[] = [];
  const fetchAfter = vi.fn(async (after: number): Promise<ChatHistory> => {
    asked.push(after);
    const rest = held.filter((m) => m.seq > after);
    const lastSeq = held.at(-1)?.seq ?? 0;
    return { room: view(lastSeq), messages: rest.slice(0, page), hasMore: rest.length > page };
  });
  return { fetchAfter, asked, held };
}

async function until(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true));
}

describe('a chat room stream (issue 16: reconnect without loss)', () => {
  it('loads the whole history page by page, then applies live messages once each', async () => {
    const backend = server(
      [1, 2, 3, 4, 5].map((n) => message(n)),
      2,
    );
    const events = new Subject<ChatRoomEvent>();
    const states: ChatRoomState[] = [];
    const subscription = createChatRoom({
      fetchAfter: backend.fetchAfter,
      events$: events,
      reconnected$: new Subject(),
    }).subscribe((state) => states.push(state));
    await until(() => states.length === 1);
    expect(backend.asked).toEqual([0, 2, 4]);
    expect(seqs(states[0]!)).toEqual([1, 2, 3, 4, 5]);
    events.next({ kind: 'message', message: message(6, 'staff') });
    events.next({ kind: 'message', message: message(6, 'staff') });
    expect(seqs(states.at(-1)!)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(states.at(-1)!.room).toMatchObject({ lastSeq: 6, staffReadSeq: 6 });
    subscription.unsubscribe();
  });

  it('asks only for what came after its last message on a reconnect that lost events', async () => {
    const backend = server([1, 2, 3].map((n) => message(n)));
    const events = new Subject<ChatRoomEvent>();
    const reconnected = new Subject<void>();
    const states: ChatRoomState[] = [];
    const subscription = createChatRoom({
      fetchAfter: backend.fetchAfter,
      events$: events,
      reconnected$: reconnected,
    }).subscribe((state) => states.push(state));
    await until(() => states.length === 1);
    // While the connection was down, 4 and 5 were said.
    backend.held.push(message(4, 'staff'), message(5, 'staff'));
    reconnected.next();
    await until(() => states.length === 2);
    expect(backend.asked).toEqual([0, 3]);
    expect(seqs(states[1]!)).toEqual([1, 2, 3, 4, 5]);
    subscription.unsubscribe();
  });

  it('fills a gap in the seqs (a missed event) by asking after the last one held', async () => {
    const backend = server([1, 2].map((n) => message(n)));
    const events = new Subject<ChatRoomEvent>();
    const states: ChatRoomState[] = [];
    const subscription = createChatRoom({
      fetchAfter: backend.fetchAfter,
      events$: events,
      reconnected$: new Subject(),
    }).subscribe((state) => states.push(state));
    await until(() => states.length === 1);
    backend.held.push(message(3, 'staff'), message(4, 'staff'));
    // 3 never arrived as an event: 4 shows the gap.
    events.next({ kind: 'message', message: message(4, 'staff') });
    await until(() => seqs(states.at(-1)!).length === 4);
    expect(backend.asked).toEqual([0, 2]);
    expect(seqs(states.at(-1)!)).toEqual([1, 2, 3, 4]);
    subscription.unsubscribe();
  });

  it('moves read marks forward only, and a closed room stays closed', async () => {
    const backend = server([message(1), message(2, 'staff')]);
    const events = new Subject<ChatRoomEvent>();
    const states: ChatRoomState[] = [];
    const subscription = createChatRoom({
      fetchAfter: backend.fetchAfter,
      events$: events,
      reconnected$: new Subject(),
    }).subscribe((state) => states.push(state));
    await until(() => states.length === 1);
    events.next({ kind: 'read', event: { room, side: 'player', seq: 2 } });
    events.next({ kind: 'read', event: { room, side: 'player', seq: 1 } });
    expect(states.at(-1)!.room.playerReadSeq).toBe(2);
    const closed = view(2, { status: 'closed', closedAt: '2026-11-26T09:00:00.000Z' });
    events.next({ kind: 'room', room: closed });
    events.next({ kind: 'room', room: view(2) });
    expect(states.at(-1)!.room).toMatchObject({ status: 'closed', playerReadSeq: 2 });
    subscription.unsubscribe();
  });

  it('fails its first load with the code, for the page to offer a retry', async () => {
    const failing = createChatRoom({
      fetchAfter: () =>
        Promise.reject(Object.assign(new Error('no'), { code: 'chat_room_not_found' })),
      events$: new Subject(),
      reconnected$: new Subject(),
    });
    await expect(firstValueFrom(failing)).rejects.toMatchObject({ code: 'chat_room_not_found' });
  });
});

describe('typing', () => {
  it("shows the other side's typing until it stops, sends, or is silent", async () => {
    vi.useFakeTimers();
    try {
      const typing = new Subject<{
        room: string;
        side: 'staff' | 'player';
        name: string | null;
        typing: boolean;
      }>();
      const messages = new Subject<ChatMessage>();
      const seen: (string | null)[] = [];
      const subscription = typingIn(room, 'staff', typing, messages).subscribe((event) =>
        seen.push(event ? `${event.name}` : null),
      );
      typing.next({ room, side: 'staff', name: 'Mai', typing: true });
      typing.next({ room, side: 'player', name: null, typing: true }); // my own side: ignored
      typing.next({ room: 'other-room-00000000000', side: 'staff', name: 'Bao', typing: true });
      messages.next(message(3, 'staff'));
      typing.next({ room, side: 'staff', name: 'Mai', typing: true });
      vi.advanceTimersByTime(TYPING_SHOWN_MS);
      expect(seen).toEqual([null, 'Mai', null, 'Mai', null]);
      subscription.unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the console's list of open chats", () => {
  const summary = (name: string, version: number, extra: Partial<SupportRoomSummary> = {}) =>
    ({
      ...view(1),
      room: name.padEnd(22, '0'),
      party: { kind: 'member', account: name, nickname: name, label: name },
      last: null,
      unread: 1,
      version,
      updatedAt: `2026-11-26T08:00:0${version}.000Z`,
      ...extra,
    }) as SupportRoomSummary;

  it('puts the newest activity first, drops stale summaries and closed chats', () => {
    let state: SupportRoomList = { items: [summary('a', 1), summary('b', 2)] };
    state = applySupportRoom(state, summary('a', 3, { unread: 4 }));
    expect(state.items.map((item) => [item.party.account, item.unread])).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
    expect(applySupportRoom(state, summary('a', 2))).toBe(state);
    state = applySupportRoom(state, summary('c', 5));
    expect(state.items.map((item) => item.party.account)).toEqual(['c', 'a', 'b']);
    state = applySupportRoom(state, summary('a', 6, { status: 'closed' }));
    expect(state.items.map((item) => item.party.account)).toEqual(['c', 'b']);
  });
});

it('merges a burst in any order into one ordered list', async () => {
  const events = new Subject<ChatRoomEvent>();
  const backend = server([]);
  const stream = createChatRoom({
    fetchAfter: backend.fetchAfter,
    events$: events,
    reconnected$: new Subject(),
  });
  const result = firstValueFrom(stream.pipe(take(4), toArray()));
  await until(() => backend.asked.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const seq of [1, 2, 3]) events.next({ kind: 'message', message: message(seq) });
  const states = await result;
  expect(seqs(states.at(-1)!)).toEqual([1, 2, 3]);
});
