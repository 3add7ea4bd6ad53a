import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { checkField, type FieldProblem, type FieldRule } from '../shared/fieldRules';
import type { ChangePasswordRequest, LoginResult } from '../shared/identity';
import { errorCodeOf } from './errorCode';

export interface ChangePasswordInput {
  passwordRule: FieldRule;
  /** False when the old password is already known (just typed at login) and sent for the user. */
  requireOld: boolean;
}

export interface ChangePasswordContext extends ChangePasswordInput {
  /** Per field name: what is wrong. Empty when the form is valid. */
  errors: Record<string, FieldProblem | 'inconsistent'>;
  error: string | null;
  result: LoginResult | null;
}

export type ChangePasswordEvent = { type: 'password.submit' } & ChangePasswordRequest;

/** The old password has no rule of its own: anything non-empty. */
const ANY_VALUE: FieldRule = {
  acceptedPattern: '*',
  patternId: 'LENGTH',
  minLength: 1,
  maxLength: 64,
};

/** Validates a change-password form (spec 5). */
export function changePasswordErrors(
  request: ChangePasswordRequest,
  passwordRule: FieldRule,
  requireOld: boolean,
): Record<string, FieldProblem | 'inconsistent'> {
  const errors: Record<string, FieldProblem | 'inconsistent'> = {};
  const oldProblem = requireOld ? checkField(request.oldPassword, ANY_VALUE, true) : null;
  if (oldProblem) errors.oldPassword = oldProblem;
  const newProblem = checkField(request.newPassword, passwordRule, true);
  if (newProblem) errors.newPassword = newProblem;
  if (request.confirmNewPassword !== request.newPassword)
    errors.confirmNewPassword = 'inconsistent';
  return errors;
}

const requestOf = ({ oldPassword, newPassword, confirmNewPassword }: ChangePasswordRequest) => ({
  oldPassword,
  newPassword,
  confirmNewPassword,
});

/**
 * Change password (spec 4: first login with the default password, an expired password, or the
 * member's own choice). The server answers with a fresh session: the caller logs in again.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
    output: {} as LoginResult,
  },
  actors: {
    submitChange: fromPromise<LoginResult, ChangePasswordRequest>(async () => {
      throw new Error('submitChange must be provided');
    }),
  },
  guards: {
    formValid: ({ context, event }) =>
      Object.keys(changePasswordErrors(event, context.passwordRule, context.requireOld)).length ===
      0,
  },
  actions: {
    takeForm: assign(({ context, event }) => ({
      errors: changePasswordErrors(event, context.passwordRule, context.requireOld),
      error: null,
    })),
  },
}).createMachine({
  id: 'changePassword',
  initial: 'editing',
  context: ({ input }): ChangePasswordContext => ({
    passwordRule: input.passwordRule,
    requireOld: input.requireOld,
    errors: {},
    error: null,
    result: null,
  }),
  output: ({ context }) => {
    if (!context.result) throw new Error('password change finished without a result');
    return context.result;
  },
  states: {
    editing: {
      on: {
        'password.submit': [
          { guard: not('formValid'), actions: 'takeForm' },
          { target: 'submitting', actions: 'takeForm' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitChange',
        src: 'submitChange',
        // The request is the event that entered this state (only 'password.submit' does).
        input: ({ event }) => requestOf(event),
        onDone: { target: 'changed', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorCodeOf(event.error) }),
        },
      },
    },
    changed: { type: 'final' },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
