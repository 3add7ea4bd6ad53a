/**
 * The part of an API a feature module offers its views: a module names what its pages may do
 * (a session's logout, for one, stays the session's), not every call the server has.
 */
export function pick<T extends object, K extends keyof T>(api: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = api[key];
  return picked;
}
