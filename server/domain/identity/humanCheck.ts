import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Payload } from 'altcha-lib';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { claimNonce } from './nonces';

const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Self-hosted human verification: an ALTCHA proof-of-work challenge signed with our secret.
 * The browser spends a second or so of CPU finding the counter; the server checks it with one
 * hash and accepts each challenge once. No third party is involved.
 */
export function createHumanCheck(secret: string, options: { maxCounter?: number } = {}) {
  const maxCounter = options.maxCounter ?? 40_000;
  return {
    issue(): Promise<Challenge> {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.floor(maxCounter / 4), maxCounter),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: `${secret}:key`,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },

    /** Throws challenge_failed unless `payload` (base64 JSON) solves an unused challenge of ours. */
    async verify(db: Queryable, payload: string | undefined): Promise<void> {
      const failed = new ApiError(
        400,
        'challenge_failed',
        'Human verification failed. Please try again.',
      );
      if (!payload) throw failed;
      let decoded: Payload;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
      } catch {
        throw failed;
      }
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: `${secret}:key`,
      }).catch(() => null);
      if (!result?.verified) throw failed;
      if (!(await claimNonce(db, `altcha:${decoded.challenge.parameters.nonce}`, CHALLENGE_TTL_MS)))
        throw failed;
    },
  };
}

export type HumanCheck = ReturnType<typeof createHumanCheck>;
