import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/http';
import type { CaptchaImage, LoginPortal, LoginRequest, LoginResult } from '../shared/identity';
import { errorCodeOf } from './errorCode';

export type LoginTab = 'username' | 'mobile';
/** What the form submits; the machine adds type, portal and the ALTCHA proof. */
export type LoginFields = Omit<LoginRequest, 'type' | 'portal' | 'altcha'>;

export interface LoginContext {
  tab: LoginTab;
  portal: LoginPortal;
  /** The last submitted fields (plus the IP verification code once asked for). */
  form: Partial<LoginRequest>;
  /** Set by a captcha_required / captcha_invalid answer; the form then shows the captcha box. */
  captchaRequired: boolean;
  captcha: CaptchaImage | null;
  /** True for 1 s after a captcha load: "refresh" is ignored meanwhile. */
  captchaCoolingDown: boolean;
  /** The proof of work for the attempt in flight (password logins only). */
  altcha: string | null;
  error: string | null;
  /** What the failed answer carried (`value`): e.g. until when a time-out keeps the member out. */
  errorValue: unknown;
  result: LoginResult | null;
  /** The server asked for an unregistered-IP verification code. */
  ipVerification: boolean;
}

export type LoginEvent =
  | { type: 'login.switchTab'; tab: LoginTab }
  | { type: 'login.submit'; fields: LoginFields }
  | { type: 'login.refreshCaptcha' }
  | { type: 'login.cancel' };

export interface LoginInput {
  portal: LoginPortal;
}

const MOBILE_PATTERN = /^[0-9]{6,15}$/;
const CAPTCHA_CODES = ['captcha_required', 'captcha_invalid'];

const filled = (value: string | undefined): boolean => (value ?? '') !== '';

/** Whether the fields can be sent: the form checks this before any request. */
export function loginFieldsValid(tab: LoginTab, captchaRequired: boolean, fields: LoginFields) {
  if (tab === 'mobile') {
    return MOBILE_PATTERN.test(fields.mobileNum ?? '') && filled(fields.verificationCode);
  }
  return (
    filled(fields.username) &&
    filled(fields.password) &&
    (!captchaRequired || filled(fields.captcha))
  );
}

/** The request for the attempt: password login by username, or code login by SMS. */
export function loginRequestFrom(
  context: Pick<LoginContext, 'tab' | 'portal' | 'form' | 'captcha' | 'captchaRequired'>,
  altcha?: string,
): LoginRequest {
  const { form } = context;
  const ip = form.ipVerificationCode ? { ipVerificationCode: form.ipVerificationCode } : {};
  if (context.tab === 'mobile') {
    return {
      type: 'sms',
      portal: context.portal,
      mobileNum: form.mobileNum ?? '',
      countryDialingCode: form.countryDialingCode ?? '',
      verificationCode: form.verificationCode ?? '',
      ...ip,
    };
  }
  return {
    type: 'username',
    portal: context.portal,
    username: form.username ?? '',
    password: form.password ?? '',
    ...(context.captchaRequired
      ? { captcha: form.captcha ?? '', captchaId: context.captcha?.captchaId ?? '' }
      : {}),
    ...(altcha === undefined ? {} : { altcha }),
    ...ip,
  };
}

const fail = (code: string) => ({ type: 'fail', params: code }) as const;
const failWithCode = {
  type: 'failWith',
  params: ({ event }: { event: { error: unknown } }) => event.error,
} as const;

