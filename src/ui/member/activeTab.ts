const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * On a phone the member centre's page list is one row that scrolls sideways: brings the current
 * page's tab into view, centred, when any of it is off the strip (a tab already in view stays
 * where it is). Smooth, unless the reader asks for less motion. Measured on screen, so it holds
 * in a right-to-left page too (scrollLeft then runs negative; a difference of positions does
 * not care). From 1024 px the list does not scroll and nothing moves.
 */
export function scrollActiveTabIntoView(nav: HTMLElement | null): void {
  const active = nav?.querySelector<HTMLElement>('a.active, a[aria-current="page"]');
  const strip = active?.closest('ul');
  if (!active || !strip || strip.scrollWidth <= strip.clientWidth) return;
  const box = strip.getBoundingClientRect();
  const tab = active.getBoundingClientRect();
  if (tab.left >= box.left && tab.right <= box.right) return;
  const reduced = window.matchMedia?.(REDUCED_MOTION).matches ?? false;
  const left = strip.scrollLeft + (tab.left + tab.width / 2) - (box.left + box.width / 2);
  strip.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
}
