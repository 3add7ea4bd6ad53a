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
    else if (takesMemberToken(request.routeOptions.url)) await acceptOfferedToken(deps, request);
    if (encrypted) await openBody(deps, request);
  });
}

/**
 * The member API's public routes, where a member's token is the one a Bearer header carries
 * (issue 32): not the support console's or the operator's (their own tokens), and not the
 * development tools.
 */
const MEMBER_API = ['/wps/', '/lgw/', '/lotto/'];
const OTHER_TOKENS = ['/wps/support/', '/wps/dev/'];
function takesMemberToken(url: string | undefined): boolean {
  if (!url || !MEMBER_API.some((prefix) => url.startsWith(prefix))) return false;
  return !OTHER_TOKENS.some((prefix) => url.startsWith(prefix));
}

/** The refusal of a token that was sent and cannot be accepted (issue 32, one rule). */
export const tokenRefused = () =>
  new ApiError(
    401,
    'not_logged_in',
    'The session token was not accepted (it has expired or was logged out): log in again, or call without a token as a guest.',
  );

/**
 * A public call that was sent a member's token (issue 32): the token must be good — a call that
 * could also serve a guest says so when it cannot accept the token it was given (401
 * not_logged_in) rather than quietly answering as to a guest (a language choice silently not
 * stored). A good token sets request.session; no token leaves a guest.
 */
export async function acceptOfferedToken(deps: AppDeps, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) return;
  const session = await resolveSession(deps.db, token);
  if (!session) throw tokenRefused();
  request.session = session;
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
 * request carries a good token, null for a guest; a token sent and not accepted is refused
 * (401 not_logged_in, issue 32) — the preHandler hook has done that already for a route, this
 * does it for a relay or a route the hook does not cover.
 */
export async function optionalSession(deps: AppDeps, request: FastifyRequest) {
  if (request.session) return request.session;
  await acceptOfferedToken(deps, request);
  return request.session;
}

/** The session of a route declared with `config.auth` (the hook guarantees it is there). */
export function sessionOf(request: FastifyRequest) {
  if (!request.session) throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
  return request.session;
}
