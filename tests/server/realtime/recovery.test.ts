import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { call, startTestServer, type TestServer } from '../../support/testServer';
import { bearer, loginToken } from '../../support/identityClient';
import { grant } from '../../support/moneyClient';

/**
 * socket.io connection-state recovery (issue 13): a client that lost its transport for a moment
 * comes back with the events it missed (and does not fetch its snapshots again), but only to
 * the rooms its token still earns.
 */
describe('socket connection-state recovery', () => {
  let server: TestServer | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server?.close();
    server = undefined;
  });

  /** A connected socket that has heard one balance event (recovery resumes from its offset). */
  async function connected(token: string, account: string) {
    const { io } = await import('socket.io-client');
    const socket = io(server!.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
      reconnectionDelay: 50,
      reconnectionDelayMax: 100,
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const first = new Promise<void>((resolve) => socket.once('balance', () => resolve()));
    await grant(server!, account, '10.00');
    await first;
    return socket;
  }

  it("is in its member's rooms the moment it hears it is connected: a push sent then arrives", async () => {
    server = await startTestServer('pglite');
    const token = await loginToken(server, 'player1');
    const { io } = await import('socket.io-client');
    const socket = io(server.url, { transports: ['websocket'], forceNew: true, auth: { token } });
    sockets.push(socket);
    const heard = new Promise<void>((resolve) => socket.once('balance', () => resolve()));
    // The page fetches its snapshot when connected; a change right then must reach it. The
    // rooms are joined before the connection is acknowledged, so no retry is needed here.
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await grant(server, 'player1', '1.00');
    await heard;
  });

  /** Cuts the transport (as a network drop does) and waits for the socket to be back. */
  async function dropAndReconnect(socket: Socket, meanwhile: () => Promise<void> = async () => {}) {
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const id = socket.id;
    // Back only when told, so the drop lasts until the server has seen it and `meanwhile` ran.
    socket.io.reconnection(false);
    socket.io.engine.close();
    await gone;
    // The server has seen the drop too (the socket is no longer among its connected ones).
    await vi.waitFor(async () => {
      const open = await server!.app.io.fetchSockets();
      expect(open.some((one) => one.id === id)).toBe(false);
    });
    await meanwhile();
    socket.io.reconnection(true);
    socket.connect();
    await back;
  }

  /** A member's connected socket on a new server, and the balances it hears from now on. */
  async function listening(account: string) {
    server = await startTestServer('pglite');
    const token = await loginToken(server, account);
    const socket = await connected(token, account);
    const heard: string[] = [];
    socket.on('balance', (event) => heard.push(event.balance));
    return { token, socket, heard };
  }

  it('delivers an event missed while the transport was down, and says it recovered', async () => {
    const { socket, heard } = await listening('player3');
    await dropAndReconnect(socket, async () => {
      await grant(server!, 'player3', '25.00');
    });
    expect(socket.recovered).toBe(true);
    // The 10.00 heard before the drop, and the 25.00 granted during it.
    await expect.poll(() => heard).toEqual(['35.00']);
  });

  it('gives a recovered socket no private events once its session has ended', async () => {
    const { token, socket, heard } = await listening('player4');
    await dropAndReconnect(socket, async () => {
      const reply = await call(server!, '/wps/session/logout', {
        method: 'DELETE',
        headers: bearer(token),
      });
      expect(reply.status).toBe(200);
    });
    expect(socket.recovered).toBe(true);
    // A fresh login's socket hears the member's next balance event; a public event sent after
    // it then reaches the recovered socket behind anything that event would have sent it.
    // (A second login of one account waits out the login throttle.)
    const again = await vi.waitFor(() => loginToken(server!, 'player4'), { timeout: 10_000 });
    const other = await connected(again, 'player4');
    const otherHeard = new Promise<void>((resolve) => other.once('balance', () => resolve()));
    await grant(server!, 'player4', '25.00');
    await otherHeard;
    const system = new Promise<void>((resolve) => socket.once('system', () => resolve()));
    await server!.deps.maintenance.set({ enabled: false, end: null });
    await system;
    expect(heard).toEqual([]);
  });
});
