import { ApiError, type Http } from './http';

/**
 * (E) calls of spec 7: the payload is sealed with the server's public key, fetched once and
 * kept (a failed fetch is not kept). Views never see the crypto.
 */
export function createSealedCalls(http: Http) {
  let publicKey: Promise<string> | null = null;
  const key = () => {
    publicKey ??= http
      .get<{ publicKey: string }>('/wps/session/key/rsa')
      .then((value) => value.publicKey);
    publicKey.catch(() => {
      publicKey = null;
    });
    return publicKey;
  };

  return async function sealed<T>(
    method: 'post' | 'put',
    path: string,
    payload: unknown,
  ): Promise<T> {
    const send = async () => {
      // The cipher comes with the first sealed call (a login, a withdrawal), not with the page.
      const [{ sealPayload }, publicKeyPem] = await Promise.all([import('./payloadCipher'), key()]);
      const seal = await sealPayload(publicKeyPem, payload);
      const options = { headers: { Encryption: seal.header } };
      return method === 'post'
        ? http.post<T>(path, seal.body, options)
        : http.put<T>(path, seal.body, options);
    };
    try {
      return await send();
    } catch (error) {
      // `replayed`: a balancer sent this sealed request again after the process it first went
      // to died unanswered (server/http/payloadCipher.ts). Sealed anew, the same payload — and
      // its idempotency key, for money — learns how the first one ended. Once: a second
      // `replayed` is an answer to show.
      if (error instanceof ApiError && error.code === 'replayed') return send();
      throw error;
    }
  };
}

export type SealedCalls = ReturnType<typeof createSealedCalls>;
