import { assign, fromPromise, not, setup } from 'xstate';
import type { SystemEvent } from '../shared/realtime';
import { SystemStatusCode, type SystemStatusResponse, statusCodeOf } from '../shared/system';

export interface SystemStatusContext {
  /** The last REST snapshot: site info, visitor IP. Null until the first load succeeds. */
  snapshot: SystemStatusResponse | null;
  code: SystemStatusCode;
  maintenanceEnd: string | null;
  /** Highest `seq` applied from the socket; older events are stale and dropped. */
  lastSeq: number;
  error: string | null;
}

export type SystemStatusEvent =
  | { type: 'system.pushed'; event: SystemEvent }
  | { type: 'status.retry' }
  | { type: 'connection.restored' };

/**
 * Which of the three app faces to show (spec 4: 0 normal, 1 maintenance, 2 region restricted).
 * The REST snapshot decides first; socket `system` events switch it live; a reconnect fetches
 * the snapshot again so a missed event never leaves a stale screen.
 */
/** The status code an event reports: from the REST snapshot or from a socket push. */
function reportedCode(event: {
  type: string;
  output?: unknown;
  event?: unknown;
}): SystemStatusCode | null {
  if (event.type === 'system.pushed') return (event.event as SystemEvent).status;
  if (event.type === 'xstate.done.actor.fetchStatus')
    return statusCodeOf(event.output as SystemStatusResponse);
  return null;
}

const applySnapshot = {
  type: 'applySnapshot',
  params: ({ event }: { event: { output: SystemStatusResponse } }) => event.output,
} as const;

export const systemStatusMachine = setup({
  types: {
    context: {} as SystemStatusContext,
    events: {} as SystemStatusEvent,
  },
  actors: {
    fetchStatus: fromPromise<SystemStatusResponse>(async () => {
      throw new Error('fetchStatus must be provided');
    }),
  },
  guards: {
    reportsMaintenance: ({ event }) => reportedCode(event) === SystemStatusCode.maintenance,
    reportsRegionRestriction: ({ event }) =>
      reportedCode(event) === SystemStatusCode.regionRestricted,
    isNewerPush: ({ context, event }) =>
      event.type === 'system.pushed' && event.event.seq > context.lastSeq,
  },
  actions: {
    applySnapshot: assign((_, snapshot: SystemStatusResponse) => ({
      snapshot,
      code: statusCodeOf(snapshot),
      maintenanceEnd: snapshot.maintenanceEnd,
      error: null,
    })),
    applyPush: assign(({ event }) => {
      if (event.type !== 'system.pushed') return {};
      return {
        code: event.event.status,
        maintenanceEnd: event.event.maintenanceEnd,
        lastSeq: event.event.seq,
      };
    }),
  },
}).createMachine({
  id: 'systemStatus',
  initial: 'loading',
  context: {
    snapshot: null,
    code: SystemStatusCode.normal,
    maintenanceEnd: null,
    lastSeq: 0,
    error: null,
  },
  on: {
    'system.pushed': [
      { guard: not('isNewerPush') },
      { guard: 'reportsMaintenance', target: '.maintenance', actions: 'applyPush' },
      { guard: 'reportsRegionRestriction', target: '.regionRestricted', actions: 'applyPush' },
      { target: '.normal', actions: 'applyPush' },
    ],
  },
  states: {
    // The first load shows the loader; a reload after reconnect keeps the last face on screen.
    loading: {
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          { guard: 'reportsMaintenance', target: 'maintenance', actions: applySnapshot },
          { guard: 'reportsRegionRestriction', target: 'regionRestricted', actions: applySnapshot },
          { target: 'normal', actions: applySnapshot },
        ],
        onError: {
          target: 'unavailable',
          actions: assign(({ event }) => ({
            error: event.error instanceof Error ? event.error.message : String(event.error),
          })),
        },
      },
    },
    normal: { on: { 'connection.restored': 'loading' } },
    maintenance: { on: { 'connection.restored': 'loading' } },
    regionRestricted: { on: { 'connection.restored': 'loading' } },
    // The status could not be read: the page offers a retry.
    unavailable: { on: { 'status.retry': 'loading', 'connection.restored': 'loading' } },
  },
});
