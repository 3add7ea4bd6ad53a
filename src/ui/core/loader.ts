/**
 * The page-wide loader is plain HTML in index.html, so it shows before any script runs.
 * Views show it for slow actions (logout, launches) and the router hides it after each
 * navigation (spec 2).
 */
function loaderElement(): HTMLElement | null {
  return document.getElementById('app-loader');
}

export function showLoader(): void {
  loaderElement()?.removeAttribute('hidden');
}

/**
 * Hides the loader; the first time, also takes away the home page's first screen that the
 * server drew over it (server/http/site/firstPaint.ts), now that the app's own is on.
 */
export function hideLoader(): void {
  loaderElement()?.setAttribute('hidden', '');
  document.getElementById('first-paint')?.remove();
}
