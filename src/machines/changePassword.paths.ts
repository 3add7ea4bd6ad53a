import { expect } from '@playwright/test';
import type { PathModel } from '../../testers/paths/model';
import type { PageRegistry, PathRun } from '../../testers/paths/registry';
import { logInPlayer } from '../../testers/paths/siteActions';
import { ApiError } from '../api/http';
import { DEFAULT_PASSWORD_RULE } from '../shared/fieldRules';
import { changePasswordMachine } from './changePassword';

const SUBMIT = {
  type: 'password.submit',
  ...{ oldPassword: 'old1234', newPassword: 'fresh123', confirmNewPassword: 'fresh123' },
};
const ERROR = 'xstate.error.actor.submitChange';

/**
 * The change-password form's paths (issue 15): a valid form, a new password typed differently
 * twice, or an empty old password with a new one too short; the server answers with the new
 * session, or refuses the old password, refuses the new one by its own rule, or cannot be
 * reached (each shown as its own message), and the member submits again.
 */
export const changePasswordPaths: PathModel<typeof changePasswordMachine> = {
  id: 'changePassword',
  machine: changePasswordMachine,
  // The member's own choice: the old password is typed, so the form checks it too.
  input: { passwordRule: DEFAULT_PASSWORD_RULE, requireOld: true },
  // What the form shows: the flagged fields and the server's error code.
  key: ({ value, context }) =>
    [String(value), Object.keys(context.errors).sort().join(), context.error ?? ''].join('#'),
  events: ({ value }) => {
    switch (value) {
      case 'editing':
        return [
          { label: 'submit', event: SUBMIT },
          { label: 'submit:mismatch', event: { ...SUBMIT, confirmNewPassword: 'fresh124' } },
          {
            label: 'submit:invalid',
            event: {
              ...SUBMIT,
              oldPassword: '',
              newPassword: 'short',
              confirmNewPassword: 'short',
            },
          },
        ];
      case 'submitting':
        return [
          {
            label: 'submitChange.done',
            event: {
              type: 'xstate.done.actor.submitChange',
              output: {
                ...{ token: 'token-3', firstTimeLogin: false },
                ...{ passwordExpired: false, defaultPassword: false },
              },
            },
          },
          {
            label: 'submitChange.error:oldPasswordWrong',
            event: {
              type: ERROR,
              error: new ApiError(
                'old_password_wrong',
                'The current password is not correct.',
                400,
              ),
            },
          },
          {
            label: 'submitChange.error:fieldInvalid',
            event: {
              type: ERROR,
              error: new ApiError(
                'field_invalid',
                'newPassword: pattern (LETTERS_AND_DIGITS, 6-20)',
                400,
              ),
            },
          },
          {
            label: 'submitChange.error:network',
            event: {
              type: ERROR,
              error: new ApiError(
                'network_error',
                'Network link abnormal, please try again.',
                null,
              ),
            },
          },
        ];
      default:
        return [];
    }
  },
};

const CHANGE_URL = '**/wps/member/password';
const FIELDS = {
  oldPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
} as const;
const ERROR_TEXTS: Record<string, string> = {
  old_password_wrong: 'The current password is not correct.',
  field_invalid: 'Please fill in the fields correctly.',
  network_error: 'Network link abnormal, please try again.',
};

const popup = (run: PathRun) => run.page.getByRole('dialog', { name: 'Change password' });

/** The member's current password, kept per path (it changes when a path changes it). */
const passwords = new WeakMap<PathRun, string>();

/**
 * On the site: a fresh player logs in and opens "Change password" in the member centre. The
 * submit is held at the network (for the paths that reach the server) until the next step
 * says how it is answered: the real site (a right or, typed on purpose, a wrong current
 * password), a refusal of the new password by the server's own rule, or no network.
 */
export const changePasswordPage: PageRegistry<typeof changePasswordMachine> = {
  model: changePasswordPaths,
  start: async (run) => {
    const account = await run.account('player');
    passwords.set(run, account.password);
    await logInPlayer(run.page, account);
    await run.page.goto('/member');
    await run.page.getByRole('button', { name: 'Change password' }).click();
  },
  states: {
    editing: async (run, snapshot) => {
      const form = popup(run);
      await expect(form.getByRole('button', { name: 'Change password' })).toBeEnabled();
      for (const [field, label] of Object.entries(FIELDS)) {
        const box = form.getByRole('textbox', { name: label, exact: true });
        if (snapshot.context.errors[field])
          await expect(box).toHaveAttribute('aria-invalid', 'true');
        else await expect(box).not.toHaveAttribute('aria-invalid');
      }
      const error = snapshot.context.error;
      if (error)
        await expect(
          form.getByRole('alert').filter({ hasText: ERROR_TEXTS[error]! }),
        ).toBeVisible();
    },
    submitting: async (run) => {
      await expect(popup(run).getByRole('button', { name: 'Loading…' })).toBeDisabled();
    },
    changed: async (run) => {
      await expect(popup(run)).toBeHidden();
      await expect(
        run.page.getByRole('banner').getByRole('button', { name: 'Log in' }),
      ).toHaveCount(0);
    },
  },
  events: {
    submit: async (run, step) => {
      // The server's answer is the real one for a right current password or, when the path
      // wants it refused, a wrong one typed on purpose.
      const wrong = step.next[0] === 'submitChange.error:oldPasswordWrong';
      await fill(run, {
        oldPassword: wrong ? 'wrong9999' : passwords.get(run)!,
        newPassword: 'fresh123',
        confirmNewPassword: 'fresh123',
      });
      await run.hold(CHANGE_URL);
      await popup(run).getByRole('button', { name: 'Change password' }).click();
    },
    'submit:mismatch': async (run) => {
      await fill(run, {
        oldPassword: passwords.get(run)!,
        newPassword: 'fresh123',
        confirmNewPassword: 'fresh124',
      });
      await popup(run).getByRole('button', { name: 'Change password' }).click();
    },
    'submit:invalid': async (run) => {
      await fill(run, { oldPassword: '', newPassword: 'short', confirmNewPassword: 'short' });
      await popup(run).getByRole('button', { name: 'Change password' }).click();
    },
    'submitChange.done': async (run) => {
      await run.release(CHANGE_URL, 'continue');
      passwords.set(run, 'fresh123');
    },
    'submitChange.error:oldPasswordWrong': async (run) => {
      await run.release(CHANGE_URL, 'continue');
    },
    'submitChange.error:fieldInvalid': async (run) => {
      await run.release(CHANGE_URL, {
        status: 400,
        json: {
          success: false,
          value: null,
          code: 'field_invalid',
          message: 'newPassword: pattern',
        },
      });
    },
    'submitChange.error:network': async (run) => {
      await run.release(CHANGE_URL, 'abort');
    },
  },
};

async function fill(run: PathRun, values: Record<keyof typeof FIELDS, string>) {
  const form = popup(run);
  for (const [field, label] of Object.entries(FIELDS)) {
    await form
      .getByRole('textbox', { name: label, exact: true })
      .fill(values[field as keyof typeof FIELDS]);
  }
}
