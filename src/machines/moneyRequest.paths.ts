import type { EventObject } from 'xstate';
import type { LabelledEvent, PathModel } from '../shared/pathModel';
import { ApiError } from '../api/http';
import { moneyRequestMachine } from './moneyRequest';

/** The model's amounts: one the form takes, one it refuses (three decimals). */
export const VALID_AMOUNT = '10.00';
export const INVALID_AMOUNT = '10.001';

let made = 0;
/** The model's keys: `key-1`, `key-2`… (the page makes random ones). */
const newKey = () => `key-${(made += 1)}`;

const submit = (amount: string): EventObject => ({ type: 'submit', amount }) as EventObject;
const SUBMITS: LabelledEvent[] = [
  { label: 'submit', event: submit(VALID_AMOUNT) },
  { label: 'submit:invalidAmount', event: submit(INVALID_AMOUNT) },
];

const failed = (label: string, error: ApiError): LabelledEvent => ({
  label: `send.error:${label}`,
  event: { type: 'xstate.error.actor.send', error } as EventObject,
});

/**
 * A money request's paths (issue 29): a valid amount is sent, a refused one stays in the form;
 * the request succeeds, or fails in each way the form says differently — not enough money, a
 * bonus still being wagered (withdrawals and transfers to the upline), a lost network; from
 * any answer the form takes another amount.
 */
export const moneyRequestPaths: PathModel<typeof moneyRequestMachine> = {
  id: 'moneyRequest',
  machine: moneyRequestMachine,
  input: { newKey },
  // The state, and in the form the error it shows; never the key (it changes with every
  // success and the page does not show it).
  key: ({ value, context }) =>
    value === 'editing' ? `editing#${context.error ?? ''}` : String(value),
  notDriven: {
    reset:
      'no page sends it (the form stays usable after an answer: another submit is a new request); tests/model/moneyRequest.test.ts covers it',
  },
  events: ({ value }) => {
    switch (value) {
      case 'editing':
      case 'done':
        return SUBMITS;
      case 'sending':
        return [
          {
            label: 'send.done',
            event: { type: 'xstate.done.actor.send', output: { amount: VALID_AMOUNT } },
          },
          failed(
            'insufficientFunds',
            new ApiError('insufficient_funds', 'Insufficient balance.', 409),
          ),
          failed('wageringOpen', new ApiError('wagering_open', 'A bonus is being wagered.', 409)),
          failed(
            'network',
            new ApiError('network_error', 'Network link abnormal, please try again.', null),
          ),
        ];
      default:
        return [];
    }
  },
};
