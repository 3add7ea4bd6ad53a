import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import {
  checkField,
  type FieldProblem,
  type FieldRule,
  type FieldSetting,
  nicknameProblem,
} from '../shared/fieldRules';
import type { LoginResult } from '../shared/identity';
import { errorCodeOf } from './errorCode';

export type RegistrationTab = 'username' | 'mobile';
/** 'terms' also stands for the age-18 agreement, which the same checkbox confirms. */
export type RegistrationProblem =
  FieldProblem | 'inconsistent' | 'terms' | 'age' | 'nickname_not_allowed';

export interface RegistrationInput {
  settings: Record<string, FieldSetting>;
  rules: Record<string, FieldRule>;
  referralCode: string | null;
  mobileEnabled: boolean;
}

export interface RegistrationContext extends Omit<RegistrationInput, 'referralCode'> {
  tab: RegistrationTab;
  /** The last submitted fields; starts with the referral code of the link, if any. */
  fields: Record<string, string>;
  /** Per field name (plus 'terms'): what is wrong. Empty when the form is valid. */
  errors: Record<string, RegistrationProblem>;
  acceptedTerms: boolean;
  altcha: string | null;
  error: string | null;
  result: LoginResult | null;
}

export type RegistrationEvent =
  | { type: 'register.switchTab'; tab: RegistrationTab }
  | { type: 'register.submit'; fields: Record<string, string>; acceptedTerms: boolean }
  | { type: 'register.dismiss' };

export interface RegistrationRequest {
  tab: RegistrationTab;
  fields: Record<string, string>;
  altcha: string;
}

/** Fields each tab always requires, whatever the settings say. */
const TAB_REQUIRED: Record<RegistrationTab, string[]> = {
  username: ['username', 'password'],
  mobile: ['mobileNum', 'verificationCode'],
};
/** For fields without a server rule (the SMS code): anything non-empty. */
const ANY_VALUE: FieldRule = {
  acceptedPattern: '*',
  patternId: 'LENGTH',
  minLength: 1,
  maxLength: 64,
};

/**
 * Validates a registration form (spec 5): every enabled field by its rule, the tab's own
 * required fields, confirmPassword equal to password, the terms ticked. The mobile tab has no
 * username; its password is checked only when the form shows one (mobile-plus-password).
 */
export function registrationErrors(
  tab: RegistrationTab,
  fields: Record<string, string>,
  acceptedTerms: boolean,
  settings: Record<string, FieldSetting>,
  rules: Record<string, FieldRule>,
): Record<string, RegistrationProblem> {
  const names = new Set(TAB_REQUIRED[tab]);
  for (const [name, setting] of Object.entries(settings)) if (setting.enabled) names.add(name);
  // An SMS code is checked wherever the form shows one (e.g. SMS-verified username sign-up).
  if ('verificationCode' in fields) names.add('verificationCode');
  if (tab === 'mobile') {
    names.delete('username');
    if (!('password' in fields)) names.delete('password');
  }
  const errors: Record<string, RegistrationProblem> = {};
  for (const name of names) {
    const required = TAB_REQUIRED[tab].includes(name) || name === 'verificationCode';
    const problem = checkField(
      fields[name] ?? '',
      rules[name] ?? ANY_VALUE,
      required || (settings[name]?.required ?? false),
    );
    if (problem) errors[name] = problem;
  }
  if (names.has('password') && (fields.confirmPassword ?? '') !== (fields.password ?? '')) {
    errors.confirmPassword = 'inconsistent';
  }
  // Beyond its length rule: no markup, nothing that passes for staff (the server's rule too).
  const nickname = fields.nickname ?? '';
  if (names.has('nickname') && !errors.nickname && nickname && nicknameProblem(nickname)) {
    errors.nickname = 'nickname_not_allowed';
  }
  if (!acceptedTerms) errors.terms = 'terms';
  return errors;
}

