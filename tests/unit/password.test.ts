import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  hashPassword,
  unmatchableHash,
  setDevelopmentPasswordCost,
  verifyPassword,
} from '../../server/domain/identity/password';

describe('password hashes', () => {
  // The test servers lower the cost for the whole process (testServer.ts); a file run after
  // one in the same worker starts from it, so start from the default here.
  beforeEach(() => setDevelopmentPasswordCost(null));
  afterEach(() => setDevelopmentPasswordCost(null));

  it('hash at scrypt N=2^15 unless a development cost is set, and verify at their own cost', async () => {
    const strong = await hashPassword('correct horse');
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(unmatchableHash()).toMatch(/^scrypt\$32768\$8\$1\$/);

    setDevelopmentPasswordCost(10);
    const light = await hashPassword('correct horse');
    expect(light).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(unmatchableHash()).toMatch(/^scrypt\$1024\$/);
    // A stored hash keeps its own cost whatever new hashes take.
    expect(await verifyPassword('correct horse', strong)).toBe(true);
    expect(await verifyPassword('correct horse', light)).toBe(true);
    expect(await verifyPassword('wrong horse', strong)).toBe(false);
    expect(await verifyPassword('anything', unmatchableHash())).toBe(false);

    setDevelopmentPasswordCost(null);
    expect(await hashPassword('x')).toMatch(/^scrypt\$32768\$/);
  });
});
