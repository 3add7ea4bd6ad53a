import { lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '../../core/ServicesContext';
import { usePopups } from '../../core/PopupContext';

// The popups' frames (and the modal) come with the first popup opened: the first page's
// download carries none of them.
const PopupsView = lazy(() =>
  import('./PopupsView').then((module) => ({ default: module.PopupsView })),
);

/** The login, registration, password and help popups (spec 2), over every page of the shell. */
export function Popups() {
  const { current, open } = usePopups();
  // Once shown, the popups stay mounted, so a closing one can fade out and give focus back.
  const [needed, setNeeded] = useState(false);
  if (current !== null && !needed) setNeeded(true);
  // Stores outside React (favourites) ask for the login popup through the services.
  const { loginRequests$ } = useServices();
  useEffect(() => {
    const subscription = loginRequests$.subscribe(() => open('login'));
    return () => subscription.unsubscribe();
  }, [loginRequests$, open]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <PopupsView />
    </Suspense>
  );
}
