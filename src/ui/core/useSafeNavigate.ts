import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router-dom';

/**
 * Spec 2: duplicate navigation is ignored. Navigating to where we already are would only push
 * a second identical history entry, so it is dropped here.
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      const target = new URL(to, window.location.origin);
      const here = location.pathname + location.search + location.hash;
      if (target.pathname + target.search + target.hash === here) return;
      void navigate(to, options);
    },
    [navigate, location],
  );
}
