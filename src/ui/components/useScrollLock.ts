import { useEffect } from 'react';

let locks = 0;
let savedScrollY = 0;

/**
 * Locks page scroll while `active` (spec 2: a modal locks page scroll and restores the
 * position on close). Counted, so stacked modals unlock only when the last one closes.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (locks === 0) {
      savedScrollY = window.scrollY;
      const body = document.body.style;
      body.position = 'fixed';
      body.top = `-${savedScrollY}px`;
      body.left = '0';
      body.right = '0';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks > 0) return;
      const body = document.body.style;
      body.position = '';
      body.top = '';
      body.left = '';
      body.right = '';
      window.scrollTo(0, savedScrollY);
    };
  }, [active]);
}
