import ky, { type KyInstance, type Options } from 'ky';
import { answerKey } from '../shared/bootAnswers';
import type { Envelope } from '../shared/envelope';
import { GATEWAY_VERSION } from '../shared/earlyCalls';
import type { TakeBootAnswer } from './bootAnswers';
import type { TakeEarlyCall } from './earlyCalls';

/** A failed call: the envelope's `code` (or our own network/HTTP codes) and human message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
    /** The envelope's `value` on failure (e.g. the login's captcha flag). */
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface HttpContext {
  merchantCode: () => string;
  language: () => string;
  token: () => string | null;
  /** The answers the server put into the page (bootAnswers.ts), for GET calls. */
  bootAnswer?: TakeBootAnswer;
  /** The calls the page's head script made (earlyCalls.ts), for GET calls. */
  earlyCall?: TakeEarlyCall;
  /**
   * The server refused the session token a call carried (401 `not_logged_in`, issue 32: every
   * call says so, public ones too): the session is over. The call is then sent once more
   * without the token, as a guest's.
   */
  tokenRefused?: () => void;
}

export interface Http {
  get<T>(path: string, options?: Options): Promise<T>;
  post<T>(path: string, json?: unknown, options?: Options): Promise<T>;
  put<T>(path: string, json?: unknown, options?: Options): Promise<T>;
  delete<T>(path: string, options?: Options): Promise<T>;
}

/**
 * The one way in for HTTP (STYLE): headers from ARCHITECTURE "Request headers", the envelope
 * unwrapped into a value or an ApiError. Retries only idempotent reads, and only twice.
 */
export function createHttp(context: HttpContext, baseUrl = '/'): Http {
  const client: KyInstance = ky.create({
    prefixUrl: baseUrl,
    timeout: 20_000,
    throwHttpErrors: false,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 502, 504] },
    hooks: {
      beforeRequest: [
        (request, options) => {
          request.headers.set('Merchant', context.merchantCode());
          request.headers.set('Language', context.language());
          request.headers.set('X-Gateway-Version', GATEWAY_VERSION);
          const token = options.context.asGuest === true ? null : context.token();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  async function send<T>(method: string, path: string, options: Options = {}): Promise<T> {
    const asGuest = options.context?.asGuest === true;
    const carriedToken = asGuest ? null : context.token();
    let response: Response;
    try {
      response = await client(path.replace(/^\//, ''), { ...options, method });
    } catch {
      throw new ApiError('network_error', 'Network link abnormal, please try again.', null);
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new ApiError(
        'unknown_error',
        `Unexpected response (HTTP ${response.status}).`,
        response.status,
      );
    }
    if (!envelope.success) {
      // A refused token is refused before the call does anything: the session has ended, and
      // the call is asked again as a guest's (a public call answers; a member's says 401).
      if (carriedToken && response.status === 401 && envelope.code === 'not_logged_in') {
        // A call that carried an older session's token (one logged out elsewhere, and the
        // member logged in again while it was on its way) says nothing of the session now: it
        // is asked again with the current one, which stays (found by the session paths: a
        // late answer for the revoked session logged the new one out).
        const current = context.token();
        if (current !== null && current !== carriedToken) return send<T>(method, path, options);
        context.tokenRefused?.();
        return send<T>(method, path, {
          ...options,
          context: { ...options.context, asGuest: true },
        });
      }
      throw new ApiError(
        envelope.code ?? 'unknown_error',
        envelope.message ?? 'Unknown error.',
        response.status,
        envelope.value,
      );
    }
    return envelope.value as T;
  }

  /** A GET's answerKey (a plain query object, or none); undefined for another query's shape. */
  function keyOf(path: string, options: Options | undefined): string | undefined {
    const query = options?.searchParams;
    if (
      query !== undefined &&
      (typeof query !== 'object' || query instanceof URLSearchParams || Array.isArray(query))
    )
      return undefined;
    return answerKey(path, (query ?? {}) as Record<string, string | number | boolean>);
  }

  /** A GET answered by the page's early call when it succeeded, else asked again. */
  async function fromEarlyCall<T>(
    early: Promise<unknown>,
    path: string,
    options: Options | undefined,
  ): Promise<T> {
    const envelope = (await early.catch(() => null)) as Envelope<T> | null;
    if (envelope && typeof envelope === 'object' && envelope.success === true)
      return envelope.value as T;
    return send<T>('get', path, options);
  }

  return {
    get: <T>(path: string, options?: Options) => {
      const key = keyOf(path, options);
      const boot = key === undefined ? undefined : context.bootAnswer?.(key);
      if (boot) return Promise.resolve(boot.value as T);
      const early =
        key === undefined
          ? undefined
          : context.earlyCall?.(key, context.token(), context.language());
      return early ? fromEarlyCall<T>(early, path, options) : send<T>('get', path, options);
    },
    post: (path, json, options) => send('post', path, { ...options, json }),
    put: (path, json, options) => send('put', path, { ...options, json }),
    delete: (path, options) => send('delete', path, options),
  };
}
