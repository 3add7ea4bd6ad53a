import { createRecordsApi } from '../../api/records';
import { createWalletApi } from '../../api/wallet';
import type { DepositRecordItem } from '../../shared/records';
import { defineFeature } from '../feature';
import { pick } from './pick';

/**
 * The member's money in and between wallets (spec 2 deposit, transfer, upline transfer). The
 * balance itself is the tab's store (`useServices().balance`), moved by the server's events.
 */
export const walletFeature = defineFeature('wallet', ({ http }) => {
  const records = createRecordsApi(http);
  return {
    ...pick(createWalletApi(http), [
      'balance',
      'transfer',
      'depositChannels',
      'deposit',
      'transferUpline',
    ]),
    /** The member's latest deposits (the deposit page's status of the one just made). */
    latestDeposits: () => records.fetch<DepositRecordItem>('deposits', {}),
  };
});

export type WalletFeature = ReturnType<typeof walletFeature>;
