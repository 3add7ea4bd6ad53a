import type { PlatformConfig } from '../../config/schema';
import { ApiError } from '../../platform/apiError';
import type { Throttles } from './throttles';

const HOUR = 60 * 60_000;

/**
 * Reserves one new account against the caps (issue 28, finding 8) before it is made, in one
 * atomic statement per counter: per client address per hour (when `ip` is given) and per agent
 * per day (when the account is the agent's downline). A burst of parallel sign-ups gets the cap,
 * not more. Answers the release to call when the account is not made after all (a taken name),
 * so a failed attempt does not use up the allowance.
 */
export async function reserveRegistration(
  throttles: Throttles,
  limits: PlatformConfig['registration']['limits'],
  who: { ip: string | null; agentId: string | null },
): Promise<() => Promise<void>> {
  const reserved: string[] = [];
  const release = async () => {
    for (const key of reserved) await throttles.release(key);
  };
  const take = async (key: string, windowMs: number, limit: number, message: string) => {
    const attempt = await throttles.hit(key, { windowMs, limit });
    if (!attempt.allowed) {
      await release();
      throw new ApiError(429, 'registration_limit', message, {
        retryAfterSeconds: Math.max(1, Math.ceil(attempt.retryAfterMs / 1000)),
      });
    }
    reserved.push(key);
  };
  if (who.ip !== null) {
    await take(
      `register-ip:${who.ip}`,
      HOUR,
      limits.perAddressPerHour,
      'Too many new accounts from this address. Try again later.',
    );
  }
  if (who.agentId !== null) {
    await take(
      `register-agent:${who.agentId}`,
      24 * HOUR,
      limits.perAgentPerDay,
      'This agent has opened as many new accounts as allowed today. Try again tomorrow.',
    );
  }
  return release;
}
