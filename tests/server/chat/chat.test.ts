import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES_PER_MINUTE,
  type ChatHistory,
  type ChatMessage,
  type ChatReadEvent,
  type ChatTypingEvent,
  type LaunchChatResult,
  type ModelList,
  type SupportLoginResult,
  type SupportRoomSummary,
} from '../../../src/shared/chat';
import { forgetOldChats } from '../../../server/domain/chat/rooms';
import { bearer, loginToken } from '../../support/identityClient';
import { exifSegment, jpegComment, makeJpeg, makePng, pngText } from '../../support/images';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const guest = (key: string) => ({ 'x-chat-guest': key });

/**
 * The built-in live chat (issue 16; spec 7 CBS_modelList, CBS_launchChat): members and guests
 * reach their own room only, messages are numbered per room with no gap (a client catches up
 * after its last seq), bad input is refused with its own code and nothing stored, sending is
 * rate limited atomically, and the support console has its own accounts and sessions.
 */
describe.each(engines)('live chat on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const sockets: Socket[] = [];
  let staffToken = '';

  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const account of ['player1', 'player2', 'player3', 'player4', 'agent1']) {
      tokens[account] = await loginToken(server, account);
    }
    staffToken = await staffLogin('support1', 'Passw0rd!');
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server.close();
  });

  async function staffLogin(name: string, password: string): Promise<string> {
    const reply = await call(server, '/wps/support/session', {
      method: 'POST',
      json: { name, password },
    });
    expect(reply.body.success, reply.body.code).toBe(true);
    return (reply.body.value as SupportLoginResult).token;
  }

  const launch = async (headers: Record<string, string> = {}) => {
    const reply = await call(server, '/wps/relay/CBS_launchChat', {
      method: 'POST',
      headers,
      json: {},
    });
    expect(reply.body.success, reply.body.code).toBe(true);
    return reply.body.value as LaunchChatResult;
  };
  const say = (room: string, headers: Record<string, string>, text: string, clientId?: string) =>
    call(server, `/wps/chat/rooms/${room}/messages`, {
      method: 'POST',
      headers,
      json: { text, ...(clientId ? { clientId } : {}) },
    });
  const read = (room: string, headers: Record<string, string>, after = 0, limit?: number) =>
    call(
      server,
      `/wps/chat/rooms/${room}/messages?after=${after}${limit ? `&limit=${limit}` : ''}`,
      { headers },
    );
  const staff = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    call(server, path, { ...init, headers: bearer(staffToken) });
  const stored = async () => {
    const [row] = await server.deps.db.query<{ messages: number; images: number }>(
      `select (select count(*)::int from chat_messages) as messages,
         (select count(*)::int from chat_images) as images`,
    );
    return row!;
  };

  async function socketFor(auth: Record<string, string>): Promise<Socket> {
    const { io } = await import('socket.io-client');
    const socket = io(`${server.url}/chat`, {
      transports: ['websocket'],
      forceNew: true,
      auth,
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    return socket;
  }

  it('launches one room per member (the same again, also for parallel launches)', async () => {
    const [a, b, c] = await Promise.all([
      launch(bearer(tokens.player2!)),
      launch(bearer(tokens.player2!)),
      launch(bearer(tokens.player2!)),
    ]);
    expect(a.chatUrl).toMatch(/^\/chat\/[A-Za-z0-9_-]{22}$/);
    expect(a.chatUrl).toBe(`/chat/${a.room}`);
    expect(a.guestKey).toBeNull();
    expect(b.room).toBe(a.room);
    expect(c.room).toBe(a.room);
    // An agent chats from the back office the same way; a bad token is not a guest.
    expect((await launch(bearer(tokens.agent1!))).room).not.toBe(a.room);
    const bad = await call(server, '/wps/relay/CBS_launchChat', {
      method: 'POST',
      headers: bearer('not-a-token'),
      json: {},
    });
    expect(bad).toMatchObject({ status: 401, body: { code: 'not_logged_in' } });
  });

  it('numbers messages per room, answers history in order and catches up after a seq', async () => {
    const { room } = await launch(bearer(tokens.player1!));
    const me = bearer(tokens.player1!);
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      const reply = await say(room, me, text);
      expect(reply.status).toBe(200);
    }
    const all = (await read(room, me)).body.value as ChatHistory;
    expect(all.messages.map((m) => [m.seq, m.text, m.author])).toEqual([
      [1, 'one', 'member'],
      [2, 'two', 'member'],
      [3, 'three', 'member'],
      [4, 'four', 'member'],
      [5, 'five', 'member'],
    ]);
    expect(all.room).toMatchObject({ room, status: 'open', lastSeq: 5, playerReadSeq: 5 });
    expect(all.hasMore).toBe(false);
    // After seq 3: the rest, in pages.
    const page = (await read(room, me, 3, 1)).body.value as ChatHistory;
    expect(page.messages.map((m) => m.seq)).toEqual([4]);
    expect(page.hasMore).toBe(true);
    const rest = (await read(room, me, 4)).body.value as ChatHistory;
    expect(rest.messages.map((m) => m.seq)).toEqual([5]);
    expect(rest.hasMore).toBe(false);
    // Text is stored as typed (trimmed, composed): markup stays text.
    const html = await say(room, me, '  <img src=x onerror=alert(1)> <b>hi</b>  ');
    expect((html.body.value as ChatMessage).text).toBe('<img src=x onerror=alert(1)> <b>hi</b>');
  });

  it('stores a resend with the same client id once', async () => {
    const { room } = await launch(bearer(tokens.player3!));
    const me = bearer(tokens.player3!);
    const first = await say(room, me, 'Are you there?', 'client-abc-123');
    const again = await say(room, me, 'Are you there?', 'client-abc-123');
    expect(first.body.value).toEqual(again.body.value);
    const all = (await read(room, me)).body.value as ChatHistory;
    expect(all.messages.filter((m) => m.clientId === 'client-abc-123')).toHaveLength(1);
  });

  it('refuses bad input with its own code and stores nothing', async () => {
    const { room } = await launch(bearer(tokens.player1!));
    const me = bearer(tokens.player1!);
    const before = await stored();
    const texts: [unknown, number, string][] = [
      [{ text: '' }, 400, 'chat_text_required'],
      [{ text: ' \n\t ' }, 400, 'chat_text_required'],
      [{ text: 'x'.repeat(1001) }, 400, 'chat_text_too_long'],
      [{ text: 'e\u0301'.repeat(1001) }, 400, 'chat_text_too_long'],
      [{ text: 'bell\u0007' }, 400, 'chat_text_invalid'],
      [{ text: 'nul\u0000' }, 400, 'invalid_request'],
      [{ text: 'hi', extra: true }, 400, 'invalid_request'],
      [{ text: 42 }, 400, 'invalid_request'],
      [{ text: 'hi', clientId: 'bad id!' }, 400, 'invalid_request'],
      [{}, 400, 'invalid_request'],
    ];
    for (const [json, status, code] of texts) {
      const reply = await call(server, `/wps/chat/rooms/${room}/messages`, {
        method: 'POST',
        headers: me,
        json,
      });
      expect(reply.status, code).toBe(status);
      expect(reply.body, code).toMatchObject({ success: false, code });
      expect(reply.body.message, code).toBeTruthy();
    }
    // Exactly 1,000 characters (a flag is one) is fine.
    expect((await say(room, me, '🇻🇳'.repeat(1000))).status).toBe(200);
    const afterGood = await stored();
    expect(afterGood.messages).toBe(before.messages + 1);

    const image = (data: string) =>
      call(server, `/wps/chat/rooms/${room}/images`, {
        method: 'POST',
        headers: me,
        json: { data },
      });
    const images: [string, number, string][] = [
      [b64(makePng({ padTo: 6 * 1024 * 1024 })), 413, 'chat_image_too_large'],
      [b64(Buffer.from('I am a text file renamed screenshot.png\n')), 415, 'chat_image_type'],
      [b64(Buffer.from('GIF89a....')), 415, 'chat_image_type'],
      ['%%% not base64 %%%', 400, 'chat_image_corrupt'],
      [
        b64(Buffer.concat([makePng().subarray(0, 8), Buffer.alloc(64, 1)])),
        400,
        'chat_image_corrupt',
      ],
      ['', 415, 'chat_image_type'],
    ];
    for (const [data, status, code] of images) {
      const reply = await image(data);
      expect(reply.status, code).toBe(status);
      expect(reply.body, code).toMatchObject({ success: false, code, value: { field: 'image' } });
    }
    expect(await stored()).toEqual(afterGood);

    // Bad rooms and bad parameters.
    const badRoom = await say('short', me, 'hi');
    expect(badRoom).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const badAfter = await call(server, `/wps/chat/rooms/${room}/messages?after=-1`, {
      headers: me,
    });
    expect(badAfter).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const unknownRoom = await say('A'.repeat(22), me, 'hi');
    expect(unknownRoom).toMatchObject({ status: 404, body: { code: 'chat_room_not_found' } });
    expect(await stored()).toEqual(afterGood);
  });

  it('refuses bad input on the relays, the console and the socket, and stores nothing', async () => {
    const before = await stored();
    const { room } = await launch(bearer(tokens.player1!));
    const cases: [string, RequestInit & { json?: unknown }, string, number, string][] = [
      ['/wps/relay/CBS_modelList?extra=1', {}, '', 400, 'invalid_request'],
      ['/wps/relay/CBS_launchChat', { method: 'POST', json: { room } }, '', 400, 'invalid_request'],
      ['/wps/relay/CBS_launchChat', { method: 'GET' }, '', 405, 'method_not_allowed'],
      ['/wps/support/rooms?status=bogus', {}, staffToken, 400, 'invalid_request'],
      ['/wps/support/rooms?limit=100000', {}, staffToken, 400, 'invalid_request'],
      [
        `/wps/support/rooms/${room}/messages`,
        { method: 'POST', json: { text: 'y'.repeat(1001) } },
        staffToken,
        400,
        'chat_text_too_long',
      ],
      [
        `/wps/support/rooms/${room}/messages`,
        { method: 'POST', json: { text: ' ' } },
        staffToken,
        400,
        'chat_text_required',
      ],
      [
        `/wps/support/rooms/${'B'.repeat(22)}/messages`,
        { method: 'POST', json: { text: 'hello' } },
        staffToken,
        404,
        'chat_room_not_found',
      ],
      [
        `/wps/support/rooms/${'B'.repeat(22)}/close`,
        { method: 'POST', json: {} },
        staffToken,
        404,
        'chat_room_not_found',
      ],
      [
        `/wps/support/rooms/${room}/close`,
        { method: 'POST', json: { reason: 'x' } },
        staffToken,
        400,
        'invalid_request',
      ],
      [`/wps/support/rooms/${room}/images/abc`, {}, staffToken, 400, 'invalid_request'],
      [`/wps/support/rooms/${room}/images/999999`, {}, staffToken, 404, 'chat_image_not_found'],
      ['/wps/support/rooms', {}, 'not-a-token', 401, 'support_not_logged_in'],
    ];
    for (const [path, init, token, status, code] of cases) {
      const reply = await call(server, path, {
        ...init,
        headers: token ? bearer(token) : {},
      });
      expect(reply.status, `${path} ${code}`).toBe(status);
      expect(reply.body, path).toMatchObject({ success: false, code });
    }
    // The socket's read receipts: a malformed one and one for another room are refused.
    const socket = await socketFor({ token: tokens.player1!, room });
    for (const [event, code] of [
      [{ room, seq: 'one' }, 'invalid_request'],
      [{ room: 'short', seq: 1 }, 'invalid_request'],
      [{ room: 'C'.repeat(22), seq: 1 }, 'chat_room_not_found'],
      [{ room, seq: 10_000 }, 'chat_seq_invalid'],
      [{ room, seq: -1 }, 'chat_seq_invalid'],
    ] as const) {
      expect(await socket.emitWithAck('read', event)).toEqual({ ok: false, code });
    }
    socket.disconnect();
    expect(await stored()).toEqual(before);
  });

  it('stores a picture without its metadata and shows it to the room only', async () => {
    const { room } = await launch(bearer(tokens.player1!));
    const me = bearer(tokens.player1!);
    const secret = makeJpeg({
      metadata: [exifSegment('GPS 21.0285N 105.8542E'), jpegComment('Secret Owner')],
    });
    const reply = await call(server, `/wps/chat/rooms/${room}/images`, {
      method: 'POST',
      headers: me,
      json: { data: b64(secret), clientId: 'picture-0001' },
    });
    expect(reply.status).toBe(200);
    const message = reply.body.value as ChatMessage;
    expect(message).toMatchObject({ kind: 'image', text: null, image: { width: 8, height: 8 } });
    const path = `/wps/chat/rooms/${room}/images/${message.image!.id}`;
    const mine = await fetch(server.url + path, { headers: me });
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await mine.arrayBuffer());
    for (const text of ['Secret Owner', 'GPS', 'Exif']) expect(bytes.includes(text)).toBe(false);
    // Support staff see it through the console; nobody else does.
    const console = await fetch(
      `${server.url}/wps/support/rooms/${room}/images/${message.image!.id}`,
      { headers: bearer(staffToken) },
    );
    expect(console.status).toBe(200);
    const other = await call(server, path, { headers: bearer(tokens.player2!) });
    expect(other).toMatchObject({ status: 404, body: { code: 'chat_room_not_found' } });
    const nobody = await call(server, path);
    expect(nobody).toMatchObject({ status: 401, body: { code: 'not_logged_in' } });
    // A png too.
    const png = await call(server, `/wps/chat/rooms/${room}/images`, {
      method: 'POST',
      headers: me,
      json: { data: b64(makePng({ before: [pngText('Author', 'Secret Owner')] })) },
    });
    expect(png.status).toBe(200);
  });

  it("keeps a member out of another's room: history, sending, pictures and the socket", async () => {
    const { room } = await launch(bearer(tokens.player1!));
    const stranger = bearer(tokens.player2!);
    const before = await stored();
    expect(await read(room, stranger)).toMatchObject({
      status: 404,
      body: { code: 'chat_room_not_found' },
    });
    expect(await say(room, stranger, 'let me in')).toMatchObject({
      status: 404,
      body: { code: 'chat_room_not_found' },
    });
    expect(await read(room, {})).toMatchObject({ status: 401, body: { code: 'not_logged_in' } });
    // A console token is not a member's, and a member's is not a console's.
    expect(await read(room, bearer(staffToken))).toMatchObject({ status: 401 });
    const memberOnConsole = await call(server, '/wps/support/rooms', {
      headers: bearer(tokens.player1!),
    });
    expect(memberOnConsole).toMatchObject({
      status: 401,
      body: { code: 'support_not_logged_in' },
    });
    const consoleOnMember = await call(server, '/wps/member/info', {
      headers: bearer(staffToken),
    });
    expect(consoleOnMember.status).toBe(401);
    await expect(socketFor({ token: tokens.player2!, room })).rejects.toThrow(
      'chat_room_not_found',
    );
    await expect(socketFor({ room })).rejects.toThrow('not_logged_in');
    expect(await stored()).toEqual(before);
  });

  it('gives a guest a key once, its own room with it, and keeps other guests out', async () => {
    const first = await launch();
    expect(first.guestKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await launch(guest(first.guestKey!));
    expect(again).toMatchObject({ room: first.room, guestKey: null });
    expect((await say(first.room, guest(first.guestKey!), 'Hello from a guest')).status).toBe(200);
    const other = await launch();
    expect(other.room).not.toBe(first.room);
    expect(await read(first.room, guest(other.guestKey!))).toMatchObject({ status: 404 });
    // A key this server never gave is a new guest (a new key), not a room of its own choosing.
    const invented = await launch(guest('k'.repeat(43)));
    expect(invented.guestKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invented.guestKey).not.toBe('k'.repeat(43));
    const malformed = await read(first.room, guest('short'));
    expect(malformed).toMatchObject({ status: 400, body: { code: 'chat_guest_key_invalid' } });
    // Pictures are for members.
    const picture = await call(server, `/wps/chat/rooms/${first.room}/images`, {
      method: 'POST',
      headers: guest(first.guestKey!),
      json: { data: b64(makePng()) },
    });
    expect(picture).toMatchObject({ status: 403, body: { code: 'chat_images_members_only' } });
    const list = (await staff('/wps/support/rooms')).body.value as { items: SupportRoomSummary[] };
    const summary = list.items.find((item) => item.room === first.room);
    expect(summary?.party).toMatchObject({ kind: 'guest', account: null });
    expect(summary?.party.label).toMatch(/^Guest [A-Z0-9_-]{4}$/);
  });

  it(`allows ${CHAT_MESSAGES_PER_MINUTE} messages a minute, reserved atomically (a parallel burst)`, async () => {
    const { room } = await launch(bearer(tokens.player4!));
    const me = bearer(tokens.player4!);
    const before = await stored();
    const replies = await Promise.all(
      Array.from({ length: CHAT_MESSAGES_PER_MINUTE + 10 }, (_, n) => say(room, me, `burst ${n}`)),
    );
    const accepted = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(accepted).toHaveLength(CHAT_MESSAGES_PER_MINUTE);
    expect(refused).toHaveLength(10);
    for (const reply of refused) {
      expect(reply.body).toMatchObject({ code: 'chat_rate_limited' });
      expect((reply.body.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
        0,
      );
    }
    expect((await stored()).messages - before.messages).toBe(CHAT_MESSAGES_PER_MINUTE);
    // Seqs have no gap and no repeat, however the burst interleaved.
    const seqs = ((await read(room, me)).body.value as ChatHistory).messages.map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('lets support staff list, answer and close; the player hears it live and catches up', async () => {
    const { room } = await launch(bearer(tokens.player3!));
    const me = bearer(tokens.player3!);
    await say(room, me, 'I need help with a deposit');
    const list = (await staff('/wps/support/rooms')).body.value as { items: SupportRoomSummary[] };
    const summary = list.items.find((item) => item.room === room)!;
    expect(summary.party).toEqual({
      kind: 'member',
      account: 'player3',
      nickname: expect.any(String),
      label: 'player3',
    });
    expect(summary.unread).toBeGreaterThanOrEqual(1);
    expect(summary.last).toMatchObject({ author: 'member', preview: 'I need help with a deposit' });
    // Nothing about the member's money or contacts in what the console sees.
    expect(JSON.stringify(summary)).not.toMatch(/balance|mobile|email|password/i);

    const player = await socketFor({ token: tokens.player3!, room });
    const consoleSocket = await socketFor({ staffToken });
    const heard: ChatMessage[] = [];
    player.on('chatMessage', (message: ChatMessage) => heard.push(message));
    const receipts: ChatReadEvent[] = [];
    player.on('chatRead', (event: ChatReadEvent) => receipts.push(event));
    const typing: ChatTypingEvent[] = [];
    player.on('chatTyping', (event: ChatTypingEvent) => typing.push(event));
    const consoleTyping: ChatTypingEvent[] = [];
    consoleSocket.on('chatTyping', (event: ChatTypingEvent) => consoleTyping.push(event));
    const summaries: SupportRoomSummary[] = [];
    consoleSocket.on('supportRoom', (event: SupportRoomSummary) => summaries.push(event));

    // Typing both ways, read receipts over the socket.
    consoleSocket.emit('typing', { room, typing: true });
    await expect
      .poll(() => typing)
      .toContainEqual({
        room,
        side: 'staff',
        name: 'Mai',
        typing: true,
      });
    player.emit('typing', { room, typing: true });
    await expect
      .poll(() => consoleTyping)
      .toContainEqual({ room, side: 'player', name: null, typing: true });
    const lastSeq = summary.lastSeq;
    const ack = await consoleSocket.emitWithAck('read', { room, seq: lastSeq });
    expect(ack).toEqual({ ok: true });
    await expect.poll(() => receipts).toContainEqual({ room, side: 'staff', seq: lastSeq });
    const badAck = await consoleSocket.emitWithAck('read', { room, seq: lastSeq + 50 });
    expect(badAck).toEqual({ ok: false, code: 'chat_seq_invalid' });
    await expect.poll(() => summaries.some((s) => s.room === room && s.unread === 0)).toBe(true);

    const answer = await staff(`/wps/support/rooms/${room}/messages`, {
      method: 'POST',
      json: { text: 'Hello, Mai here. Which deposit?' },
    });
    expect(answer.body.value).toMatchObject({ author: 'staff', authorName: 'Mai' });
    await expect.poll(() => heard.map((m) => m.text)).toContain('Hello, Mai here. Which deposit?');

    // The player drops; three answers arrive meanwhile; after its last seq it gets them all.
    const lastHeard = heard.at(-1)!.seq;
    player.disconnect();
    for (const text of ['First', 'Second', 'Third']) {
      await staff(`/wps/support/rooms/${room}/messages`, { method: 'POST', json: { text } });
    }
    const caughtUp = (await read(room, me, lastHeard)).body.value as ChatHistory;
    expect(caughtUp.messages.map((m) => m.text)).toEqual(['First', 'Second', 'Third']);
    expect(caughtUp.messages.map((m) => m.seq)).toEqual([
      lastHeard + 1,
      lastHeard + 2,
      lastHeard + 3,
    ]);

    // Closing: read-only from then on; the next launch opens a new room.
    const closed = await staff(`/wps/support/rooms/${room}/close`, { method: 'POST', json: {} });
    expect(closed.body.value).toMatchObject({ room, status: 'closed' });
    const twice = await staff(`/wps/support/rooms/${room}/close`, { method: 'POST', json: {} });
    expect(twice).toMatchObject({ status: 409, body: { code: 'chat_room_closed' } });
    const late = await say(room, me, 'one more thing');
    expect(late).toMatchObject({ status: 409, body: { code: 'chat_room_closed' } });
    const afterClose = await staff(`/wps/support/rooms/${room}/messages`, {
      method: 'POST',
      json: { text: 'anything else?' },
    });
    expect(afterClose).toMatchObject({ status: 409, body: { code: 'chat_room_closed' } });
    expect((await launch(me)).room).not.toBe(room);
    // The history of the closed room stays readable by its member.
    expect(((await read(room, me)).body.value as ChatHistory).room.status).toBe('closed');
  });

  it('shows who is there: the model list follows the consoles and their availability', async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    const list = async () =>
      (await call(server, '/wps/relay/CBS_modelList')).body.value as ModelList;
    await expect.poll(async () => (await list()).online).toBe(false);
    // The answer says where presence comes from (issue 32, finding 6c).
    expect((await list()).presenceSource).toEqual({
      requires: 'consoleConnection',
      event: 'chatPresence',
      namespace: '/chat',
    });
    expect((await list()).hosts).toContainEqual({
      id: expect.any(String),
      displayName: 'Mai',
      presence: 'offline',
    });
    const { room, guestKey } = await launch();
    const player = await socketFor({ guestKey: guestKey!, room });
    const presence: boolean[] = [];
    player.on('chatPresence', (event: { online: boolean }) => presence.push(event.online));
    const consoleSocket = await socketFor({ staffToken });
    await expect.poll(async () => (await list()).online).toBe(true);
    await expect.poll(() => presence.at(-1)).toBe(true);
    expect((await list()).hosts[0]).toMatchObject({ displayName: 'Mai', presence: 'online' });
    const away = await staff('/wps/support/availability', {
      method: 'PUT',
      json: { available: false },
    });
    expect(away.body.value).toMatchObject({ available: false });
    await expect.poll(async () => (await list()).hosts[0]?.presence).toBe('away');
    await expect.poll(() => presence.at(-1)).toBe(false);
    await staff('/wps/support/availability', { method: 'PUT', json: { available: true } });
    consoleSocket.disconnect();
    await expect.poll(async () => (await list()).online).toBe(false);
    const bad = await staff('/wps/support/availability', { method: 'PUT', json: { available: 1 } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });

  it('forgets closed chats after their retention, and guest rooms where nothing was said', async () => {
    const db = server.deps.db;
    const { room: old } = await launch(bearer(tokens.agent1!));
    await say(old, bearer(tokens.agent1!), 'An old question');
    await staff(`/wps/support/rooms/${old}/close`, { method: 'POST', json: {} });
    const { room: recent } = await launch(bearer(tokens.agent1!));
    await say(recent, bearer(tokens.agent1!), 'A recent question');
    await staff(`/wps/support/rooms/${recent}/close`, { method: 'POST', json: {} });
    const { room: silent } = await launch();
    // A guest's chat quiet for a day is closed; a member's open one stays open.
    const quietGuest = await launch();
    expect((await say(quietGuest.room, guest(quietGuest.guestKey!), 'Anyone there?')).status).toBe(
      200,
    );
    const { room: waitingMember } = await launch(bearer(tokens.player2!));
    await say(waitingMember, bearer(tokens.player2!), 'Still waiting');
    await db.query(
      `update chat_rooms set updated_at = now() - interval '25 hours' where token = any($1::text[])`,
      [`{${quietGuest.room},${waitingMember}}`],
    );
    await db.query(
      `update chat_rooms set closed_at = now() - interval '181 days' where token = $1`,
      [old],
    );
    await db.query(
      `update chat_rooms set closed_at = now() - interval '179 days' where token = $1`,
      [recent],
    );
    await db.query(
      `update chat_rooms set created_at = now() - interval '25 hours' where token = $1`,
      [silent],
    );
    await forgetOldChats(db);
    const left = await db.query<{ token: string }>(
      'select token from chat_rooms where token = any($1::text[])',
      [`{${[old, recent, silent].join(',')}}`],
    );
    expect(left.map((row) => row.token)).toEqual([recent]);
    const statuses = await db.query<{ token: string; status: string }>(
      'select token, status from chat_rooms where token = any($1::text[])',
      [`{${quietGuest.room},${waitingMember}}`],
    );
    expect(Object.fromEntries(statuses.map((row) => [row.token, row.status]))).toEqual({
      [quietGuest.room]: 'closed',
      [waitingMember]: 'open',
    });
    const orphans = await db.query(
      'select 1 from chat_messages m where not exists (select 1 from chat_rooms r where r.id = m.room_id)',
    );
    expect(orphans).toEqual([]);
  });

  it('keeps the chat open in maintenance (the blocking screen offers it)', async () => {
    await server.deps.maintenance.set({ enabled: true, end: null });
    try {
      const elsewhere = await call(server, '/wps/member/info', {
        headers: bearer(tokens.player1!),
      });
      expect(elsewhere.status).toBe(503);
      const { room } = await launch(bearer(tokens.player1!));
      expect((await say(room, bearer(tokens.player1!), 'Is the site down?')).status).toBe(200);
      expect((await staff('/wps/support/rooms')).status).toBe(200);
    } finally {
      await server.deps.maintenance.set({ enabled: false, end: null });
    }
  });
});
