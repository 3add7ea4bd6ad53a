import type { PathModel } from '../shared/pathModel';
import { ApiError } from '../api/http';
import { DEFAULT_PASSWORD_RULE } from '../shared/fieldRules';
import type { LoginResult } from '../shared/identity';
import { forgotPasswordMachine } from './forgotPassword';

const result: LoginResult = {
  ...{ token: 'token-2', firstTimeLogin: false, passwordExpired: false, defaultPassword: false },
};
const failure = (actor: string, label: string, code: string, status: number | null) => ({
  label: `${actor}.error:${label}`,
  event: { type: `xstate.error.actor.${actor}`, error: new ApiError(code, code, status) },
});
const done = (actor: string, output: unknown) => ({
  label: `${actor}.done`,
  event: { type: `xstate.done.actor.${actor}`, output },
});
const submit = (label: string, fields: Record<string, string>) => ({
  label,
  event: { type: 'forgot.submit', fields },
});
const mobileForm = { countryDialingCode: '84', mobileNum: '912345678', verificationCode: '123456' };

/**
 * The forgot-password popup's paths (issue 15): by e-mail in two steps (the username and
 * address, refused or rate limited; then the mailed code and a new password, wrong, expired or
 * too weak; a resend; back to the address) or by mobile code with a new password; a network
 * failure at each call; both end logged in.
 */
export const forgotPasswordPaths: PathModel<typeof forgotPasswordMachine> = {
  id: 'forgotPassword',
  machine: forgotPasswordMachine,
  input: { passwordRule: DEFAULT_PASSWORD_RULE },
  // What the form shows: the tab of the first form, the error message, and on the code form
  // (the only one that flags fields one by one) the flagged fields. The calls in flight belong
  // to one tab each.
  key: ({ value, context: c, status }) => {
    if (status !== 'active') return String(value);
    const flagged = value === 'emailCode' ? Object.keys(c.errors).sort().join(',') : '';
    return [String(value), value === 'editing' ? c.tab : '', flagged, c.error ?? '']
      .filter(Boolean)
      .join('#');
  },
  events: ({ value, context: { tab } }) => {
    switch (value) {
      case 'editing':
        return [
          {
            label: 'switchTab',
            event: { type: 'forgot.switchTab', tab: tab === 'email' ? 'mobile' : 'email' },
          },
          ...(tab === 'email'
            ? [
                submit('submit', { username: 'alice1', email: 'alice@example.com' }),
                submit('submit:empty', { username: '', email: '' }),
              ]
            : [
                submit('submit', { ...mobileForm, newPassword: 'fresh123' }),
                submit('submit:empty', {
                  ...{ countryDialingCode: '84', mobileNum: '', verificationCode: '' },
                  newPassword: '',
                }),
              ]),
        ];
      case 'sendingEmail':
        return [
          done('sendResetEmail', undefined),
          failure('sendResetEmail', 'emailMismatch', 'email_mismatch', 400),
          failure('sendResetEmail', 'tooManyRequests', 'too_many_requests', 429),
          failure('sendResetEmail', 'network', 'network_error', null),
        ];
      case 'emailCode':
        return [
          submit('submit', { verificationCode: '123456', newPassword: 'fresh123' }),
          submit('submit:empty', { verificationCode: '', newPassword: '' }),
          submit('submit:weakPassword', { verificationCode: '123456', newPassword: 'freshpass' }),
          { label: 'resend', event: { type: 'forgot.resend' } },
          { label: 'back', event: { type: 'forgot.back' } },
        ];
      case 'resendingEmail':
        return [
          done('resendResetEmail', undefined),
          failure('resendResetEmail', 'tooManyRequests', 'too_many_requests', 429),
          failure('resendResetEmail', 'network', 'network_error', null),
        ];
      case 'resettingByEmail':
        return [
          done('resetByEmailCode', result),
          failure('resetByEmailCode', 'verificationCodeInvalid', 'verification_code_invalid', 400),
          failure('resetByEmailCode', 'verificationCodeExpired', 'verification_code_expired', 400),
          failure('resetByEmailCode', 'network', 'network_error', null),
        ];
      case 'resetting':
        return [
          done('resetByMobile', result),
          failure('resetByMobile', 'verificationCodeInvalid', 'verification_code_invalid', 400),
          failure('resetByMobile', 'verificationCodeExpired', 'verification_code_expired', 400),
          failure('resetByMobile', 'network', 'network_error', null),
        ];
      default:
        return [];
    }
  },
};
