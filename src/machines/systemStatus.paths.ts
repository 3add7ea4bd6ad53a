import { type PathModel, stateValueKey } from '../../testers/paths/model';
import { ApiError } from '../api/http';
import { SystemStatusCode, type SystemStatusResponse } from '../shared/system';
import type { LiveSystemStatus } from '../streams/system';
import { systemStatusMachine } from './systemStatus';

const SNAPSHOT = 'xstate.snapshot.status';
const ERROR = 'xstate.error.actor.status';

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
 * The socket client failing to load (streams/realtime.ts): the one failure after an answer,
 * since a later fetch that fails keeps the face (streams/live.ts); it can come first, too.
 */
const socketFailure = {
  label: 'status.error:socket',
  event: {
    type: ERROR,
    error: new TypeError('Failed to fetch dynamically imported module: /assets/socket.js'),
  },
};

/**
 * The app's face paths (issue 15): the live status answers normal, maintenance or region
 * restricted and later switches between them; the first answer fails (the network, a bad
 * answer), or the socket client fails to load at any time, and the retry watches it again (a
 * retry after an answer keeps that answer's app on screen while loading).
 */
export const systemStatusPaths: PathModel<typeof systemStatusMachine> = {
  id: 'systemStatus',
  machine: systemStatusMachine,
  // The face, and whether a status answer is held: loading without one shows the loader, with
  // one (a retry after a later failure) the last answer's app.
  key: ({ value, context }) =>
    `${stateValueKey(value)}#${context.snapshot ? 'answered' : 'unanswered'}`,
  events: ({ value }) => {
    const face = stateValueKey(value);
    if (face === 'unavailable') return [{ label: 'retry', event: { type: 'status.retry' } }];
    // A face's own report again changes nothing (the same seq): no edge is made for it.
    return face === 'watching.loading'
      ? [...reports, ...firstAnswerFailures, socketFailure]
      : [...reports, socketFailure];
  },
};
