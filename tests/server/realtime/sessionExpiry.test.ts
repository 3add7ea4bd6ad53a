import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchChatResult } from '../../../src/shared/chat';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * A member's sockets end with the session's natural expiry, with no logout (security review,
 * issues 16 and 17): the chat socket is told (`chatSession`, `expired`) and cut, and the main
 * socket is told (`session`, `expired`) and leaves the member's private rooms. On both engines.
 */
describe.each(engines)('sockets at a session expiry on %s', (engine) => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server.close();
  });

  /** Logs `account` in and makes its new session expire `ms` from now. */
  async function expiringLogin(account: string, ms: number) {
    const token = await loginToken(server, account);
    const [row] = await server.deps.db.query<{ member_id: string }>(
      `update sessions set expires_at = now() + make_interval(secs => $2)
       where id = (select max(s.id) from sessions s join members m on m.id = s.member_id
                   where m.account = $1)
       returning member_id::text`,
      [account, ms / 1000],
    );
    return { token, memberId: row!.member_id };
  }

  async function connect(path: string, auth: Record<string, string>): Promise<Socket> {
    const { io } = await import('socket.io-client');
    const socket = io(`${server.url}${path}`, {
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

  it('cuts a member chat socket when its session expires, without a logout', async () => {
    const { token } = await expiringLogin('player2', 60 * 60_000);
    const launched = await call(server, '/wps/relay/CBS_launchChat', {
      method: 'POST',
      headers: bearer(token),
      json: {},
    });
    expect(launched.body.success, launched.body.code).toBe(true);
    const { room } = launched.body.value as LaunchChatResult;
    // The session now ends in a moment (the socket checks the expiry it read at its handshake).
    await server.deps.db.query(
      `update sessions set expires_at = now() + interval '1.5 seconds'
       where id = (select max(s.id) from sessions s join members m on m.id = s.member_id
                   where m.account = 'player2')`,
    );
    const socket = await connect('/chat', { token, room });
    const told = new Promise<{ reason: string }>((resolve) =>
      socket.once('chatSession', (event: { reason: string }) => resolve(event)),
    );
    const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await told).toEqual({ reason: 'expired' });
    expect(await cut).toBe('io server disconnect');
    // And it cannot come back with that token.
    await expect(connect('/chat', { token, room })).rejects.toThrow('not_logged_in');
  });

  it("takes the main socket out of the member's rooms when its session expires", async () => {
    const { token, memberId } = await expiringLogin('player3', 1500);
    const socket = await connect('', { token });
    const inRooms = async () =>
      (await server.app.io.in(`member:${memberId}`).fetchSockets()).length;
    expect(await inRooms()).toBe(1);
    const told = new Promise<{ reason: string }>((resolve) =>
      socket.once('session', (event: { reason: string }) => resolve(event)),
    );
    expect(await told).toEqual({ reason: 'expired' });
    expect(await inRooms()).toBe(0);
  });
});
