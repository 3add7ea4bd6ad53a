/**
 * The site's service worker, built to /sw.js (build/serviceWorker.ts), registered in
 * production builds only (register.ts). It makes the site an installable web app and keeps a
 * failed page load from ending on the browser's error page:
 * - page loads go to the network first (with navigation preload, so starting the worker does
 *   not delay them); when the network fails, the offline page, precached at install;
 * - hashed build files (/assets/…) are served from the cache once fetched (they never change);
 * - nothing else is touched: API calls (/wps/, /ops/, …), socket.io, pictures, other origins.
 * A new build's worker takes over at once (skipWaiting + clients.claim): it never serves stale
 * HTML, so there is no old page to keep alive; the old build's caches are then deleted.
 */
import { cacheNames, isStaleCache, PRECACHE_URLS, OFFLINE_URL, requestKind } from './swRules';

// The worker's own types (the DOM library the rest of src/ compiles with has no worker scope).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

/** Replaced by the build with a hash of the build's files: a new build is a new worker. */
const VERSION = '__SW_VERSION__';
const CACHES = cacheNames(VERSION);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHES.shell);
      // Past the HTTP cache: the offline page of this build, not one an hour old.
      await cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: 'reload' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => isStaleCache(name, VERSION)).map((name) => caches.delete(name)),
      );
      await worker.registration.navigationPreload?.enable().catch(() => undefined);
      await worker.clients.claim();
    })(),
  );
});

async function navigation(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: CACHES.shell });
    return offline ?? Response.error();
  }
}

async function asset(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHES.assets);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  // Only a whole, same-origin answer (a missing old chunk is a 404, never stored).
  if (response.status === 200 && response.type === 'basic') {
    event.waitUntil(cache.put(event.request, response.clone()).catch(() => undefined));
  }
  return response;
}

worker.addEventListener('fetch', (event) => {
  const kind = requestKind(event.request, worker.location.origin);
  if (kind === 'navigation') event.respondWith(navigation(event));
  else if (kind === 'asset') event.respondWith(asset(event));
});
