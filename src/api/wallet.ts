import type { DepositChannelView } from '../shared/paymentChannels';
import type { ConsolidatedFunds } from '../streams/consolidatedFunds';
import type { Http } from './http';

export interface WalletSnapshot {
  currency: string;
  currencySymbol: string;
  balance: string;
  /** Bonus money being wagered (issue 28): locked until its requirement is met. */
  bonus: { balance: string; seq: number };
  wallets: { wallet: string; balance: string; seq: number }[];
}

/** A fresh idempotency key for one money-moving request (a retry of it reuses the key). */
export { newIdempotencyKey } from '../shared/idempotency';

export function createWalletApi(http: Http) {
  return {
    balance: () => http.get<WalletSnapshot>('/wps/v2/wallets/balance'),
    transfer: (body: { from: string; to: string; amount: string; idempotencyKey: string }) =>
      http.post<Record<string, unknown>>('/wps/relay/GCS_walletTransfer', body),
    /** The deposit channels the operator enabled, demo ones marked. */
    depositChannels: () => http.get<DepositChannelView[]>('/wps/deposit/channels'),
    deposit: (body: { channel: string; amount: string; idempotencyKey: string }) =>
      http.post<{ id: string; status: string; amount: string }>('/wps/deposit', body),
    /** GCS_merchantWallet (spec 3): isSingle — every game plays from the main wallet. */
    merchantWallet: () => http.get<{ isSingle: boolean }>('/wps/relay/GCS_merchantWallet'),
    consolidatedFunds: () => http.get<ConsolidatedFunds>('/wps/member/info/funds/consolidated'),
    transferUpline: (body: { amount: string; idempotencyKey: string }) =>
      http.post<{ upline: string; amount: string; balance: string }>(
        '/wps/wallet/transferUpline',
        body,
      ),
  };
}

export type WalletApi = ReturnType<typeof createWalletApi>;
