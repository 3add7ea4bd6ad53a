import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession } from '../../domain/identity/sessions';
import { recordDevice } from '../../domain/referrals/referrals';
import type { AppDeps } from '../../deps';

/** The cookie that keeps the device id the server issued (server/domain/identity/deviceIds.ts). */
export const DEVICE_COOKIE = 'device';
/** 400 days, the longest a browser keeps a cookie. */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** The request's device, once per request: sign-up and its referral check see the same one. */
const devices = new WeakMap<FastifyRequest, string>();

/**
 * The caller's device as the server knows it (issue 28, finding 5): the id in the `device`
 * cookie when this server signed it, else a new id, sent back in that cookie (HttpOnly: the
 * page never reads or chooses it). A client-made, forged or altered id is never trusted: it is
 * a new device and is replaced. The cookie is sent again with every answer that reads it, so a
 * device in use keeps it.
 */
export function deviceOf(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): string {
  const known = devices.get(request);
  if (known) return known;
  const token = request.cookies[DEVICE_COOKIE] ?? null;
  const verified = deps.identity.devices.verify(token);
  const device = verified ? { id: verified, token: token! } : deps.identity.devices.issue();
  devices.set(request, device.id);
  reply.setCookie(DEVICE_COOKIE, device.token, {
    path: '/',
    maxAge: DEVICE_COOKIE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return device.id;
}

/**
 * After a login or a registration: remembers the device the member came from (the self-referral
 * check compares a friend's device with its inviter's chain). Answers the member's id.
 */
export async function rememberDevice(
  deps: AppDeps,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const device = deviceOf(deps, request, reply);
  const session = await resolveSession(deps.db, token);
  if (!session) return null;
  await recordDevice(deps.db, session.memberId, device);
  return session.memberId;
}
