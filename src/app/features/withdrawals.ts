import { createWithdrawalApi } from '../../api/withdrawals';
import { defineFeature } from '../feature';

/**
 * Withdrawals (spec 2 withdraw; issues 5, 17): the page's details, the payment password, a
 * request, the member's list, and the answers to the operator's questions (a proof upload).
 */
export const withdrawalsFeature = defineFeature('withdrawals', ({ http, sealed }) =>
  createWithdrawalApi(http, sealed),
);

export type WithdrawalsFeature = ReturnType<typeof withdrawalsFeature>;
