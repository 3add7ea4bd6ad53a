import { describe, expect, it } from 'vitest';
import { createDeviceIds } from '../../../server/domain/identity/deviceIds';

/** The device ids the server issues (issue 28, finding 5): only its own signature is trusted. */
describe('device ids', () => {
  const ours = createDeviceIds('a-secret-of-this-server');
  const theirs = createDeviceIds('another-secret');

  it('issues random ids it verifies', () => {
    const one = ours.issue();
    const two = ours.issue();
    expect(one.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(two.id).not.toBe(one.id);
    expect(one.token.startsWith(`${one.id}.`)).toBe(true);
    expect(ours.verify(one.token)).toBe(one.id);
  });

  it('trusts nothing it did not sign', () => {
    const { id, token } = ours.issue();
    const signature = token.slice(id.length + 1);
    const other = ours.issue().id;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      null,
      undefined,
      '',
      id,
      `${id}.`,
      `${other}.${signature}`,
      `${id}.${flipped}`,
      `${id}.${signature}.x`,
      `${id}.${signature}x`,
      'abcdefghijklmnop1234',
      'x'.repeat(200),
      theirs.issue().token,
    ]) {
      expect(ours.verify(forged)).toBeNull();
    }
  });
});
