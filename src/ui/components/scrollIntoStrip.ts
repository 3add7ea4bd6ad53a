const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A row of tabs that scrolls sideways (a phone's member-centre list, the back office's dozen
 * tabs): brings `item` into view, centred, when any of it is off the strip (an item already in
 * view stays where it is). Smooth, unless the reader asks for less motion. Measured on screen,
 * so it holds in a right-to-left page too (scrollLeft then runs negative; a difference of
 * positions does not care). A strip that does not overflow does not move.
 */
export function scrollIntoStrip(strip: HTMLElement | null, item: HTMLElement | null): void {
  if (!strip || !item || strip.scrollWidth <= strip.clientWidth) return;
  const box = strip.getBoundingClientRect();
  const tab = item.getBoundingClientRect();
  if (tab.left >= box.left && tab.right <= box.right) return;
  const reduced = window.matchMedia?.(REDUCED_MOTION).matches ?? false;
  const left = strip.scrollLeft + (tab.left + tab.width / 2) - (box.left + box.width / 2);
  strip.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
}
