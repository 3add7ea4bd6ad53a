import { randomBytes, randomInt } from 'node:crypto';
import { TRIAL_TYPE } from '../../../src/shared/identity';
import type { LoginResult } from '../../../src/shared/identity';
import { isFeatureEnabled, WhitelabelFlag } from '../../../src/shared/system';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { creditTrial } from '../wallet/grants';
import { findById } from '../identity/accounts';
import { startSession } from './login';
import { hashPassword } from '../identity/password';

/**
 * Free play (spec 4): a fresh trial account (type 4) and its session. Trial accounts can play
 * demo games only; the server refuses them every real-money call (route auth 'realMoney').
 */
export async function startTrial(deps: IdentityDeps, ip: string): Promise<LoginResult> {
  if (!isFeatureEnabled(deps.config.whitelabel, WhitelabelFlag.freePlay)) {
    throw new ApiError(403, 'forbidden', 'Free play is not offered.');
  }
  const limit = await deps.identity.throttles.hit(`trial:${ip}`, {
    windowMs: 60 * 60_000,
    limit: 20,
  });
  if (!limit.allowed)
    throw new ApiError(429, 'too_many_requests', 'Too many requests. Please try again later.');
  const suffix = randomBytes(5).toString('hex');
  const [row] = await deps.db.query<{ id: string }>(
    `insert into members (account, nickname, password_hash, type) values ($1, $2, $3, $4) returning id::text`,
    [
      `trial_${suffix}`,
      `Guest ${randomInt(1000, 10000)}`,
      await hashPassword(randomBytes(24).toString('base64url')),
      TRIAL_TYPE,
    ],
  );
  await creditTrial(deps, row!.id);
  return startSession(deps, (await findById(deps.db, row!.id))!, ip, 'username');
}
