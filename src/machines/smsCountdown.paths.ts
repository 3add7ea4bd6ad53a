import { expect } from '@playwright/test';
import type { PathModel } from '../../testers/paths/model';
import type { PageRegistry } from '../../testers/paths/registry';
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

const SEND_URL = '**/wps/verification/sms/register';

/**
 * On the site: the registration popup's mobile tab (a number of its own per path). The send is
 * held at the network until the next step says how the server answers — the real answer, or a
 * forced one-second wait or rate limit — so the sending state can be seen; the clock is paused
 * when the answer comes, and each tick advances it one second.
 */
export const smsCountdownPage: PageRegistry<typeof smsCountdownMachine> = {
  model: smsCountdownPaths,
  clock: true,
  start: async (run) => {
    await run.page.goto('/register');
    const popup = run.page.getByRole('dialog', { name: 'Create your account' });
    await popup.getByRole('tab', { name: 'Mobile' }).click();
    const number = `95${String(Date.now()).slice(-7)}`;
    run.note(`mobile number ${number}`);
    await popup.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  },
  states: {
    idle: async (run, snapshot) => {
      const button = run.page.getByRole('button', { name: 'Send code' });
      await expect(button).toBeEnabled();
      const error = run.page.getByText('Too many requests. Please try again later.');
      if (snapshot.context.error === 'too_many_requests') await expect(error).toBeVisible();
      else await expect(error).toHaveCount(0);
    },
    sending: async (run) => {
      await expect(run.page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    },
    countingDown: async (run, snapshot) => {
      const seconds = snapshot.context.remaining > 1 ? /Resend in \d+ s/ : 'Resend in 1 s';
      await expect(run.page.getByRole('button', { name: seconds })).toBeDisabled();
    },
  },
  events: {
    send: async (run) => {
      await run.hold(SEND_URL);
      await run.page.getByRole('button', { name: 'Send code' }).click();
    },
    'sendCode.done': async (run) => {
      await run.pause();
      await run.release(SEND_URL, 'continue');
    },
    'sendCode.done:oneSecond': async (run) => {
      await run.pause();
      await run.release(SEND_URL, {
        status: 200,
        json: { success: true, value: { expiredMinutes: 1 / 60 } },
      });
    },
    'sendCode.error:rateLimited': async (run) => {
      await run.release(SEND_URL, {
        status: 429,
        json: { success: false, value: null, code: 'too_many_requests', message: 'Slow down' },
      });
    },
    tick: async (run) => {
      await run.advance(1000);
    },
  },
};
