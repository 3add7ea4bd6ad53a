import type { EventObject } from 'xstate';
import { ApiError } from '../api/http';
import type { LabelledEvent, PathModel } from '../shared/pathModel';
import { actionRequestMachine } from './actionRequest';

let made = 0;
/** The model's keys: `key-1`, `key-2`… (the page makes random ones). */
const newKey = () => `key-${(made += 1)}`;

const send = (target: string, payload?: unknown): EventObject =>
  ({ type: 'send', target, payload }) as EventObject;

/**
 * What a page sends: points converted (twice the same, to retry), converted with another amount
 * (another request), a reward claimed, all claimed. Conversion first: the shortest path to a
 * retry's answer is then a conversion's, whose key the site holds to.
 */
const SENDS: LabelledEvent[] = [
  { label: 'send:convert', event: send('convert', { points: 1000 }) },
  { label: 'send:convertOther', event: send('convert', { points: 2000 }) },
  { label: 'send:claim', event: send('reward-1') },
  { label: 'send:claimAll', event: send('all') },
];

const failed = (label: string, error: ApiError): LabelledEvent => ({
  label: `send.error:${label}`,
  event: { type: 'xstate.error.actor.send', error } as EventObject,
});

/**
 * An action request's paths (issue 29: claim, claim all, forfeit, convert, redeem): each action
 * is sent, then succeeds or fails in the ways the pages say differently — already claimed, a
 * wrong payment password, not enough points, a lost network; from any answer the page may act
 * again (a retry, or another action).
 */
export const actionRequestPaths: PathModel<typeof actionRequestMachine> = {
  id: 'actionRequest',
  machine: actionRequestMachine,
  input: { newKey },
  // The state; when idle the error the page shows; when sending or done, whether it is a retry
  // after a lost network (the site may have acted on the first: nothing may move twice). Never
  // the key itself.
  key: ({ value, context }) =>
    value === 'idle'
      ? `idle#${context.error ?? ''}`
      : context.retryOf === 'network_error'
        ? `${String(value)}#retry`
        : String(value),
  notDriven: {
    reset: 'no page sends it yet (each answer leaves the page usable); the model test covers it',
  },
  events: ({ value }) => {
    switch (value) {
      case 'idle':
      case 'done':
        return SENDS;
      case 'sending':
        return [
          failed('network', new ApiError('network_error', 'Network link abnormal.', null)),
          { label: 'send.done', event: { type: 'xstate.done.actor.send', output: { ok: true } } },
          failed(
            'alreadyClaimed',
            new ApiError('reward_claimed', 'This reward was already claimed.', 409),
          ),
          failed('wrongPassword', new ApiError('payment_password_wrong', 'Wrong password.', 400)),
          failed('notEnoughPoints', new ApiError('insufficient_points', 'Not enough.', 409)),
        ];
      default:
        return [];
    }
  },
};
