import type { PathModel } from '../shared/pathModel';
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
