import { useEffect, useState } from 'react';
import { useServices } from '../../core/ServicesContext';
import { BettingRecord } from './RecordPages';

/**
 * The betting record with the vendors to filter by: the vendors with a wallet for now (the
 * game catalogue of issue 5 will list every vendor). The filter works without them.
 */
export function BettingRecordPage() {
  const { walletApi } = useServices();
  const [vendors, setVendors] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    walletApi.balance().then(
      (snapshot) =>
        current &&
        setVendors(
          snapshot.wallets.map((wallet) => wallet.wallet).filter((name) => name !== 'MAIN'),
        ),
      () => undefined, // The record still works without the vendor list.
    );
    return () => {
      current = false;
    };
  }, [walletApi]);
  return <BettingRecord vendors={vendors} />;
}
