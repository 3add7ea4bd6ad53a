import { canApply, type WithdrawalEvent } from './withdrawalConfirmation';

/** Spec 4 "Withdrawal confirmation": what a player can answer once a withdrawal is paid. */
export type PlayerWithdrawalAnswer = 'received' | 'notReceived' | 'partial' | 'allReceived';

export type WithdrawalStatus =
  | 'requested'
  | 'awaitingConfirmation'
  | 'notReceived'
  | 'partiallyReceived'
  | 'received'
  | 'forcedReceived'
  | 'refunded'
  | 'rejected';

/** Operator actions (`npm run ops -- withdrawal <id> <action>`, the back office's queue). */
export type OperatorWithdrawalAction = 'pay' | 'reject' | 'refund' | 'forceReceived';

/** The machine event behind each operator action. */
export const OPERATOR_WITHDRAWAL_EVENTS: Record<OperatorWithdrawalAction, WithdrawalEvent> = {
  pay: { type: 'withdrawal.pay' },
  reject: { type: 'withdrawal.reject' },
  refund: { type: 'withdrawal.refund' },
  forceReceived: { type: 'withdrawal.forceReceived' },
};

/** The operator actions the machine allows in `status` (the queue offers only these). */
export const operatorActionsIn = (status: WithdrawalStatus): OperatorWithdrawalAction[] =>
  (Object.keys(OPERATOR_WITHDRAWAL_EVENTS) as OperatorWithdrawalAction[]).filter((action) =>
    canApply(status, OPERATOR_WITHDRAWAL_EVENTS[action]),
  );

/** One withdrawal as the API shows it; amounts are decimal strings. */
export interface WithdrawalView {
  id: string;
  amount: string;
  status: WithdrawalStatus;
  receivedAmount: string | null;
  remainingAmount: string | null;
  autoConfirmed: boolean;
  hasProof: boolean;
  createdAt: string;
  updatedAt: string;
  /** Grows with every change of any withdrawal: the page drops stale socket events. */
  version: number;
}

/** GET /wps/withdraw/info: what the withdraw page needs before the form. */
export interface WithdrawInfo {
  min: string;
  max: string;
  currency: string;
  hasPaymentPassword: boolean;
}

/** The `withdrawal` socket event: one of the member's withdrawals changed. */
export type WithdrawalSocketEvent = WithdrawalView;

export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The machine event behind a player's answer (amounts in minor units for the partial one). */
export function answerEvent(
  answer: PlayerWithdrawalAnswer,
  details: { proofImageId?: string; receivedMinor?: bigint; amountMinor?: bigint } = {},
): WithdrawalEvent {
  switch (answer) {
    case 'received':
      return { type: 'withdrawal.confirmReceived' };
    case 'allReceived':
      return { type: 'withdrawal.confirmAllReceived' };
    case 'notReceived':
      return { type: 'withdrawal.reportNotReceived', proofImageId: details.proofImageId ?? '' };
    case 'partial': {
      const received = details.receivedMinor ?? 0n;
      const remaining = (details.amountMinor ?? 0n) - received;
      return {
        type: 'withdrawal.reportPartial',
        receivedMinor: received.toString(),
        remainingMinor: remaining.toString(),
      };
    }
  }
}

const ANSWERS: PlayerWithdrawalAnswer[] = ['received', 'notReceived', 'partial', 'allReceived'];

/**
 * The answers the lifecycle machine accepts in `status` (the page offers exactly these; the
 * server refuses the others). Checked with placeholder details: only the state decides here.
 */
export function answersIn(status: WithdrawalStatus): PlayerWithdrawalAnswer[] {
  return ANSWERS.filter((answer) =>
    canApply(
      status,
      answerEvent(answer, { proofImageId: 'x', receivedMinor: 1n, amountMinor: 2n }),
    ),
  );
}
