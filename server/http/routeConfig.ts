import type { SessionMember } from '../domain/identity/sessions';

/**
 * Per-route security, declared where the route is declared:
 * - `auth`: 'session' any logged-in member (trial included), 'realMoney' not trial,
 *   'agent' agent types only. Absent: public.
 * - `encrypted`: the body is an (E) payload (ARCHITECTURE, Payload encryption).
 */
export type RouteAuth = 'session' | 'realMoney' | 'agent';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    encrypted?: boolean;
  }
  interface FastifyRequest {
    session: SessionMember | null;
  }
}
