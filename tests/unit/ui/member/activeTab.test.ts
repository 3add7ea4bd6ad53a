// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollActiveTabIntoView } from '../../../../src/ui/member/activeTab';

/**
 * The member centre's tab strip on a phone (product review, member centre): opening a page
 * whose tab is off the strip scrolls the strip to it, smoothly unless the reader asks for less
 * motion; a tab already in view stays put. jsdom lays nothing out: the sizes are given.
 */

const box = (left: number, width: number) =>
  ({ left, right: left + width, width, top: 0, bottom: 44, height: 44 }) as DOMRect;

/** A strip 360 px wide at x = 0 scrolled to `scrollLeft`, its active tab at `tabLeft` on screen. */
function strip({
  tabLeft,
  scrollWidth = 2000,
  scrollLeft = 0,
}: {
  tabLeft: number;
  scrollWidth?: number;
  scrollLeft?: number;
}) {
  const nav = document.createElement('nav');
  nav.innerHTML =
    '<ul><li><a href="/member/a">A</a></li><li><a class="active" href="/member/b">B</a></li></ul>';
  const list = nav.querySelector('ul')!;
  Object.defineProperties(list, {
    scrollWidth: { value: scrollWidth },
    clientWidth: { value: 360 },
    scrollLeft: { value: scrollLeft },
  });
  list.getBoundingClientRect = () => box(0, 360);
  nav.querySelector<HTMLElement>('a.active')!.getBoundingClientRect = () => box(tabLeft, 120);
  const scrollTo = vi.fn();
  list.scrollTo = scrollTo as unknown as typeof list.scrollTo;
  return { nav, scrollTo };
}

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => reducedMotion(false));

describe('the member centre tab strip', () => {
  it('scrolls a tab off the right edge to the middle of the strip, smoothly', () => {
    reducedMotion(false);
    const { nav, scrollTo } = strip({ tabLeft: 900, scrollLeft: 40 });
    scrollActiveTabIntoView(nav);
    // The tab's centre (960) to the strip's (180), from where the strip was (40).
    expect(scrollTo).toHaveBeenCalledWith({ left: 40 + 960 - 180, behavior: 'smooth' });
  });

  it('scrolls back to a tab off the left edge', () => {
    reducedMotion(false);
    const { nav, scrollTo } = strip({ tabLeft: -200, scrollLeft: 600 });
    scrollActiveTabIntoView(nav);
    expect(scrollTo).toHaveBeenCalledWith({ left: 600 - 140 - 180, behavior: 'smooth' });
  });

  it('jumps without animation for a reader who asks for less motion', () => {
    reducedMotion(true);
    const { nav, scrollTo } = strip({ tabLeft: 900 });
    scrollActiveTabIntoView(nav);
    expect(scrollTo).toHaveBeenCalledWith({ left: 780, behavior: 'auto' });
  });

  it('leaves a tab already in view where it is', () => {
    const { nav, scrollTo } = strip({ tabLeft: 200 });
    scrollActiveTabIntoView(nav);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('does nothing when the strip does not scroll (the desktop list)', () => {
    const { nav, scrollTo } = strip({ tabLeft: 900, scrollWidth: 360 });
    scrollActiveTabIntoView(nav);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