/**
 * The login popup (spec 4 "Login"): username + password behind ALTCHA, or mobile + SMS code;
 * a captcha after failures; a code for logins from an unregistered IP.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginResult,
  },
  actors: {
    proveHuman: fromPromise<string>(async () => {
      throw new Error('proveHuman must be provided');
    }),
    submitLogin: fromPromise<LoginResult, LoginRequest>(async () => {
      throw new Error('submitLogin must be provided');
    }),
    loadCaptcha: fromPromise<CaptchaImage>(async () => {
      throw new Error('loadCaptcha must be provided');
    }),
  },
  guards: {
    formValid: ({ context, event }) =>
      event.type === 'login.submit' &&
      loginFieldsValid(context.tab, context.captchaRequired, event.fields),
    ipCodeGiven: ({ event }) =>
      event.type === 'login.submit' && filled(event.fields.ipVerificationCode),
    isMobileTab: ({ context }) => context.tab === 'mobile',
    verifyingIp: ({ context }) => context.ipVerification,
    captchaCoolingDown: ({ context }) => context.captchaCoolingDown,
    canRefreshCaptcha: ({ context }) => context.captchaRequired && !context.captchaCoolingDown,
    needsPasswordChange: ({ context }, result: LoginResult) =>
      context.tab !== 'mobile' && (result.defaultPassword || result.passwordExpired),
    // Spec 4: a failed login whose answer carries the captcha flag shows the captcha box.
    isCaptchaError: (_, error: unknown) =>
      CAPTCHA_CODES.includes(errorCodeOf(error)) ||
      (error instanceof ApiError &&
        (error.value as { captcha?: boolean } | null)?.captcha === true),
    isIpVerificationRequest: (_, code: string) => code === 'ip_verification_required',
    isWrongIpCode: ({ context }, code: string) =>
      context.ipVerification && code.startsWith('verification_code_'),
  },
  actions: {
    fail: assign((_, code: string) => ({ error: code, errorValue: null })),
    failWith: assign((_, error: unknown) => ({
      error: errorCodeOf(error),
      errorValue: error instanceof ApiError ? error.value : null,
    })),
    takeForm: assign(({ event }) =>
      event.type === 'login.submit' ? { form: { ...event.fields }, error: null, altcha: null } : {},
    ),
    takeIpCode: assign(({ context, event }) =>
      event.type === 'login.submit'
        ? {
            form: { ...context.form, ipVerificationCode: event.fields.ipVerificationCode },
            error: null,
            altcha: null,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'login',
  initial: 'editing',
  context: ({ input }) => ({
    tab: 'username',
    portal: input.portal,
    form: {},
    captchaRequired: false,
    captcha: null,
    captchaCoolingDown: false,
    altcha: null,
    error: null,
    errorValue: null,
    result: null,
    ipVerification: false,
  }),
  output: ({ context }) => {
    if (!context.result) throw new Error('login finished without a result');
    return context.result;
  },
  states: {
    editing: {
      entry: assign({ ipVerification: false }),
      // Ends the captcha refresh throttle 1 s after the load that started it.
      after: {
        1000: { guard: 'captchaCoolingDown', actions: assign({ captchaCoolingDown: false }) },
      },
      on: {
        'login.switchTab': { actions: assign(({ event }) => ({ tab: event.tab, error: null })) },
        'login.refreshCaptcha': { guard: 'canRefreshCaptcha', target: 'loadingCaptcha' },
        'login.submit': [
          { guard: not('formValid'), actions: fail('field_invalid') },
          // Spec: no human verification for SMS login.
          { guard: 'isMobileTab', target: 'submitting', actions: 'takeForm' },
          { target: 'provingHuman', actions: 'takeForm' },
        ],
      },
    },
    // Fetches and solves the ALTCHA challenge.
    provingHuman: {
      invoke: {
        id: 'proveHuman',
        src: 'proveHuman',
        onDone: { target: 'submitting', actions: assign({ altcha: ({ event }) => event.output }) },
        onError: [
          { guard: 'verifyingIp', target: 'ipVerification', actions: fail('challenge_failed') },
          { target: 'editing', actions: fail('challenge_failed') },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => loginRequestFrom(context, context.altcha ?? undefined),
        onDone: [
          {
            guard: { type: 'needsPasswordChange', params: ({ event }) => event.output },
            target: 'changePasswordRequired',
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: 'loggedIn', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: {
              type: 'isCaptchaError',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'loadingCaptcha',
            actions: [assign({ captchaRequired: true }), failWithCode],
          },
          {
            guard: {
              type: 'isIpVerificationRequest',
              params: ({ event }) => errorCodeOf(event.error),
            },
            target: 'ipVerification',
            actions: assign({ ipVerification: true, error: null }),
          },
          {
            guard: { type: 'isWrongIpCode', params: ({ event }) => errorCodeOf(event.error) },
            target: 'ipVerification',
            actions: failWithCode,
          },
          { target: 'editing', actions: failWithCode },
        ],
      },
    },
    loadingCaptcha: {
      invoke: {
        id: 'loadCaptcha',
        src: 'loadCaptcha',
        onDone: {
          target: 'editing',
          actions: assign({ captcha: ({ event }) => event.output, captchaCoolingDown: true }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: 'unknown_error', captchaCoolingDown: true }),
        },
      },
    },
    // Login from an unregistered IP: the user enters the code sent to the bound mobile/e-mail.
    ipVerification: {
      on: {
        'login.submit': [
          { guard: not('ipCodeGiven'), actions: fail('field_invalid') },
          { guard: 'isMobileTab', target: 'submitting', actions: 'takeIpCode' },
          { target: 'provingHuman', actions: 'takeIpCode' },
        ],
        'login.cancel': { target: 'editing', actions: assign({ error: null }) },
      },
    },
    loggedIn: { type: 'final' },
    // The account must change its default or expired password before playing.
    changePasswordRequired: { type: 'final' },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
