import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A round-robin TCP load balancer on a loopback port, as a stand-in for HAProxy in the tests:
 * each new connection goes to the next backend, skipping one that refuses (a killed process).
 * A backend that refused is taken out for a while, as HAProxy's health check takes out a server
 * that fails it (deploy/haproxy.cfg: `check inter 2s`), so later connections do not try it
 * first. A WebSocket is one connection, so it stays on one backend.
 */
export interface TcpBalancer {
  url: string;
  /** Backend port of each connection accepted so far, in order. */
  picks: number[];
  close(): Promise<void>;
}

/** How long a backend that refused a connection stays out (HAProxy's `inter 2s`). */
const DOWN_MS = 2_000;

export async function startTcpBalancer(backendPorts: number[]): Promise<TcpBalancer> {
  let next = 0;
  const picks: number[] = [];
  /** Backends taken out, until when (ms). */
  const down = new Map<number, number>();
  const open = new Set<Socket>();

  const pipeTo = (client: Socket, attempt: number) => {
    if (attempt >= backendPorts.length) {
      client.destroy();
      return;
    }
    // The next backend not taken out; when every one is out, the next one anyway.
    const now = Date.now();
    let port = backendPorts[next++ % backendPorts.length]!;
    for (let skipped = 1; (down.get(port) ?? 0) > now && skipped < backendPorts.length; skipped++)
      port = backendPorts[next++ % backendPorts.length]!;
    const upstream = connect({ host: '127.0.0.1', port });
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      picks.push(port);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected) {
        down.set(port, Date.now() + DOWN_MS);
        pipeTo(client, attempt + 1);
      } else client.destroy();
    });
    client.on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => {
      if (connected) client.destroy();
    });
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    pipeTo(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    picks,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
