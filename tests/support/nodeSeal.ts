import { constants, createCipheriv, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import type { SealedPayload } from '../../src/api/payloadCipher';

/**
 * The same sealing as src/api/payloadCipher.ts, written with node:crypto for test processes
 * that cannot load jsencrypt (Playwright's). Two independent implementations that the server
 * both accepts also check each other.
 */
export async function nodeSealPayload(
  publicKeyPem: string,
  payload: unknown,
  now = Date.now(),
): Promise<SealedPayload> {
  const secret = randomBytes(24).toString('base64url').slice(0, 32);
  const header = publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from([...secret].reverse().join('')),
  ).toString('base64');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secret).digest(), iv);
  const data = Buffer.concat([
    cipher.update(JSON.stringify({ ts: now, payload })),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return { header, body: { iv: iv.toString('base64'), data: data.toString('base64') } };
}
