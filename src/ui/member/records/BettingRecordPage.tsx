import { useQuery } from '../../hooks/useQuery';
import { BettingRecord } from './RecordPages';
import { walletFeature } from '../../../app/features/wallet';
import { useFeature } from '../../core/useFeature';

/**
 * The betting record with the vendors to filter by: the vendors with a wallet for now (the
 * game catalogue of issue 5 will list every vendor). The filter works without them.
 */
export function BettingRecordPage() {
  const walletModule = useFeature(walletFeature);
  const { state } = useQuery('wallet-vendors', () =>
    walletModule
      .balance()
      .then((snapshot) =>
        snapshot.wallets.map((wallet) => wallet.wallet).filter((name) => name !== 'MAIN'),
      ),
  );
  // The record still works without the vendor list (loading or failed: none to pick).
  return <BettingRecord vendors={state.kind === 'ready' ? state.value : []} />;
}
