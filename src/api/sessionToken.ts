/**
 * The session token lives in sessionStorage (spec 2 route guard, ARCHITECTURE HTTP). It may
 * also arrive in the URL query (`?token=`) at start (spec 4); the session machine (issue 3)
 * takes over from this module for login and logout.
 */
const TOKEN_KEY = 'token';

export function readToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function adoptTokenFromUrl(location: Location, history: History): void {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  url.searchParams.delete('token');
  // Keep the token out of the address bar, bookmarks and referrers.
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
