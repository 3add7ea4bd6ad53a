import type { Observable, ObservableInput } from 'rxjs';
import type { SessionRole } from '../shared/identity';
import { createMemberLive } from './memberLive';

/**
 * The unread message count (spec 3 `unreadMessage`; the red dots of messageV2 and the agent's
 * messages page). Spec 4: fetched on the logged-in transition, never for a trial account or a
 * guest (null). Fetched again whenever the inbox changed (the `message` event: a message
 * arrived, or any tab read or deleted some) and after a reconnect (events may have been
 * missed); the newest fetch wins. A failed fetch keeps the last count.
 */
export function createUnreadMessages(deps: {
  role$: Observable<SessionRole>;
  fetch: () => ObservableInput<number>;
  changed$: Observable<unknown>;
  reconnected$: Observable<unknown>;
}): Observable<number | null> {
  return createMemberLive(deps);
}
