import { expect, type Locator } from '@playwright/test';
import type { PageRegistry, PathRun } from '../registry';
import {
  MOBILE_PLAYER,
  NEW_ADDRESS,
  READING_CODES,
  showsMember,
  SOLVING_CAPTCHA,
  STRANGERS,
} from '../siteActions';
import type { loginMachine } from '../../../src/machines/login';
import { errorField } from '../../../src/ui/components/forms/errorFields';
import { loginPaths } from '../../../src/machines/login.paths';
import { loginDrivers, logInButton, popup, startLogin, state } from './login';

/**
 * What the login popup must show in each state of its paths (issue 15), and the registry that
 * puts the checks together with the drivers (login.ts) and the model
 * (src/machines/login.paths.ts).
 */

/** The form's message for each error the machine keeps. */
const ERROR_TEXTS: Record<string, string> = {
  field_invalid: 'Please fill in the fields correctly.',
  challenge_failed: 'We could not verify you are human. Please try again.',
  invalid_credentials: 'Username or password is incorrect.',
  verification_code_invalid: 'Invalid or missing verification code.',
  verification_code_expired: 'The code has expired. Please send it again.',
  captcha_required: 'Please enter the captcha.',
  captcha_invalid: 'Captcha check failed. Please try the new one.',
  account_locked: 'Too many failed attempts. Please try again in 15 minutes.',
  too_many_requests: 'Too many requests. Please try again later.',
  not_member: 'Non-member accounts are unable to log in.',
  throttled: 'Please wait a moment and try again.',
  network_error: 'Network link abnormal, please try again.',
  unknown_error: 'Unknown error.',
};
/** Why the change-password popup opens after the login. */
const REASON_TEXTS = {
  default: 'Your password is a temporary one. Please choose your own.',
  expired: 'Your password has expired. Please choose a new one.',
};

/**
 * While a new-address code is checked, its form stays (with the code typed), not the login
 * form it came from.
 */
async function codeFormStays(run: PathRun, verifying: boolean) {
  const code = popup(run).getByRole('textbox', { name: 'Verification code' });
  const username = popup(run).getByRole('textbox', { name: 'Username' });
  if (verifying) await Promise.all([expect(code).toBeVisible(), expect(username).toHaveCount(0)]);
}

/** The error the form shows (an alert in the form), or none. */
async function showsError(form: Locator, error: string | null) {
  if (error)
    await expect(form.getByRole('alert').filter({ hasText: ERROR_TEXTS[error]! })).toBeVisible();
  else await expect(form.getByRole('alert')).toHaveCount(0);
}

/**
 * On the site: the login popup opened from the header, in a browser that comes from an address
 * of its own (X-Forwarded-For, which the e2e server trusts from the loopback), so its failed
 * logins count for it alone. The proof of work and the login are held at the network so each
 * passing state is seen, then answered by the site for what was typed — a player registered
 * from that address, its right or wrong password; a player whose password strangers got wrong
 * two or three times (the captcha, as the site asks for it); an agent-made account with its
 * temporary password; an account known at another address (the new-address code, read from the
 * site's outbox: the operator's, or the development tools'); a mobile player with the SMS code the page had sent — or forced where the
 * site would not answer so on demand (a lock after ten failures, the code cap, a non-member, the
 * one-second throttle, an expired code or password, a lost network). Captchas are issued by the
 * site; the page's clock is paused when one loads, and its one-second refresh throttle passes
 * when the path says. Needs a site that believes the runner's X-Forwarded-For (TRUST_PROXY; else
 * every path's failures add up on the runner's own address, and the site soon asks it for the
 * captcha), and the development tools to read a captcha's answer (without them a path that must
 * solve one is cut there) and the outbox's codes (or the operator's token).
 */
export const loginPage: PageRegistry<typeof loginMachine> = {
  model: loginPaths,
  cuts: [
    { what: STRANGERS, needs: ['addresses'] },
    { what: NEW_ADDRESS, needs: ['addresses'] },
    { what: SOLVING_CAPTCHA, needs: ['devTools'] },
    { what: MOBILE_PLAYER, needs: ['operator', 'devTools'] },
    { what: READING_CODES, needs: ['operator', 'devTools'] },
  ],
  clock: true,
  start: startLogin,
  states: {
    editing: async (run, { context }) => {
      const form = popup(run);
      const tab = context.tab === 'username' ? 'Username' : 'Mobile';
      await expect(form.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(logInButton(form)).toBeEnabled();
      const captchaBox = form.getByRole('textbox', { name: 'Captcha' });
      if (context.tab === 'username') {
        await expect(form.getByRole('textbox', { name: 'Username' })).toBeVisible();
        if (context.captchaRequired) {
          await expect(captchaBox).toBeVisible();
          await expect(form.getByRole('button', { name: 'Show another captcha' })).toBeEnabled();
          const image = form.getByAltText('Captcha image');
          if (state(run).captcha) await expect(image).toBeVisible();
          else await expect(image).toHaveCount(0);
        } else await expect(captchaBox).toHaveCount(0);
      } else {
        await expect(form.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
        await expect(captchaBox).toHaveCount(0);
      }
      await showsError(form, context.error);
    },
    provingHuman: async (run, { context }) => {
      await expect(
        popup(run).getByRole('button', { name: 'Checking you are human…' }),
      ).toBeDisabled();
      await codeFormStays(run, context.ipVerification);
    },
    submitting: async (run, { context }) => {
      await expect(popup(run).getByRole('button', { name: 'Logging in…' })).toBeDisabled();
      await codeFormStays(run, context.ipVerification);
    },
    loadingCaptcha: async (run, { context }) => {
      const form = popup(run);
      await expect(form.getByRole('textbox', { name: 'Captcha' })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Show another captcha' })).toBeDisabled();
      await showsError(form, context.error);
    },
    ipVerification: async (run, { context }) => {
      const form = popup(run);
      await expect(
        form.getByText('You are logging in from a new place. Enter the code we sent'),
      ).toBeVisible();
      const code = form.getByRole('textbox', { name: 'Verification code' });
      await expect(form.getByRole('button', { name: 'Confirm' })).toBeEnabled();
      await expect(form.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      // The code's own refusals (an empty or wrong code) flag it; the rest are the form's
      // (issue 34, finding 6: src/ui/components/forms/errorFields.ts).
      const codeRefused =
        context.error === 'field_invalid' || errorField(context.error) === 'verificationCode';
      if (codeRefused) await expect(code).toHaveAttribute('aria-invalid', 'true');
      else await expect(code).not.toHaveAttribute('aria-invalid');
      await showsError(form, context.error);
    },
    loggedIn: async (run) => {
      await expect(popup(run)).toBeHidden();
      const { nickname } = state(run).finished;
      if (nickname) await showsMember(run.page, nickname);
      else {
        await expect(
          run.page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }),
        ).toHaveCount(0);
      }
    },
    changePasswordRequired: async (run) => {
      const change = run.page.getByRole('dialog', { name: 'Change password' });
      await expect(change).toBeVisible();
      const { reason } = state(run).finished;
      if (reason) await expect(change.getByText(REASON_TEXTS[reason])).toBeVisible();
      await expect(popup(run)).toBeHidden();
    },
  },
  events: loginDrivers,
};
