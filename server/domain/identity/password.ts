import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes as `scrypt$N$r$p$salt$hash` (base64), so the cost can rise later without
 * breaking stored hashes. N=2^15, r=8, p=1 is OWASP's scrypt minimum.
 */
const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 };
let COST = DEFAULT_COST;

/**
 * The test servers' lighter cost (DEV_PASSWORD_COST, a development tool refused in production;
 * the Vitest servers): one hash at N=2^15 takes ~170 ms of a core on the 2-core CI machine, and
 * the suites log in and register thousands of times. Process-wide, as a hash carries its own
 * cost: stored hashes keep verifying at theirs, only new ones (and the unknown-account
 * comparison) take this one. `null` restores the default.
 */
export function setDevelopmentPasswordCost(log2N: number | null): void {
  COST = log2N === null ? DEFAULT_COST : { ...DEFAULT_COST, N: 2 ** log2N };
}

/**
 * A hash of the current cost that no password matches: login compares against it when the
 * account does not exist, so both cases take as long.
 */
export function unmatchableHash(): string {
  const zeros = (bytes: number) => Buffer.alloc(bytes).toString('base64');
  return ['scrypt', COST.N, COST.r, COST.p, zeros(16), zeros(KEY_LENGTH)].join('$');
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
