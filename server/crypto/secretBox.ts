import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a staff member's TOTP secret, issue 30), sealed with a key
 * kept outside the database (`STAFF_SECRET_KEY`): AES-256-GCM, a fresh 12-byte nonce per value,
 * the value's purpose as additional data (a sealed value moved to another column does not
 * open). Stored as `v1.<base64url(nonce | tag | ciphertext)>`. Without a key values are stored
 * as they are (development; production warns at start), and a value without the prefix — made
 * before a key was set — still opens as itself.
 */
export interface SecretBox {
  /** Whether values are sealed (a key is set). */
  readonly sealing: boolean;
  seal(plain: string, purpose: string): string;
  open(stored: string, purpose: string): string;
}

const PREFIX = 'v1.';

export function createSecretBox(key: Buffer | null): SecretBox {
  if (key !== null && key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    sealing: key !== null,
    seal(plain, purpose) {
      if (key === null) return plain;
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(stored, purpose) {
      if (!stored.startsWith(PREFIX)) return stored;
      if (key === null) {
        throw new Error('a sealed secret needs STAFF_SECRET_KEY, the key it was sealed with');
      }
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
