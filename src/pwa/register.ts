/**
 * Registers the service worker (/sw.js, src/pwa/serviceWorker.ts) in production builds only:
 * `npm run dev` (Vite's server) has no worker to register and must never be cached. After the
 * page's load, so the worker's first fetches do not compete with the page's own. A browser that
 * refuses (no support, private mode, a test that blocks workers) simply has none.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .catch(() => undefined);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
