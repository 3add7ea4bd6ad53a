import type { PathModel } from '../shared/pathModel';
import { ApiError } from '../api/http';
import type { FieldRule, FieldSetting } from '../shared/fieldRules';
import type { LoginResult } from '../shared/identity';
import { registrationMachine, type RegistrationTab } from './registration';

const rule = (acceptedPattern: string, patternId: string, minLength: number, maxLength: number) =>
  ({ acceptedPattern, patternId, minLength, maxLength }) satisfies FieldRule;
const shown: FieldSetting = { enabled: true, required: false };
/** The shipped configuration (config/platform.json): its enabled fields, both tabs offered. */
const input = {
  settings: {
    username: { enabled: true, required: true },
    password: { enabled: true, required: true },
    payeeName: shown,
    email: shown,
    mobileNum: shown,
    affiliateCode: shown,
  },
  rules: {
    username: rule('^[A-Za-z][A-Za-z0-9]*$', 'LETTER_FIRST_ALNUM', 4, 16),
    password: rule('^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$', 'LETTERS_AND_DIGITS', 6, 20),
    payeeName: rule('^[A-Za-z ]+$', 'ENGLISH_SPACES', 2, 40),
    email: rule('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'MAILBOX', 5, 60),
    mobileNum: rule('^[0-9]+$', 'DIGITS', 6, 15),
    affiliateCode: rule('^[A-Za-z0-9]+$', 'ALNUM', 4, 16),
  },
  referralCode: null,
  mobileEnabled: true,
};

/** What each tab's form sends, filled in: the optional fields left empty, as the page sends them. */
const filled: Record<RegistrationTab, Record<string, string>> = {
  username: { username: 'alice1', password: 'secret1', confirmPassword: 'secret1' },
  mobile: {
    ...{ countryDialingCode: '84', mobileNum: '912345678', verificationCode: '123456' },
    ...{ password: 'secret1', confirmPassword: 'secret1' },
  },
};
/** The optional fields, left empty as the page sends them. */
const optional = { payeeName: '', email: '', affiliateCode: '' };
const blank = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.keys(fields).map((name) => [name, name === 'countryDialingCode' ? '84' : '']),
  );
const result: LoginResult = {
  ...{ token: 'token-1', firstTimeLogin: true, passwordExpired: false, defaultPassword: false },
};
const refused = (label: string, code: string, status: number | null) => ({
  label: `submitRegistration.error:${label}`,
  event: {
    type: 'xstate.error.actor.submitRegistration',
    error: new ApiError(code, code, status),
  },
});

/**
 * The register popup's paths (issue 15): both tabs, filled in right, left empty, or with the
 * passwords differing and the terms unticked; an invitation code that the server accepts,
 * refuses or cannot check (the same dialog, dismissed); the proof of work failing; the server's
 * answers (a taken name, its own proof check, a network failure; on the mobile tab a taken
 * number, a wrong or expired SMS code).
 */
export const registrationPaths: PathModel<typeof registrationMachine> = {
  id: 'registration',
  machine: registrationMachine,
  input,
  // What the form shows: the tab, the flagged fields, the error message.
  key: ({ value, context: c, status }) =>
    status === 'active'
      ? [String(value), c.tab, Object.keys(c.errors).sort().join(','), c.error ?? '']
          .filter(Boolean)
          .join('#')
      : String(value),
  events: ({ value, context: { tab, fields: kept } }) => {
    // The page sends back the invitation link's referral code (a hidden field; '' without one).
    const referralCode = kept.referralCode ?? '';
    const submit = (label: string, fields: Record<string, string>, acceptedTerms = true) => ({
      label,
      event: {
        type: 'register.submit',
        fields: { ...optional, referralCode, ...fields },
        acceptedTerms,
      },
    });
    switch (value) {
      case 'editing':
        return [
          {
            label: 'switchTab',
            event: { type: 'register.switchTab', tab: tab === 'username' ? 'mobile' : 'username' },
          },
          submit('submit', filled[tab]),
          submit('submit:affiliateCode', { ...filled[tab], affiliateCode: 'AGENT1' }),
          submit('submit:empty', blank(filled[tab]), false),
          submit('submit:inconsistent', { ...filled[tab], confirmPassword: 'secret2' }, false),
        ];
      case 'checkingAffiliate':
        // The page's check answers true or fails: it never answers false.
        return [
          {
            label: 'checkAffiliate.done',
            event: { type: 'xstate.done.actor.checkAffiliate', output: true },
          },
          {
            label: 'checkAffiliate.error:invitationCodeError',
            event: {
              type: 'xstate.error.actor.checkAffiliate',
              error: new ApiError('invitation_code_error', 'Invalid invitation code.', 400),
            },
          },
          {
            label: 'checkAffiliate.error:network',
            event: {
              type: 'xstate.error.actor.checkAffiliate',
              error: new ApiError('network_error', 'offline', null),
            },
          },
        ];
      case 'affiliateRejected':
        return [{ label: 'dismiss', event: { type: 'register.dismiss' } }];
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
      case 'submitting': {
        const done = {
          label: 'submitRegistration.done',
          event: { type: 'xstate.done.actor.submitRegistration', output: result },
        };
        if (tab === 'mobile') {
          return [
            done,
            refused('mobileTaken', 'mobile_taken', 409),
            refused('verificationCodeInvalid', 'verification_code_invalid', 400),
            refused('verificationCodeExpired', 'verification_code_expired', 400),
          ];
        }
        return [
          done,
          refused('usernameTaken', 'username_taken', 409),
          // The server's own check of the proof (spent or out of time).
          refused('challengeFailed', 'challenge_failed', 400),
          refused('network', 'network_error', null),
        ];
      }
      default:
        return [];
    }
  },
};
