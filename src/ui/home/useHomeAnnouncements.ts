import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnnouncementResponse, createAnnouncementsApi } from '../../api/announcements';
import type { Services } from '../core/services';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

const EMPTY: AnnouncementResponse = { banners: [], player: [], popup: [], promotion: [] };

/**
 * One answer per tab, language and login state: the banner carousel and the notice marquee
 * share it, and logging in or out asks again (spec 4: the logged-in transition triggers
 * announcements). Built on first use, so it lives in the lobby's chunk.
 */
const cacheOf = new WeakMap<Services, Map<string, Promise<AnnouncementResponse>>>();

function announcements(services: Services, language: string, loggedIn: boolean) {
  let cache = cacheOf.get(services);
  if (!cache) {
    cache = new Map();
    cacheOf.set(services, cache);
  }
  const key = `${language}:${loggedIn}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = createAnnouncementsApi(services.http).list({ language });
    cache.set(key, pending);
    // A failure is not kept: the next visit to the lobby asks again.
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/**
 * The home announcements: null until the first answer; after a language or login change the
 * previous answer stays on screen until the new one arrives (no flash of an empty lobby top).
 * A failed call shows nothing rather than an error: announcements are not worth one.
 */
export function useHomeAnnouncements(): AnnouncementResponse | null {
  const services = useServices();
  const { i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const loggedIn = useObservable(services.loggedIn$, false);
  const key = `${language}:${loggedIn}`;
  const [shown, setShown] = useState<{ key: string; value: AnnouncementResponse } | null>(null);
  useEffect(() => {
    let current = true;
    announcements(services, language, loggedIn).then(
      (value) => current && setShown({ key, value }),
      () => current && setShown({ key, value: EMPTY }),
    );
    return () => {
      current = false;
    };
  }, [services, language, loggedIn, key]);
  return shown?.value ?? null;
}
