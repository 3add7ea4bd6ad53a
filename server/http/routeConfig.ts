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
    /**
     * The name the API's document knows this route's answer by, for a route whose path comes
     * from the configuration (scripts/answerSchemas.ts reads the path otherwise).
     */
    answer?: string;
  }
  interface FastifyRequest {
    session: SessionMember | null;
  }
}
