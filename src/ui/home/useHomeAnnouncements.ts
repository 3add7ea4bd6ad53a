import type { AnnouncementResponse } from '../../api/announcements';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/**
 * The page's announcements (services.announcements$, issue 16): one live answer per tab,
 * language and login state, shared by the banner carousel, the notice marquee and the pop-ups;
 * logging in or out asks again (spec 4: the logged-in transition triggers announcements), and
 * so does an operator's new or ended announcement. Null until the first answer; after a
 * language or login change the previous answer stays on screen until the new one arrives. A
 * failed call shows nothing rather than an error: announcements are not worth one.
 */
export function useHomeAnnouncements(): AnnouncementResponse | null {
  return useObservable(useServices().announcements$, null);
}
