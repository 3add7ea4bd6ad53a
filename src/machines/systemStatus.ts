import { assign, fromObservable, setup } from 'xstate';
import type { LiveSystemStatus } from '../streams/system';
import { SystemStatusCode } from '../shared/system';

export interface SystemStatusContext {
  /** The last REST answer: site info, visitor IP. Null until the first one arrives. */
  snapshot: LiveSystemStatus['response'] | null;
  code: SystemStatusCode;
  maintenanceEnd: string | null;
  error: string | null;
}

export type SystemStatusEvent = { type: 'status.retry' };

/** What the live status (streams/system.ts) last said; undefined before its first answer. */
type StatusSnapshotEvent = { type: string; snapshot?: { context?: LiveSystemStatus } };
const reported = (event: StatusSnapshotEvent) => event.snapshot?.context;

/**
 * Which of the three app faces to show (spec 4: 0 normal, 1 maintenance, 2 region restricted).
 * The machine watches the live status (streams/system.ts), which keeps the REST answer current
 * with socket pushes (newer seq wins, a reconnect asks again); the machine only picks the face,
 * and offers a retry when the first answer cannot be had.
 */
export const systemStatusMachine = setup({
  types: {
    context: {} as SystemStatusContext,
    events: {} as SystemStatusEvent,
  },
  actors: {
    status: fromObservable<LiveSystemStatus, void>(() => {
      throw new Error('status must be provided');
    }),
  },
  guards: {
    hasNoAnswer: ({ event }) => reported(event as StatusSnapshotEvent) === undefined,
    reportsMaintenance: ({ event }) =>
      reported(event as StatusSnapshotEvent)?.code === SystemStatusCode.maintenance,
    reportsRegionRestriction: ({ event }) =>
      reported(event as StatusSnapshotEvent)?.code === SystemStatusCode.regionRestricted,
  },
  actions: {
    apply: assign(({ event }) => {
      const status = reported(event as StatusSnapshotEvent)!;
      return {
        snapshot: status.response,
        code: status.code,
        maintenanceEnd: status.maintenanceEnd,
        error: null,
      };
    }),
  },
}).createMachine({
  id: 'systemStatus',
  initial: 'watching',
  context: {
    snapshot: null,
    code: SystemStatusCode.normal,
    maintenanceEnd: null,
    error: null,
  },
  states: {
    watching: {
      invoke: {
        id: 'status',
        src: 'status',
        onSnapshot: [
          { guard: 'hasNoAnswer' },
          { guard: 'reportsMaintenance', target: '.maintenance', actions: 'apply' },
          { guard: 'reportsRegionRestriction', target: '.regionRestricted', actions: 'apply' },
          { target: '.normal', actions: 'apply' },
        ],
        onError: {
          target: 'unavailable',
          actions: assign(({ event }) => ({
            error: event.error instanceof Error ? event.error.message : String(event.error),
          })),
        },
      },
      // The first answer shows the loader; later answers keep the last face on screen.
      initial: 'loading',
      states: { loading: {}, normal: {}, maintenance: {}, regionRestricted: {} },
    },
    // The status could not be read: the page offers a retry.
    unavailable: { on: { 'status.retry': 'watching' } },
  },
});
