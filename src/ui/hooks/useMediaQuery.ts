import { useSyncExternalStore } from 'react';

/** Breakpoints (min-width), mobile first: phone below `tablet`, the desktop shell from `desktop`. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;

/** Whether a media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True from the desktop breakpoint up: side menu beside the page, no bottom bar. */
export const useIsDesktop = () => useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