/**
 * The register popup (spec 4 "Register"): validate everything, check the affiliate code when
 * one is given, prove humanity, submit. The server answers with a session (login true).
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as LoginResult,
  },
  actors: {
    checkAffiliate: fromPromise<boolean, { code: string }>(async () => {
      throw new Error('checkAffiliate must be provided');
    }),
    proveHuman: fromPromise<string>(async () => {
      throw new Error('proveHuman must be provided');
    }),
    submitRegistration: fromPromise<LoginResult, RegistrationRequest>(async () => {
      throw new Error('submitRegistration must be provided');
    }),
  },
  guards: {
    formValid: ({ context, event }) =>
      event.type === 'register.submit' &&
      Object.keys(
        registrationErrors(
          context.tab,
          event.fields,
          event.acceptedTerms,
          context.settings,
          context.rules,
        ),
      ).length === 0,
    affiliateAccepted: (_, accepted: boolean) => accepted,
    hasAffiliateCode: ({ event }) =>
      event.type === 'register.submit' && (event.fields.affiliateCode ?? '') !== '',
    tabAllowed: ({ context, event }) =>
      event.type === 'register.switchTab' && (event.tab === 'username' || context.mobileEnabled),
  },
  actions: {
    takeForm: assign(({ context, event }) => {
      if (event.type !== 'register.submit') return {};
      // The referral code of the link is kept even if the form does not send it back.
      const referral = context.fields.referralCode;
      return {
        fields: { ...(referral ? { referralCode: referral } : {}), ...event.fields },
        acceptedTerms: event.acceptedTerms,
        errors: registrationErrors(
          context.tab,
          event.fields,
          event.acceptedTerms,
          context.settings,
          context.rules,
        ),
        error: null,
      };
    }),
    fail: assign((_, code: string) => ({ error: code })),
  },
}).createMachine({
  id: 'registration',
  initial: 'editing',
  context: ({ input }): RegistrationContext => ({
    settings: input.settings,
    rules: input.rules,
    mobileEnabled: input.mobileEnabled,
    tab: 'username',
    fields: input.referralCode ? { referralCode: input.referralCode } : {},
    errors: {},
    acceptedTerms: false,
    altcha: null,
    error: null,
    result: null,
  }),
  output: ({ context }) => {
    if (!context.result) throw new Error('registration finished without a result');
    return context.result;
  },
  states: {
    editing: {
      on: {
        'register.switchTab': {
          guard: 'tabAllowed',
          actions: assign(({ event }) => ({ tab: event.tab, errors: {}, error: null })),
        },
        'register.submit': [
          { guard: not('formValid'), actions: 'takeForm' },
          { guard: 'hasAffiliateCode', target: 'checkingAffiliate', actions: 'takeForm' },
          { target: 'provingHuman', actions: 'takeForm' },
        ],
      },
    },
    checkingAffiliate: {
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: context.fields.affiliateCode ?? '' }),
        onDone: [
          {
            guard: { type: 'affiliateAccepted', params: ({ event }) => event.output },
            target: 'provingHuman',
          },
          { target: 'affiliateRejected' },
        ],
        onError: { target: 'affiliateRejected' },
      },
    },
    // The invitation_code_error dialog is open; dismissing it returns to the form.
    affiliateRejected: {
      entry: { type: 'fail', params: 'invitation_code_error' },
      on: { 'register.dismiss': { target: 'editing', actions: assign({ error: null }) } },
    },
    // Fetches and solves the ALTCHA challenge.
    provingHuman: {
      invoke: {
        id: 'proveHuman',
        src: 'proveHuman',
        onDone: { target: 'submitting', actions: assign({ altcha: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'fail', params: 'challenge_failed' } },
      },
    },
    submitting: {
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        input: ({ context }) => ({
          tab: context.tab,
          fields: context.fields,
          altcha: context.altcha ?? '',
        }),
        onDone: {
          target: 'registered',
          actions: assign({ result: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    registered: { type: 'final' },
  },
});

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;
