import { map, type Observable, type ObservableInput, from } from 'rxjs';
import type { SystemEvent } from '../shared/realtime';
import { statusCodeOf, type SystemStatusCode, type SystemStatusResponse } from '../shared/system';
import { liveValue } from './live';

/** The site's status as the page shows it: the REST answer, with live switches on top. */
export interface LiveSystemStatus {
  /** The last REST answer (site info, visitor IP). */
  response: SystemStatusResponse;
  code: SystemStatusCode;
  maintenanceEnd: string | null;
  seq: number;
}

/**
 * status$ (spec 4; issue 13): the status answer kept current by `system` pushes through the
 * live primitive (live.ts). A push with a higher seq than the answer switches the face; an
 * older one (a stale event, or one the answer already holds) is dropped; a reconnect that lost
 * events asks again. A failed first answer is an error (the page offers a retry); a failed
 * later one keeps the face on screen.
 */
export function createSystemStatus(deps: {
  fetch: () => ObservableInput<SystemStatusResponse>;
  events$: Observable<SystemEvent>;
  reconnected$: Observable<unknown>;
}): Observable<LiveSystemStatus> {
  return liveValue<LiveSystemStatus, SystemEvent>({
    fetch: () =>
      from(deps.fetch()).pipe(
        map((response) => ({
          response,
          code: statusCodeOf(response),
          maintenanceEnd: response.maintenanceEnd,
          seq: response.seq,
        })),
      ),
    events$: deps.events$,
    merge: (status, event) => ({
      ...status,
      code: event.status,
      maintenanceEnd: event.maintenanceEnd,
      seq: event.seq,
    }),
    refetch$: deps.reconnected$,
    failFirst: true,
  });
}
