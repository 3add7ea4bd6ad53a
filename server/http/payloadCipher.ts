import { constants, createDecipheriv, createHash, privateDecrypt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Queryable } from '../db/types';
import { ApiError } from '../platform/apiError';
import { claimNonce } from '../domain/identity/nonces';
import type { RsaKeys } from '../crypto/rsaKeys';

/** Older payloads are refused; a replayed key is refused within this window too. */
export const MAX_PAYLOAD_AGE_MS = 2 * 60_000;
/** Every failure answers after the same floor, so timing does not say which step failed. */
const FAILURE_FLOOR_MS = 40;

const envelopeSchema = z.object({ iv: z.string().min(1), data: z.string().min(1) }).strict();
const plaintextSchema = z.object({ ts: z.number(), payload: z.unknown() }).strict();

/**
 * Opens an (E) request: `Encryption` header = RSA-OAEP(SHA-256) of the reversed random string
 * k; body = { iv, data } with data = AES-256-GCM(SHA-256(k)) of { ts, payload }. Checks the
 * timestamp and that k was never used before; returns the payload.
 */
export async function openEncryptedPayload(
  db: Queryable,
  keys: RsaKeys,
  header: string | undefined,
  body: unknown,
): Promise<unknown> {
  const started = performance.now();
  let replayed: boolean;
  try {
    if (!header) throw new Error('no Encryption header');
    const reversed = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(header, 'base64'),
    ).toString('utf8');
    const secret = [...reversed].reverse().join('');
    if (secret.length < 16) throw new Error('short key');
    const { iv, data } = envelopeSchema.parse(body);
    const sealed = Buffer.from(data, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      createHash('sha256').update(secret).digest(),
      Buffer.from(iv, 'base64'),
    );
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - 16)),
      decipher.final(),
    ]);
    const { ts, payload } = plaintextSchema.parse(JSON.parse(plain.toString('utf8')));
    if (Math.abs(Date.now() - ts) > MAX_PAYLOAD_AGE_MS) throw new Error('stale');
    const keyId = createHash('sha256').update(secret).digest('base64url');
    if (!(await claimNonce(db, `enc:${keyId}`, MAX_PAYLOAD_AGE_MS * 2))) replayed = true;
    else return payload;
  } catch {
    replayed = false;
  }
  const elapsed = performance.now() - started;
  if (elapsed < FAILURE_FLOOR_MS) await sleep(FAILURE_FLOOR_MS - elapsed);
  // A replay is told apart (issue 35, found by the soak): a balancer sends a request again when
  // the process it went to died without answering (deploy/haproxy.cfg, retry-on), and that
  // process may have claimed the key, or committed the request, first. Answered like a
  // tampered body, the caller took a request that may have gone through for a refusal. Only an
  // authentic, fresh envelope gets here, so the code tells its sender (or whoever captured it)
  // nothing they did not know; the answer is as slow as every other failure. The caller seals
  // the same payload anew (src/api/sealedCalls.ts): its idempotency key tells how it ended.
  if (replayed) {
    throw new ApiError(
      409,
      'replayed',
      'This request was received already. Send it again to learn how it ended.',
    );
  }
  throw new ApiError(
    400,
    'decryption_failed',
    'The request could not be read. Please reload the page and try again.',
  );
}
