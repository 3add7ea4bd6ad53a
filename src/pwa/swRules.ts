/**
 * What the service worker (serviceWorker.ts) does with a request, kept apart so a unit test can
 * hold it to its rules. Only the worker imports this module, so the build folds it into sw.js
 * (a classic script: no imports of its own).
 */

/**
 * The server's API prefixes (server/http/app.ts `apiPrefixes`; a test holds the two lists
 * equal): the worker never answers, caches or even sees past these. Authenticated data, the
 * live connection and the operator's calls go to the network as if there were no worker.
 */
export const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/ops/', '/socket.io/'] as const;

/** The page shown for a navigation the network could not answer (built by build/serviceWorker.ts). */
export const OFFLINE_URL = '/offline.html';

/** Fetched when the worker installs: the offline page and its script, nothing else. */
export const PRECACHE_URLS = [OFFLINE_URL, '/offline.js'] as const;

/**
 * - `navigation`: a page load: network first; when the network fails, the offline page.
 *   The HTML is never stored (it is rendered per visitor: language, preloads).
 * - `asset`: a hashed build file (/assets/…), which never changes: cache first.
 * - `pass`: everything else (API, socket.io, other origins, non-GET, pictures): not handled.
 */
export type RequestKind = 'navigation' | 'asset' | 'pass';

export function requestKind(
  request: { method: string; url: string; mode: string },
  origin: string,
): RequestKind {
  if (request.method !== 'GET') return 'pass';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'pass';
  }
  if (url.origin !== origin) return 'pass';
  const pathname = url.pathname.toLowerCase();
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return 'pass';
  if (request.mode === 'navigate') return 'navigation';
  if (pathname.startsWith('/assets/')) return 'asset';
  return 'pass';
}

/** The caches of one build of the worker; `version` is the build's (build/serviceWorker.ts). */
export function cacheNames(version: string): { shell: string; assets: string } {
  return { shell: `shell-${version}`, assets: `assets-${version}` };
}

/** Caches of other builds, which the active worker deletes (never another app's caches). */
export function isStaleCache(name: string, version: string): boolean {
  const current = cacheNames(version);
  return /^(shell|assets)-/.test(name) && name !== current.shell && name !== current.assets;
}
