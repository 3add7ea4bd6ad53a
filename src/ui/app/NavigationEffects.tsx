import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { hideLoader } from './loader';

/** Spec 2: after each navigation the loader is hidden and the page scrolls to the top. */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  // Runs on every navigation by design: pathname and search are the trigger, not inputs.
  useEffect(() => {
    hideLoader();
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
