import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SmsSendResult } from '../shared/identity';
import { errorCodeOf } from './errorCode';

export interface SmsCountdownContext {
  /** Seconds until the code may be sent again; 0 when idle. */
  remaining: number;
  mobileNum: string;
  countryDialingCode: string;
  /** The error code of the last failed send, or null. */
  error: string | null;
}

export type SmsCountdownEvent =
  { type: 'sms.send'; mobileNum: string; countryDialingCode: string } | { type: 'sms.reset' };

export interface SmsSendInput {
  mobileNum: string;
  countryDialingCode: string;
}

/** The wait when the server does not say (spec 9: resend waits expiredMinutes × 60 s). */
const DEFAULT_MINUTES = 1;

/** Seconds to wait before a resend, from the send result. */
export function countdownSeconds(result: SmsSendResult): number {
  const minutes = result.expiredMinutes > 0 ? result.expiredMinutes : DEFAULT_MINUTES;
  return Math.round(minutes * 60);
}

/**
 * The "send code" button of SMS forms: one send at a time, then a per-second countdown during
 * which resending is disabled.
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
  },
  actors: {
    sendCode: fromPromise<SmsSendResult, SmsSendInput>(async () => {
      throw new Error('sendCode must be provided');
    }),
  },
  guards: {
    stillCounting: ({ context }) => context.remaining > 1,
  },
  actions: {
    reset: assign({ remaining: 0, error: null }),
  },
}).createMachine({
  id: 'smsCountdown',
  initial: 'idle',
  context: { remaining: 0, mobileNum: '', countryDialingCode: '', error: null },
  on: { 'sms.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'sms.send': {
          target: 'sending',
          actions: assign(({ event }) => ({
            mobileNum: event.mobileNum,
            countryDialingCode: event.countryDialingCode,
            error: null,
          })),
        },
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({
          mobileNum: context.mobileNum,
          countryDialingCode: context.countryDialingCode,
        }),
        onDone: {
          target: 'countingDown',
          actions: assign({ remaining: ({ event }) => countdownSeconds(event.output) }),
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => errorCodeOf(event.error) }),
        },
      },
    },
    // Resend is disabled here: 'sms.send' is not handled.
    countingDown: {
      after: {
        1000: [
          {
            guard: 'stillCounting',
            target: 'countingDown',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
          { target: 'idle', actions: assign({ remaining: 0 }) },
        ],
      },
    },
  },
});

export type SmsCountdownSnapshot = SnapshotFrom<typeof smsCountdownMachine>;

/** Whether the "send code" button is enabled. */
export function canResend(snapshot: SmsCountdownSnapshot): boolean {
  return snapshot.matches('idle');
}
