/**
 * Where focus goes when a popup closes: back to the control that opened it, or — when that is
 * gone (the Log in button after a login) — to the page's heading, never to <body>.
 */
export function restoreFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener.getClientRects().length > 0) {
    opener.focus();
    return;
  }
  focusPageHeading();
}

/** The heading that names the page: the first <h1> outside any popup. */
export function pageHeading(): HTMLElement | null {
  for (const heading of document.querySelectorAll<HTMLElement>('h1')) {
    if (!heading.closest('dialog')) return heading;
  }
  return null;
}

/** Moves focus to the page's main heading (or the main region), as after a navigation. */
export function focusPageHeading(): void {
  const target = pageHeading() ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
