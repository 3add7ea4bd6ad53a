import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (value: string | Buffer): Buffer =>
  createHash('sha256').update(value).digest();

/** An opaque session token: 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A numeric one-time code of `digits` digits, uniformly random. */
export const newNumericCode = (digits = 6): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** Masks all but the last four characters: "+84 ****5678". */
export function maskMobile(dialingCode: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  return `+${dialingCode ?? ''} ${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(1, name.length - 2))}@${domain}`;
}
