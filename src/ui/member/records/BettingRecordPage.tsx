import { useServices } from '../../core/ServicesContext';
import { useQuery } from '../../hooks/useQuery';
import { BettingRecord } from './RecordPages';

/**
 * The betting record with the vendors to filter by: the vendors with a wallet for now (the
 * game catalogue of issue 5 will list every vendor). The filter works without them.
 */
export function BettingRecordPage() {
  const { walletApi } = useServices();
  const { state } = useQuery('wallet-vendors', () =>
    walletApi
      .balance()
      .then((snapshot) =>
        snapshot.wallets.map((wallet) => wallet.wallet).filter((name) => name !== 'MAIN'),
      ),
  );
  // The record still works without the vendor list (loading or failed: none to pick).
  return <BettingRecord vendors={state.kind === 'ready' ? state.value : []} />;
}
