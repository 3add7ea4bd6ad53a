import { SESSION_KEYS } from '../shared/identity';

/**
 * The session token (spec 2 route guard, ARCHITECTURE HTTP): in session storage under its one
 * key, `SESSION_KEYS.token` (the page's early-calls script reads the same). Anyone may read it;
 * one owner writes it (issue 29): the session service (src/app/session.ts),
 * which runs the session machine. A unit test holds that no other module writes it.
 */
export function readToken(storage: Storage = sessionStorage): string | null {
  return storage.getItem(SESSION_KEYS.token);
}

/** The token's one writer, called by the session service only. */
export function writeToken(storage: Storage, token: string): void {
  storage.setItem(SESSION_KEYS.token, token);
}

/**
 * A token that arrived in the URL query (`?token=`, spec 4) at start: taken out of the address
 * bar, bookmarks and referrers, and answered for the session service to adopt.
 */
export function takeTokenFromUrl(location: Location, history: History): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return token;
}
