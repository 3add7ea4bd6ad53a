import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import { PreparedAnswer, sendPrepared } from '../preparedAnswer';
import { NO_QUERY } from '../queryPolicy';
import type { RouteAuth } from '../routeConfig';

export type RelayMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One relay call (spec 7, "Relay calls under /wps/relay/"): its method and its handler. */
export interface RelayHandler {
  method: RelayMethod;
  /** Who may call it (as a route's config.auth); absent: public. */
  auth?: RouteAuth;
  /** Spec 7 (E): the body arrives encrypted (ARCHITECTURE, Encryption) and is opened first. */
  encrypted?: boolean;
  /**
   * The query parameters it takes (issue 32, server/http/queryPolicy.ts): the common ones it
   * reads and its own; absent, none of its own. Checked before the handler.
   */
  query?: z.ZodType;
  /** The body it takes (the plain payload, for the API's document; the handler parses it). */
  body?: z.ZodType;
  /** The value to answer (wrapped in the envelope), or a `PreparedAnswer` sent as it is. */
  handle(request: FastifyRequest): Promise<unknown>;
}

export type RelayTable = Record<string, RelayHandler>;

const relayParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'not a relay name'),
});

/**
 * The relays (spec 7, `/wps/relay/<name>`): each relay is a route of its own (issue 32), so the
 * router picks it, the preHandler applies its auth and the token rule as on every route, its
 * query is declared like any route's, and the API's document lists it by name. The parametric
 * route behind them answers what no relay takes: an unknown name (404 unknown_relay) or a
 * relay's name with another method (405).
 */
export async function relayRoutes(
  app: FastifyInstance,
  _deps: AppDeps,
  table: RelayTable,
): Promise<void> {
  for (const [name, relay] of Object.entries(table)) {
    parseInput(relayParams, { name });
    app.route({
      method: relay.method,
      url: `/wps/relay/${name}`,
      schema: {
        querystring: relay.query ?? NO_QUERY,
        ...(relay.body ? { body: relay.body } : {}),
      },
      config: {
        ...(relay.auth ? { auth: relay.auth } : {}),
        ...(relay.encrypted ? { encrypted: true } : {}),
      },
      handler: async (request, reply) => {
        const answer = await relay.handle(request);
        // A read-mostly answer serialized once (the catalogue): sent as is, with its ETag.
        if (answer instanceof PreparedAnswer) return sendPrepared(request, reply, answer);
        return ok(answer);
      },
    });
  }
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/wps/relay/:name',
    // Nothing reaches a handler here: no query of its own to declare.
    config: { queryPerCall: true },
    handler: async (request) => {
      const { name } = parseInput(relayParams, request.params);
      const relay = Object.hasOwn(table, name) ? table[name] : undefined;
      if (!relay) throw new ApiError(404, 'unknown_relay', `Unknown relay call "${name}".`);
      throw new ApiError(405, 'method_not_allowed', `${name} takes ${relay.method}.`);
    },
  });
}
