import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../server/crypto/secretBox';

/** The seal on secrets the server reads back (server/crypto/secretBox.ts, issue 30). */
describe('the secret box', () => {
  const key = randomBytes(32);
  it('seals with a fresh nonce each time and opens only with its key and purpose', () => {
    const box = createSecretBox(key);
    const one = box.seal('JBSWY3DPEHPK3PXP', 'totp');
    const two = box.seal('JBSWY3DPEHPK3PXP', 'totp');
    expect(one).not.toBe(two);
    expect(one).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(one, 'totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(one, 'other')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(one, 'totp')).toThrow();
    const tampered = one.slice(0, -2) + (one.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'totp')).toThrow();
  });

  it('opens a value stored before a key was set as itself; without a key stores as given', () => {
    expect(createSecretBox(key).open('JBSWY3DPEHPK3PXP', 'totp')).toBe('JBSWY3DPEHPK3PXP');
    const plain = createSecretBox(null);
    expect(plain.sealing).toBe(false);
    expect(plain.seal('abc', 'totp')).toBe('abc');
    expect(() => plain.open(createSecretBox(key).seal('abc', 'totp'), 'totp')).toThrow(
      /STAFF_SECRET_KEY/,
    );
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
