import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError, type Http } from '../../../src/api/http';
import { createSealedCalls } from '../../../src/api/sealedCalls';

const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** An Http whose POSTs answer in turn from `answers` and keep the Encryption headers sent. */
function fakeHttp(answers: (() => unknown)[]) {
  const headers: string[] = [];
  const http: Http = {
    get: async <T>() => ({ publicKey }) as T,
    post: async <T>(_path: string, _json?: unknown, options?: { headers?: unknown }) => {
      headers.push((options?.headers as { Encryption: string }).Encryption);
      return answers.shift()!() as T;
    },
    put: async <T>() => undefined as T,
    delete: async <T>() => undefined as T,
  };
  return { http, headers };
}

const replayed = () => {
  throw new ApiError('replayed', 'received already', 409);
};

describe('sealed calls (issue 35: a balancer re-sent a request a dying process had)', () => {
  it('seal the payload anew and send it once more when the server had it already', async () => {
    const { http, headers } = fakeHttp([replayed, () => ({ id: 'w1' })]);
    const sealed = createSealedCalls(http);
    await expect(sealed('post', '/wps/withdrawals', { idempotencyKey: 'k' })).resolves.toEqual({
      id: 'w1',
    });
    expect(headers).toHaveLength(2);
    expect(headers[0]).not.toBe(headers[1]); // a new key: the first one is spent
  });

  it('show a second replayed, and every other refusal, as it is', async () => {
    const twice = fakeHttp([replayed, replayed]);
    await expect(createSealedCalls(twice.http)('post', '/x', {})).rejects.toMatchObject({
      code: 'replayed',
    });
    expect(twice.headers).toHaveLength(2);
    const refused = fakeHttp([
      () => {
        throw new ApiError('decryption_failed', 'unreadable', 400);
      },
    ]);
    await expect(createSealedCalls(refused.http)('post', '/x', {})).rejects.toMatchObject({
      code: 'decryption_failed',
    });
    expect(refused.headers).toHaveLength(1);
  });
});
