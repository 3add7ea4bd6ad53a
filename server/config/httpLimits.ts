/**
 * How long a client may take to send a request and how many connections one process keeps
 * open (issue 11, finding 5). A client trickling a body is cut at `requestTimeoutMs`; socket.io's
 * WebSocket is an upgraded connection, outside these HTTP limits.
 */
export interface HttpLimits {
  /** The whole request (headers and body) must arrive within this (Fastify requestTimeout). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (node's headersTimeout; at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /**
   * A connection with no traffic for this long is closed (Fastify connectionTimeout). Keep it
   * above socket.io's ping interval + timeout (45 s) for clients that poll instead of upgrading.
   */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (above a load balancer's idle time). */
  keepAliveTimeoutMs: number;
  /** Connections over this number are closed at once (node's server.maxConnections). */
  maxConnections: number;
}

export const defaultHttpLimits: HttpLimits = {
  // A 5 MB withdrawal proof must fit: about 90 KB/s over a slow mobile link.
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 10_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
  maxConnections: 10_000,
};
