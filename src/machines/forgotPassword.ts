import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { checkField, type FieldProblem, type FieldRule } from '../shared/fieldRules';
import type {
  ForgotByEmailCodeRequest,
  ForgotByMobileRequest,
  LoginResult,
} from '../shared/identity';
import { errorCodeOf } from './errorCode';

export type ForgotTab = 'email' | 'mobile';
/** The forms: each tab's, and the e-mail reset's second step (the mailed code). */
export type ForgotForm = ForgotTab | 'emailCode';

export interface ForgotPasswordInput {
  /** The registration rule for passwords; the new password must pass it. */
  passwordRule: FieldRule;
}

export interface ForgotPasswordContext extends ForgotPasswordInput {
  tab: ForgotTab;
  /** The last submitted fields (the e-mail step keeps its username and e-mail for step two). */
  fields: Record<string, string>;
  /** Per field name: what is wrong. Empty when the form is valid. */
  errors: Record<string, FieldProblem>;
  error: string | null;
  result: LoginResult | null;
}

export type ForgotPasswordEvent =
  | { type: 'forgot.switchTab'; tab: ForgotTab }
  | { type: 'forgot.submit'; fields: Record<string, string> }
  /** Step two: mail the code again (same username and e-mail). */
  | { type: 'forgot.resend' }
  /** Step two: back to the username and e-mail. */
  | { type: 'forgot.back' };

const rule = (acceptedPattern: string, patternId: string, min: number, max: number) => ({
  acceptedPattern,
  patternId,
  minLength: min,
  maxLength: max,
});
const ANY_VALUE = rule('*', 'LENGTH', 1, 64);
const MAILBOX = rule('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'MAILBOX', 3, 254);
const MOBILE = rule('^[0-9]+$', 'DIGITS', 6, 15);
/** The codes the platform sends: six digits. */
const CODE = rule('^[0-9]+$', 'DIGITS', 6, 6);

/** Validates a forgot-password form; every field the form shows is required. */
export function forgotPasswordErrors(
  form: ForgotForm,
  fields: Record<string, string>,
  passwordRule: FieldRule,
): Record<string, FieldProblem> {
  const rules: Record<ForgotForm, Record<string, FieldRule>> = {
    email: { username: ANY_VALUE, email: MAILBOX },
    emailCode: { verificationCode: CODE, newPassword: passwordRule },
    mobile: { mobileNum: MOBILE, verificationCode: CODE, newPassword: passwordRule },
  };
  const errors: Record<string, FieldProblem> = {};
  for (const [name, fieldRule] of Object.entries(rules[form])) {
    const problem = checkField(fields[name] ?? '', fieldRule, true);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/**
 * Forgot password (spec 4): by e-mail in two steps (the server mails a single-use code to the
 * bound address; the code and a new password then reset it: issue 11), or by mobile code with a
 * new password. Both end logged in with a new session.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    output: {} as LoginResult | null,
  },
  actors: {
    sendResetEmail: fromPromise<void, { username: string; email: string }>(async () => {
      throw new Error('sendResetEmail must be provided');
    }),
    resetByEmailCode: fromPromise<LoginResult, ForgotByEmailCodeRequest>(async () => {
      throw new Error('resetByEmailCode must be provided');
    }),
    resetByMobile: fromPromise<LoginResult, ForgotByMobileRequest>(async () => {
      throw new Error('resetByMobile must be provided');
    }),
  },
  guards: {
    formValid: ({ context, event }) =>
      event.type === 'forgot.submit' &&
      Object.keys(forgotPasswordErrors(context.tab, event.fields, context.passwordRule)).length ===
        0,
    codeFormValid: ({ context, event }) =>
      event.type === 'forgot.submit' &&
      Object.keys(forgotPasswordErrors('emailCode', event.fields, context.passwordRule)).length ===
        0,
    isEmailTab: ({ context }) => context.tab === 'email',
  },
  actions: {
    takeForm: assign(({ context, event }) => {
      if (event.type !== 'forgot.submit') return {};
      const errors = forgotPasswordErrors(context.tab, event.fields, context.passwordRule);
      const valid = Object.keys(errors).length === 0;
      return { fields: { ...event.fields }, errors, error: valid ? null : 'field_invalid' };
    }),
    // Step two: the code and the new password join the username and e-mail of step one.
    takeCodeForm: assign(({ context, event }) => {
      if (event.type !== 'forgot.submit') return {};
      const errors = forgotPasswordErrors('emailCode', event.fields, context.passwordRule);
      const valid = Object.keys(errors).length === 0;
      return {
        fields: { ...context.fields, ...event.fields },
        errors,
        error: valid ? null : 'field_invalid',
      };
    }),
    clearMessages: assign({ errors: {}, error: null }),
    fail: assign((_, code: string) => ({ error: code })),
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'editing',
  context: ({ input }): ForgotPasswordContext => ({
    passwordRule: input.passwordRule,
    tab: 'email',
    fields: {},
    errors: {},
    error: null,
    result: null,
  }),
  // The session the reset opened.
  output: ({ context }) => context.result,
  states: {
    editing: {
      on: {
        'forgot.switchTab': {
          actions: assign(({ event }) => ({ tab: event.tab, errors: {}, error: null })),
        },
        'forgot.submit': [
          { guard: not('formValid'), actions: 'takeForm' },
          { guard: 'isEmailTab', target: 'sendingEmail', actions: 'takeForm' },
          { target: 'resetting', actions: 'takeForm' },
        ],
      },
    },
    sendingEmail: {
      invoke: {
        id: 'sendResetEmail',
        src: 'sendResetEmail',
        input: ({ context }) => ({
          username: context.fields.username ?? '',
          email: context.fields.email ?? '',
        }),
        onDone: { target: 'emailCode', actions: 'clearMessages' },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    // The code is on its way to the mailbox: the member types it with a new password.
    emailCode: {
      on: {
        'forgot.submit': [
          { guard: not('codeFormValid'), actions: 'takeCodeForm' },
          { target: 'resettingByEmail', actions: 'takeCodeForm' },
        ],
        'forgot.resend': { target: 'resendingEmail', actions: 'clearMessages' },
        'forgot.back': { target: 'editing', actions: 'clearMessages' },
      },
    },
    resendingEmail: {
      invoke: {
        id: 'resendResetEmail',
        src: 'sendResetEmail',
        input: ({ context }) => ({
          username: context.fields.username ?? '',
          email: context.fields.email ?? '',
        }),
        onDone: 'emailCode',
        onError: {
          target: 'emailCode',
          actions: { type: 'fail', params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    resettingByEmail: {
      invoke: {
        id: 'resetByEmailCode',
        src: 'resetByEmailCode',
        input: ({ context }) => ({
          username: context.fields.username ?? '',
          verificationCode: context.fields.verificationCode ?? '',
          newPassword: context.fields.newPassword ?? '',
        }),
        onDone: { target: 'loggedIn', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'emailCode',
          actions: { type: 'fail', params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    resetting: {
      invoke: {
        id: 'resetByMobile',
        src: 'resetByMobile',
        input: ({ context }) => ({
          mobileNum: context.fields.mobileNum ?? '',
          countryDialingCode: context.fields.countryDialingCode ?? '',
          verificationCode: context.fields.verificationCode ?? '',
          newPassword: context.fields.newPassword ?? '',
        }),
        onDone: { target: 'loggedIn', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
