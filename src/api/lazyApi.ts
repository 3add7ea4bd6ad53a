import { ApiError } from './http';

/** An API object whose every method, however deep, answers a promise. */
export type AsyncApi<T> = {
  [K in keyof T]: T[K] extends (...args: infer _A) => infer R
    ? R extends Promise<unknown>
      ? T[K]
      : never
    : AsyncApi<T[K]>;
};

/**
 * An API whose code is fetched on its first call (its own chunk, out of the first download):
 * every method answers a promise anyway, so a caller cannot tell. `api.points.balance()` loads
 * the module, then calls the real `points.balance`. A chunk that fails to load fails the call as
 * a network error, as the request itself would have; the next call tries again.
 */
export function lazyApi<T extends AsyncApi<T>>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const api = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw new ApiError('network_error', String(error), null);
    }));
  const at = (path: readonly PropertyKey[]): unknown =>
    new Proxy(() => undefined, {
      // Never a thenable: an `await` of the API object must not call it.
      get: (_target, key) => (key === 'then' ? undefined : at([...path, key])),
      apply: (_target, _this, args: unknown[]) =>
        api().then((loaded) => {
          let owner: unknown = null;
          let member: unknown = loaded;
          for (const key of path) {
            owner = member;
            member = (member as Record<PropertyKey, unknown>)[key];
          }
          return (member as (...args: unknown[]) => unknown).apply(owner, args);
        }),
    });
  return at([]) as T;
}
