import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Who is calling: the client's address and, behind a trusted proxy, its country. */
export interface Visitor {
  ip: string;
  /** ISO alpha-2 country from a trusted proxy header, when configured. */
  country: string | null;
}

/**
 * Who is asking: the client address, trusting X-Forwarded-For only from the proxies named in
 * TRUST_PROXY (the same rule Fastify applies to `request.ip`), and the country header.
 * Used for HTTP requests and socket handshakes alike.
 */
export function createVisitorResolver(
  trustProxy: string | undefined,
  countryHeader: string | null,
) {
  const trust = proxyAddr.compile(
    trustProxy
      ? trustProxy
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
      : [],
  );
  return (request: IncomingMessage): Visitor => {
    const raw = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
    const country = typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
    const ip = proxyAddr(request, trust);
    return { ip: ip.startsWith('::ffff:') ? ip.slice(7) : ip, country };
  };
}

export type VisitorResolver = ReturnType<typeof createVisitorResolver>;
