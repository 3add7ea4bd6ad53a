import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { authorize, openBody } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import { PreparedAnswer, sendPrepared } from '../preparedAnswer';
import type { RouteAuth } from '../routeConfig';

export type RelayMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One relay call (spec 7, "Relay calls under /wps/relay/"): its method and its handler. */
export interface RelayHandler {
  method: RelayMethod;
  /** Who may call it (as a route's config.auth); absent: public. */
  auth?: RouteAuth;
  /** Spec 7 (E): the body arrives encrypted (ARCHITECTURE, Encryption) and is opened first. */
  encrypted?: boolean;
  /** The value to answer (wrapped in the envelope), or a `PreparedAnswer` sent as it is. */
  handle(request: FastifyRequest): Promise<unknown>;
}

export type RelayTable = Record<string, RelayHandler>;

const relayParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, 'not a relay name'),
});

/** `/wps/relay/:name`: one handler per name, dispatched from a table (ARCHITECTURE, HTTP). */
export async function relayRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  table: RelayTable,
): Promise<void> {
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/wps/relay/:name',
    handler: async (request, reply) => {
      const { name } = parseInput(relayParams, request.params);
      const relay = Object.hasOwn(table, name) ? table[name] : undefined;
      if (!relay) throw new ApiError(404, 'unknown_relay', `Unknown relay call "${name}".`);
      if (relay.method !== request.method) {
        throw new ApiError(405, 'method_not_allowed', `${name} takes ${relay.method}.`);
      }
      if (relay.auth) await authorize(deps, request, relay.auth);
      if (relay.encrypted) await openBody(deps, request);
      const answer = await relay.handle(request);
      // A read-mostly answer serialized once (the catalogue): sent as is, with its ETag.
      if (answer instanceof PreparedAnswer) return sendPrepared(request, reply, answer);
      return ok(answer);
    },
  });
}
