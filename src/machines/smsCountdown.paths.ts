import type { PathModel } from '../shared/pathModel';
import { ApiError } from '../api/http';
import { smsCountdownMachine } from './smsCountdown';

const TICK = 'xstate.after.1000.smsCountdown.countingDown';

/**
 * The "send code" button's paths (issue 15): a send answered with the server's wait, with a
 * one-second wait (so the countdown's last tick back to idle is a path of its own), or refused
 * by the rate limit; the countdown's ticks.
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
  notDriven: {
    'sms.reset':
      'no page sends it (the fields are unmounted instead); tests/model/smsCountdown.test.ts covers it',
  },
  events: ({ value }) => {
    switch (value) {
      case 'idle':
        return [
          {
            label: 'send',
            event: { type: 'sms.send', mobileNum: '912345678', countryDialingCode: '+84' },
          },
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
        ];
      case 'countingDown':
        return [{ label: 'tick', event: { type: TICK } }];
      default:
        return [];
    }
  },
};
