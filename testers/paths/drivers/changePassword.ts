import { expect } from '@playwright/test';
import type { PageRegistry, PathRun } from '../registry';
import { logInPlayer } from '../siteActions';
import type { changePasswordMachine } from '../../../src/machines/changePassword';
import { changePasswordPaths } from '../../../src/machines/changePassword.paths';
import { errorField } from '../../../src/ui/components/forms/errorFields';

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
      // A field is flagged by the form's own check, or by a refusal that belongs to it (a
      // wrong current password: issue 34, finding 6, src/ui/components/forms/errorFields.ts).
      const refused = errorField(snapshot.context.error);
      for (const [field, label] of Object.entries(FIELDS)) {
        const box = form.getByRole('textbox', { name: label, exact: true });
        if (snapshot.context.errors[field] || refused === field)
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
