import { assign, fromObservable, setup } from 'xstate';
import type { CodeLoadState } from '../streams/onDemandCode';
import type { LiveSystemStatus } from '../streams/system';
import { SystemStatusCode } from '../shared/system';

export interface SystemStatusContext {
  /** The last REST answer: site info, visitor IP. Null until the first one arrives. */
  snapshot: LiveSystemStatus['response'] | null;
  code: SystemStatusCode;
  maintenanceEnd: string | null;
  error: string | null;
  /**
   * The live connection's code (the socket.io client) failed to load: no push reaches the page.
   * Shown as a notice over whatever face is on screen, never as a failure of the status.
   */
  liveFailed: boolean;
}

export type SystemStatusEvent =
  | { type: 'status.retry' }
  /** The notice's "Try again": the client's code is asked for again, in this document. */
  | { type: 'live.retry' }
  /** The notice's "Reload page": a new document (and a new build's code, after a deploy). */
  | { type: 'live.reload' };

/** What the live connection's code last reported (streams/onDemandCode.ts). */
type ClientSnapshotEvent = { type: string; snapshot?: { context?: CodeLoadState } };

/** What the live status (streams/system.ts) last said; undefined before its first answer. */
type StatusSnapshotEvent = { type: string; snapshot?: { context?: LiveSystemStatus } };
const reported = (event: StatusSnapshotEvent) => event.snapshot?.context;

/**
 * Which of the three app faces to show (spec 4: 0 normal, 1 maintenance, 2 region restricted).
 * The machine watches the live status (streams/system.ts), which keeps the REST answer current
 * with socket pushes (newer seq wins, a reconnect asks again); the machine only picks the face,
 * and offers a retry when the first answer cannot be had. Beside the face it watches the socket
 * client's code: when it fails to load, a notice offers "Try again" and "Reload page" over the
 * face (decisions.md, issue 15, "A failed live connection").
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
    socketClient: fromObservable<CodeLoadState, void>(() => {
      throw new Error('socketClient must be provided');
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
    /** Asks for the socket client's code again (provided by the page). */
    retryLive: () => undefined,
    /** Loads the page again (provided by the page). */
    reloadPage: () => undefined,
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
    liveFailed: false,
  },
  invoke: {
    id: 'socketClient',
    src: 'socketClient',
    // Only a change is news: the same state again (a repeat) changes nothing.
    onSnapshot: {
      guard: ({ context, event }) =>
        ((event as ClientSnapshotEvent).snapshot?.context === 'failed') !== context.liveFailed,
      actions: assign({
        liveFailed: ({ event }) => (event as ClientSnapshotEvent).snapshot?.context === 'failed',
      }),
    },
  },
  on: {
    // The notice goes while the code is asked for again; it comes back if that fails too.
    'live.retry': {
      guard: ({ context }) => context.liveFailed,
      actions: ['retryLive', assign({ liveFailed: false })],
    },
    // A new document: the machine starts again (the page's reload never lands anywhere else).
    'live.reload': {
      guard: ({ context }) => context.liveFailed,
      target: '.watching',
      reenter: true,
      actions: [
        'reloadPage',
        assign({
          snapshot: null,
          code: SystemStatusCode.normal,
          maintenanceEnd: null,
          error: null,
          liveFailed: false,
        }),
      ],
    },
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
