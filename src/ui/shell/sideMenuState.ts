import { useCallback, useState } from 'react';

const STORAGE_KEY = 'sideMenu';

/** The side menu can be set or toggled (spec 2); the choice is remembered on this device. */
export function useSideMenuState(): [boolean, (open?: boolean) => void] {
  const [open, setOpen] = useState(() => {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored
      ? stored === 'open'
      : window.matchMedia?.('(min-width: 1024px)').matches !== false;
  });
  const set = useCallback((next?: boolean) => {
    setOpen((current) => {
      const value = next ?? !current;
      localStorage.setItem(STORAGE_KEY, value ? 'open' : 'closed');
      return value;
    });
  }, []);
  return [open, set];
}
