import type { PathModel } from './pathModel';
import { withdrawalConfirmationMachine } from './withdrawalConfirmation';

const AUTO_CONFIRM = { label: 'autoConfirm', event: { type: 'withdrawal.autoConfirm' } };
const FORCE_RECEIVED = { label: 'forceReceived', event: { type: 'withdrawal.forceReceived' } };
/** The model's partial report: 60.00 received of the 100.00 withdrawal (its drivers type it). */
export const PARTIAL = {
  type: 'withdrawal.reportPartial',
  receivedMinor: '6000',
  remainingMinor: '4000',
};

/**
 * A withdrawal's confirmation paths (issue 15): the operator pays or rejects it; the player
 * confirms the receipt, reports it not received with a proof image, or partially received (a
 * report whose parts do not add up is refused); the job counts an unanswered one as received;
 * the operator refunds a reported one or forces the receipt; a partial one ends with the
 * player's "all received", the operator's forced receipt or the job's.
 */
export const withdrawalConfirmationPaths: PathModel<typeof withdrawalConfirmationMachine> = {
  id: 'withdrawalConfirmation',
  machine: withdrawalConfirmationMachine,
  // The state, and a receipt the job counted (the list marks it): the proof and the amounts
  // change the text, not what the page offers.
  key: ({ value, context }) =>
    value === 'received' && context.autoConfirmed ? 'received#auto' : String(value),
  events: ({ value }) => {
    switch (value) {
      case 'requested':
        return [
          { label: 'pay', event: { type: 'withdrawal.pay' } },
          { label: 'reject', event: { type: 'withdrawal.reject' } },
        ];
      case 'awaitingConfirmation':
        return [
          { label: 'confirmReceived', event: { type: 'withdrawal.confirmReceived' } },
          {
            label: 'reportNotReceived',
            event: { type: 'withdrawal.reportNotReceived', proofImageId: 'img-1' },
          },
          { label: 'reportPartial', event: PARTIAL },
          {
            label: 'reportPartial:nothingReceived',
            event: { ...PARTIAL, receivedMinor: '0', remainingMinor: '10000' },
          },
          AUTO_CONFIRM,
        ];
      case 'notReceived':
        return [{ label: 'refund', event: { type: 'withdrawal.refund' } }, FORCE_RECEIVED];
      case 'partiallyReceived':
        return [
          { label: 'confirmAllReceived', event: { type: 'withdrawal.confirmAllReceived' } },
          FORCE_RECEIVED,
          AUTO_CONFIRM,
        ];
      default:
        return [];
    }
  },
};
