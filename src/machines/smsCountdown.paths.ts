import type { PathModel } from '../../testers/paths/model';
import { ApiError } from '../api/http';
import { smsCountdownMachine } from './smsCountdown';

const TICK = 'xstate.after.1000.smsCountdown.countingDown';

/**
 * The "send code" button's paths (issue 15): a send answered with the server's wait, with a
 * one-second wait (so the countdown's last tick back to idle is a path of its own), refused by
 * the rate limit, or failing; a reset at any time.
 */
export const smsCountdownPaths: PathModel<typeof smsCountdownMachine> = {
  id: 'smsCountdown',
  machine: smsCountdownMachine,
  // Counting down from more than one second, or at the last one: the seconds themselves would
  // make sixty states that all show the same disabled button.
  key: ({ value, context }) =>
    value === 'countingDown'
      ? `countingDown#${context.remaining > 1 ? 'many' : 'last'}`
      : `${String(value)}#${context.error ?? ''}`,
  events: ({ value }) => {
    const reset = { label: 'reset', event: { type: 'sms.reset' } };
    switch (value) {
      case 'idle':
        return [
          {
            label: 'send',
            event: { type: 'sms.send', mobileNum: '912345678', countryDialingCode: '+84' },
          },
          reset,
        ];
      case 'sending':
        return [
          {
            label: 'sendCode.done',
            event: { type: 'xstate.done.actor.sendCode', output: { expiredMinutes: 1 } },
          },
          {
            label: 'sendCode.done:oneSecond',
            event: { type: 'xstate.done.actor.sendCode', output: { expiredMinutes: 1 / 60 } },
          },
          {
            label: 'sendCode.error:rateLimited',
            event: {
              type: 'xstate.error.actor.sendCode',
              error: new ApiError('too_many_requests', 'Slow down', 429),
            },
          },
          reset,
        ];
      case 'countingDown':
        return [{ label: 'tick', event: { type: TICK } }, reset];
      default:
        return [];
    }
  },
};
