import type { PathModel } from '../shared/pathModel';
import { ApiError } from '../api/http';
import type { LoginResult } from '../shared/identity';
import { loginMachine } from './login';

const COOLED = 'xstate.after.1000.login.editing';

const result = (flags: Partial<LoginResult> = {}): LoginResult => ({
  ...{ token: 'token-1', firstTimeLogin: false, passwordExpired: false, defaultPassword: false },
  ...flags,
});
/** A refused login as the server answers it; `captcha` is the flag that asks for the captcha. */
const refused = (label: string, code: string, status: number | null, captcha?: boolean) => ({
  label: `submitLogin.error:${label}`,
  event: {
    type: 'xstate.error.actor.submitLogin',
    error: new ApiError(code, code, status, captcha === undefined ? null : { captcha }),
  },
});
const loggedIn = (label: string, output: LoginResult) => ({
  label,
  event: { type: 'xstate.done.actor.submitLogin', output },
});

/**
 * The login popup's paths (issue 15): the username tab behind the proof of work, with each
 * answer the form shows differently (wrong password, the captcha asked for or failed, the
 * lockout, a non-member, the one-second throttle, the new-address code and its cap, a network
 * failure), a default or expired password, the captcha and its one-second refresh throttle, the
 * code for a login from a new address; the mobile tab with its SMS code answers.
 */
export const loginPaths: PathModel<typeof loginMachine> = {
  id: 'login',
  machine: loginMachine,
  input: { portal: 'player' },
  // What the form shows and what decides where the next event leads: the tab, the captcha box,
  // the new-address code, the error message. The refresh throttle (the second after each
  // captcha load) only on the username form, where the refresh is: elsewhere the form is back
  // cooling down, and the path waits out the second before it refreshes. A finished login is
  // the same page whatever led there.
  key: ({ value, context: c, status }) => {
    if (status !== 'active') return String(value);
    const cooling = value === 'editing' && c.tab === 'username' && c.captchaCoolingDown;
    const captcha = c.captchaRequired ? (cooling ? 'captcha:cooling' : 'captcha') : '';
    return [String(value), c.tab, captcha, c.ipVerification ? 'ip' : '', c.error ?? '']
      .filter(Boolean)
      .join('#');
  },
  events: ({ value, context: { tab, captchaRequired, ipVerification } }) => {
    switch (value) {
      case 'editing': {
        const switchTab = {
          label: 'switchTab',
          event: { type: 'login.switchTab', tab: tab === 'username' ? 'mobile' : 'username' },
        };
        const cooled = { label: 'captchaCooled', event: { type: COOLED } };
        if (tab === 'mobile') {
          return [
            switchTab,
            {
              label: 'submit',
              event: {
                type: 'login.submit',
                fields: {
                  countryDialingCode: '84',
                  mobileNum: '912345678',
                  verificationCode: '123456',
                },
              },
            },
            {
              label: 'submit:empty',
              event: {
                type: 'login.submit',
                fields: { countryDialingCode: '84', mobileNum: '', verificationCode: '' },
              },
            },
            cooled,
          ];
        }
        const captcha = captchaRequired ? { captcha: 'ab12' } : {};
        return [
          switchTab,
          {
            label: 'submit',
            event: {
              type: 'login.submit',
              fields: { username: 'alice', password: 'secret1', ...captcha },
            },
          },
          {
            label: 'submit:empty',
            event: {
              type: 'login.submit',
              fields: { username: '', password: '', ...(captchaRequired ? { captcha: '' } : {}) },
            },
          },
          // The refresh is the captcha image itself: only there when the box is.
          ...(captchaRequired
            ? [{ label: 'refreshCaptcha', event: { type: 'login.refreshCaptcha' } }]
            : []),
          cooled,
        ];
      }
      case 'provingHuman':
        return [
          {
            label: 'proveHuman.done',
            event: { type: 'xstate.done.actor.proveHuman', output: 'altcha-payload' },
          },
          {
            label: 'proveHuman.error',
            event: {
              type: 'xstate.error.actor.proveHuman',
              error: new Error('challenge unavailable'),
            },
          },
        ];
      case 'submitting':
        if (tab === 'mobile') {
          // No proof of work, no captcha and no new-address code for SMS logins (the server's
          // rules); a default password does not force a change here.
          const common = [
            loggedIn('submitLogin.done', result()),
            refused('verificationCodeInvalid', 'verification_code_invalid', 400),
          ];
          // A captcha left asked for by the username tab: a login and a failure show that it
          // stays asked for; the other messages are the same as without it.
          if (captchaRequired) return common;
          return [
            ...common,
            loggedIn('submitLogin.done:defaultPassword', result({ defaultPassword: true })),
            refused('verificationCodeExpired', 'verification_code_expired', 400),
            // No account has this number.
            refused('invalidCredentials', 'invalid_credentials', 401, false),
          ];
        }
        if (ipVerification) {
          // The same request again with the code sent to the account's mobile or e-mail.
          return [
            loggedIn('submitLogin.done', result()),
            refused('verificationCodeInvalid', 'verification_code_invalid', 400),
            refused('verificationCodeExpired', 'verification_code_expired', 400),
          ];
        }
        if (captchaRequired) {
          // Once the captcha is asked for, every failure asks for it again (a new image).
          return [
            loggedIn('submitLogin.done', result()),
            loggedIn('submitLogin.done:defaultPassword', result({ defaultPassword: true })),
            refused('invalidCredentials', 'invalid_credentials', 401, true),
            refused('captchaInvalid', 'captcha_invalid', 400, true),
            refused('accountLocked', 'account_locked', 429, true),
          ];
        }
        return [
          loggedIn('submitLogin.done', result()),
          loggedIn('submitLogin.done:defaultPassword', result({ defaultPassword: true })),
          loggedIn('submitLogin.done:passwordExpired', result({ passwordExpired: true })),
          refused('invalidCredentials', 'invalid_credentials', 401, false),
          // The third failure: the answer's flag asks for the captcha from now on.
          refused('invalidCredentials:captchaNext', 'invalid_credentials', 401, true),
          refused('captchaRequired', 'captcha_required', 400, true),
          refused('accountLocked', 'account_locked', 429, true),
          refused('ipVerificationRequired', 'ip_verification_required', 403, false),
          refused('tooManyRequests', 'too_many_requests', 429),
          refused('notMember', 'not_member', 403),
          refused('throttled', 'throttled', 429),
          refused('network', 'network_error', null),
        ];
      case 'loadingCaptcha':
        return [
          {
            label: 'loadCaptcha.done',
            event: {
              type: 'xstate.done.actor.loadCaptcha',
              output: { captchaId: 'c-1', image: 'data:image/svg+xml,<svg/>' },
            },
          },
          {
            label: 'loadCaptcha.error',
            event: {
              type: 'xstate.error.actor.loadCaptcha',
              error: new ApiError('network_error', 'offline', null),
            },
          },
        ];
      case 'ipVerification':
        return [
          {
            label: 'submit',
            event: { type: 'login.submit', fields: { ipVerificationCode: '654321' } },
          },
          {
            label: 'submit:empty',
            event: { type: 'login.submit', fields: { ipVerificationCode: '' } },
          },
          { label: 'cancel', event: { type: 'login.cancel' } },
        ];
      default:
        return [];
    }
  },
  notDriven: {
    'login.refreshCaptcha':
      'sent only where the page shows the captcha image (username tab, captcha asked for)',
  },
};
