import type { FastifyRequest } from 'fastify';
import { resolveSession } from '../../domain/identity/sessions';
import { recordDevice } from '../../domain/referrals/referrals';
import type { AppDeps } from '../../deps';

/** The page's device id (`Device-Id`: a random id it keeps in local storage), if it sent one. */
export function deviceOf(request: FastifyRequest): string | null {
  const header = request.headers['device-id'];
  return typeof header === 'string' ? header : null;
}

/**
 * After a login or a registration: remembers the device the member came from (the self-referral
 * check compares a friend's device with its inviter's). Answers the member's id.
 */
export async function rememberDevice(
  deps: AppDeps,
  token: string,
  request: FastifyRequest,
): Promise<string | null> {
  const session = await resolveSession(deps.db, token);
  if (!session) return null;
  await recordDevice(deps.db, session.memberId, deviceOf(request));
  return session.memberId;
}
