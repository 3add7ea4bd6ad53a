import {
  distinctUntilChanged,
  type Observable,
  type ObservableInput,
  shareReplay,
  startWith,
  switchMap,
} from 'rxjs';
import type { AnnouncementEvent, AnnouncementResponse } from '../shared/announcements';
import { isNewer, live } from './live';

/** Who is asking, in which language: each pair has its own answer. */
export interface AnnouncementsKey {
  language: string;
  loggedIn: boolean;
}

/** What a failed first answer shows: nothing (announcements are not worth an error). */
const NOTHING: AnnouncementResponse = { banners: [], player: [], popup: [], promotion: [], seq: 0 };

/**
 * The announcements of the page (banners, notices, pop-ups; issue 16) kept live through the
 * live primitive (live.ts): the answer for the current language and login state, fetched again
 * when an `announcement` event with a higher seq than the answer arrives (the operator created
 * or ended one), after a reconnect that lost events, and whenever the language or the login
 * state changes. Null until the first answer; a failed first answer shows nothing until the
 * next event or reconnect mends it.
 */
export function createAnnouncements(deps: {
  key$: Observable<AnnouncementsKey>;
  fetch: (key: AnnouncementsKey) => ObservableInput<AnnouncementResponse>;
  events$: Observable<AnnouncementEvent>;
  reconnected$: Observable<unknown>;
}): Observable<AnnouncementResponse | null> {
  return deps.key$.pipe(
    distinctUntilChanged((a, b) => a.language === b.language && a.loggedIn === b.loggedIn),
    switchMap((key) =>
      live<AnnouncementResponse, AnnouncementEvent>({
        fetch: () => deps.fetch(key),
        events$: deps.events$,
        // The event names no content: a newer one asks for the list again, an older one is
        // already in the answer.
        apply: (state) => state,
        refetchOn: (state, event) => isNewer(event, state),
        refetch$: deps.reconnected$,
        fallback: () => NOTHING,
      }),
    ),
    // Only before the first answer: after a language or login change the previous answer stays
    // on screen until the new one arrives (no flash of an empty lobby top).
    startWith(null),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
