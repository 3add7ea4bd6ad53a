import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAgentType, isTrialType } from '../../src/shared/identity';
import { openEncryptedPayload } from './payloadCipher';
import { resolveSession } from '../domain/identity/sessions';
import type { AppDeps } from '../deps';
import { ApiError } from './errors';
import type { RouteAuth } from './routeConfig';
import './routeConfig';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

/**
 * The role check of every route (spec 6), on the server for every call: a route declares
 * `config.auth` and this hook refuses what does not fit before the handler runs. Then (E)
 * bodies are decrypted, so handlers only ever see plain, validated-next payloads.
 */
export function installAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    const { auth, encrypted } = request.routeOptions.config;
    if (auth) await authorize(deps, request, auth);
    if (encrypted) await openBody(deps, request);
  });
}

/** Replaces an (E) request's encrypted body with the plain payload (or refuses it). */
export async function openBody(deps: AppDeps, request: FastifyRequest): Promise<void> {
  const header = request.headers.encryption;
  request.body = await openEncryptedPayload(
    deps.db,
    deps.identity.keys,
    typeof header === 'string' ? header : undefined,
    request.body,
  );
}

/** Checks the token and the role for `auth`; sets request.session. Relays call it too. */
export async function authorize(
  deps: AppDeps,
  request: FastifyRequest,
  auth: RouteAuth,
): Promise<void> {
  const token = bearerToken(request);
  const session = token ? await resolveSession(deps.db, token) : null;
  if (!session) throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
  if (auth === 'realMoney' && isTrialType(session.type)) {
    throw new ApiError(403, 'in_need_true_account', 'This needs a real account.');
  }
  if (auth === 'agent' && !isAgentType(session.type)) {
    throw new ApiError(403, 'forbidden', 'Agents only.');
  }
  request.session = session;
}

/**
 * A public route that shows more to a member (the promotions list): the session when the
 * request carries a valid token, null for a guest, an expired or an unknown token alike.
 */
export async function optionalSession(deps: AppDeps, request: FastifyRequest) {
  const token = bearerToken(request);
  return token ? resolveSession(deps.db, token) : null;
}

/** The session of a route declared with `config.auth` (the hook guarantees it is there). */
export function sessionOf(request: FastifyRequest) {
  if (!request.session) throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
  return request.session;
}
