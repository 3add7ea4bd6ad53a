import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/http';
import { checkField, type FieldProblem, type FieldRule } from '../shared/fieldRules';
import type { ForgotByMobileRequest, LoginResult } from '../shared/identity';

export type ForgotTab = 'email' | 'mobile';

export interface ForgotPasswordInput {
  /** The registration rule for passwords; the new password must pass it. */
  passwordRule: FieldRule;
}

export interface ForgotPasswordContext extends ForgotPasswordInput {
  tab: ForgotTab;
  /** The last submitted fields. */
  fields: Record<string, string>;
  /** Per field name: what is wrong. Empty when the form is valid. */
  errors: Record<string, FieldProblem>;
  error: string | null;
  result: LoginResult | null;
}

export type ForgotPasswordEvent =
  | { type: 'forgot.switchTab'; tab: ForgotTab }
  | { type: 'forgot.submit'; fields: Record<string, string> };

const rule = (acceptedPattern: string, patternId: string, min: number, max: number) => ({
  acceptedPattern,
  patternId,
  minLength: min,
  maxLength: max,
});
const ANY_VALUE = rule('*', 'LENGTH', 1, 64);
const MAILBOX = rule('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'MAILBOX', 3, 254);
const MOBILE = rule('^[0-9]+$', 'DIGITS', 6, 15);

/** Validates a forgot-password form; every field shown on the tab is required. */
export function forgotPasswordErrors(
  tab: ForgotTab,
  fields: Record<string, string>,
  passwordRule: FieldRule,
): Record<string, FieldProblem> {
  const rules: Record<string, FieldRule> =
    tab === 'email'
      ? { username: ANY_VALUE, email: MAILBOX }
      : { mobileNum: MOBILE, verificationCode: ANY_VALUE, newPassword: passwordRule };
  const errors: Record<string, FieldProblem> = {};
  for (const [name, fieldRule] of Object.entries(rules)) {
    const problem = checkField(fields[name] ?? '', fieldRule, true);
    if (problem) errors[name] = problem;
  }
  return errors;
}

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'unknown_error');

/**
 * Forgot password (spec 4): by e-mail (the server mails a temporary password), or by mobile
 * code with a new password (the server answers with a session).
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
    resetByMobile: fromPromise<LoginResult, ForgotByMobileRequest>(async () => {
      throw new Error('resetByMobile must be provided');
    }),
  },
  guards: {
    formValid: ({ context, event }) =>
      event.type === 'forgot.submit' &&
      Object.keys(forgotPasswordErrors(context.tab, event.fields, context.passwordRule)).length ===
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
  // The session of a reset by mobile; an e-mail reset ends without one.
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
        onDone: 'emailSent',
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => codeOf(event.error) },
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
          actions: { type: 'fail', params: ({ event }) => codeOf(event.error) },
        },
      },
    },
    // The temporary password is on its way to the mailbox.
    emailSent: { type: 'final' },
    loggedIn: { type: 'final' },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
