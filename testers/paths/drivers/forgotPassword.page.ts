import { expect } from '@playwright/test';
import { expectFlagged, expectFormError } from '../pageChecks';
import type { PageRegistry, PathRun } from '../registry';
import { READING_CODES, showsMember } from '../siteActions';
import type { forgotPasswordMachine } from '../../../src/machines/forgotPassword';
import { forgotPasswordPaths } from '../../../src/machines/forgotPassword.paths';
import { errorField } from '../../../src/ui/components/forms/errorFields';
import {
  CODE_FIELDS,
  forgotPasswordDrivers,
  popupOf,
  sceneOf,
  startForgot,
  tabName,
} from './forgotPassword';

/**
 * What the forgot-password popup must show in each state of its paths (issue 15), and the
 * registry that puts the checks together with the drivers (forgotPassword.ts)
 * and the model (src/machines/forgotPassword.paths.ts).
 */

/** The popup's message for each error the machine keeps. */
const ERROR_TEXTS: Record<string, string> = {
  field_invalid: 'Please fill in the fields correctly.',
  email_mismatch: 'Username/email does not exist.',
  too_many_requests: 'Too many requests. Please try again later.',
  network_error: 'Network link abnormal, please try again.',
  verification_code_invalid: 'Invalid or missing verification code.',
  verification_code_expired: 'The code has expired. Please send it again.',
  // Anything else the page cannot name.
  unknown_error: 'Unknown error.',
};

/** The first form's fields of each tab, by their labels. */
const TAB_FIELDS = {
  email: { username: 'Username', email: 'E-mail' },
  mobile: {
    mobileNum: 'Mobile number',
    verificationCode: 'Verification code',
    newPassword: 'New password',
  },
} as const;

/**
 * A form's fields flagged as the machine says: by the form's own check (whose `field_invalid`
 * then shows no message of its own), or by a refusal that belongs to the field (issue 34,
 * finding 6: src/ui/components/forms/errorFields.ts).
 */
async function showsProblems(
  popup: ReturnType<typeof popupOf>,
  fields: Record<string, string>,
  { errors, error }: { errors: Record<string, unknown>; error: string | null },
) {
  const refused = errorField(error);
  await Promise.all([
    expectFlagged(
      new Map(
        Object.entries(fields).map(([field, label]) => [
          popup.getByRole('textbox', { name: label, exact: true }),
          Boolean(errors[field]) || refused === field,
        ]),
      ),
    ),
    expectFormError(popup, ERROR_TEXTS, error === 'field_invalid' ? null : error),
  ]);
}

const busy = async (run: PathRun) => {
  await expect(popupOf(run.page).getByRole('button', { name: 'Loading…' })).toBeDisabled();
};

/**
 * On the site: the forgot-password popup, opened from the login popup as a visitor would. The
 * e-mail tab asks for a player registered for the path (through the site's API), and reads
 * the mailed code from the site's outbox (the operator's with --ops-token, else the
 * development tools'; a run with neither is cut where it needs a code); the mobile tab resets a player
 * registered by mobile for the path, with the SMS code from the outbox. A wrong address or
 * code is typed for real; what nobody can cause on demand is forced at the network: a rate
 * limit, an expired code, a lost network. Each call is held until the path says how it is
 * answered, so the busy states can be seen.
 */
export const forgotPasswordPage: PageRegistry<typeof forgotPasswordMachine> = {
  model: forgotPasswordPaths,
  cuts: [{ what: READING_CODES, needs: ['operator', 'devTools'] }],
  start: startForgot,
  states: {
    editing: async (run, { context }) => {
      const popup = popupOf(run.page);
      await expect(popup.getByRole('tab', { name: tabName(context.tab) })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const submit = context.tab === 'email' ? 'Send' : 'Reset password';
      await expect(popup.getByRole('button', { name: submit, exact: true })).toBeEnabled();
      await showsProblems(popup, TAB_FIELDS[context.tab], context);
    },
    sendingEmail: busy,
    emailCode: async (run, { context }) => {
      const popup = popupOf(run.page);
      await expect(popup.getByRole('status')).toContainText(
        `We sent a code to ${sceneOf(run).account?.email}.`,
      );
      await Promise.all(
        ['Reset password', 'Send the code again', 'Change username or e-mail'].map((name) =>
          expect(popup.getByRole('button', { name })).toBeEnabled(),
        ),
      );
      await showsProblems(popup, CODE_FIELDS, context);
    },
    resendingEmail: async (run) => {
      await busy(run);
      await expect(
        popupOf(run.page).getByRole('button', { name: 'Send the code again' }),
      ).toBeDisabled();
    },
    resettingByEmail: async (run) => {
      await busy(run);
      await expect(popupOf(run.page).getByRole('status')).toContainText('We sent a code to');
    },
    resetting: busy,
    loggedIn: async (run) => {
      await expect(popupOf(run.page)).toBeHidden({ timeout: 15_000 });
      await showsMember(run.page, sceneOf(run).name!);
    },
  },
  events: forgotPasswordDrivers,
};
