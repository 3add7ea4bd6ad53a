import { expect } from '@playwright/test';
import type { PageRegistry } from '../registry';
import type { smsCountdownMachine } from '../../../src/machines/smsCountdown';
import { smsCountdownPaths } from '../../../src/machines/smsCountdown.paths';

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
