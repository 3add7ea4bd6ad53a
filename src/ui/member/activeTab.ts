import { scrollIntoStrip } from '../components/scrollIntoStrip';

/**
 * On a phone the member centre's page list is one row that scrolls sideways: brings the current
 * page's tab into view (scrollIntoStrip). From 1024 px the list does not scroll and nothing
 * moves.
 */
export function scrollActiveTabIntoView(nav: HTMLElement | null): void {
  const active = nav?.querySelector<HTMLElement>('a.active, a[aria-current="page"]') ?? null;
  scrollIntoStrip(active?.closest('ul') ?? null, active);
}
