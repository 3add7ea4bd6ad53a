import { type PathModel, stateValueKey } from '../shared/pathModel';
import { ApiError } from '../api/http';
import { SystemStatusCode, type SystemStatusResponse } from '../shared/system';
import type { LiveSystemStatus } from '../streams/system';
import { systemStatusMachine } from './systemStatus';

const SNAPSHOT = 'xstate.snapshot.status';
const ERROR = 'xstate.error.actor.status';
const CLIENT = 'xstate.snapshot.socketClient';

/** The live status with one code; each code has its own seq, so a repeat changes nothing. */
const status = (code: SystemStatusCode): LiveSystemStatus => ({
  response: {
    info: {} as SystemStatusResponse['info'],
    location: { ip: '203.0.113.9' },
    maintenance: code === SystemStatusCode.maintenance,
    regionRestriction: code === SystemStatusCode.regionRestricted,
    maintenanceEnd: null,
    seq: code + 1,
  },
  code,
  maintenanceEnd: code === SystemStatusCode.maintenance ? '2026-12-01T06:00:00.000Z' : null,
  seq: code + 1,
});

const reports = [
  { label: 'status:normal', event: { type: SNAPSHOT, snapshot: { context: status(0) } } },
  { label: 'status:maintenance', event: { type: SNAPSHOT, snapshot: { context: status(1) } } },
  {
    label: 'status:regionRestricted',
    event: { type: SNAPSHOT, snapshot: { context: status(2) } },
  },
];

/** The first answer failing: the page shows each message (the network's, a bad answer's). */
const firstAnswerFailures = [
  {
    label: 'status.error:network',
    event: {
      type: ERROR,
      error: new ApiError('network_error', 'Network link abnormal, please try again.', null),
    },
  },
  {
    label: 'status.error:server',
    event: {
      type: ERROR,
      error: new ApiError('unknown_error', 'Unexpected response (HTTP 502).', 502),
    },
  },
];

/**
 * The live connection's code (the socket.io client, loaded on demand: streams/onDemandCode.ts)
 * failing to load, at any time before it has loaded: a notice over the face, not a failure of
 * the status. Its "Try again" asks for the code again in the document; "Reload page" starts a
 * new document (the machine starts again).
 */
const live = {
  failed: { label: 'live:failed', event: { type: CLIENT, snapshot: { context: 'failed' } } },
  retry: { label: 'live.retry', event: { type: 'live.retry' } },
  reload: { label: 'live.reload', event: { type: 'live.reload' } },
};

/**
 * The app's face paths (issue 15): the live status answers normal, maintenance or region
 * restricted and later switches between them; the first answer fails (the network, a bad
 * answer) and the retry watches it again (a retry after an answer keeps that answer's app on
 * screen while loading). Beside the face, the socket client's code may fail to load: the notice
 * comes over whatever is on screen, its "Try again" recovers the pushes once the code loads,
 * its "Reload page" starts the page again.
 */
export const systemStatusPaths: PathModel<typeof systemStatusMachine> = {
  id: 'systemStatus',
  machine: systemStatusMachine,
  // The face, whether a status answer is held (loading without one shows the loader, with one
  // — a retry after a later failure — the last answer's app), and whether the live
  // connection's notice is up.
  key: ({ value, context }) =>
    `${stateValueKey(value)}#${context.snapshot ? 'answered' : 'unanswered'}` +
    (context.liveFailed ? '#liveFailed' : ''),
  notDriven: {
    'xstate.error.actor.status':
      'once the status has answered it never fails: a later read that fails keeps the face ' +
      '(streams/live.ts), and the socket client failing to load is the live notice, not a ' +
      'failure of the status (streams/onDemandCode.ts)',
  },
  events: ({ value }) => {
    const face = stateValueKey(value);
    // The code failing while the notice is not up, the notice's buttons while it is (the
    // machine ignores each in the other case: no edge).
    const liveEvents = [live.failed, live.retry, live.reload];
    if (face === 'unavailable') {
      return [{ label: 'retry', event: { type: 'status.retry' } }, ...liveEvents];
    }
    // A face's own report again changes nothing (the same seq): no edge is made for it.
    return face === 'watching.loading'
      ? [...reports, ...firstAnswerFailures, ...liveEvents]
      : [...reports, ...liveEvents];
  },
};
