import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../../shared/money';
import { useServices } from '../../core/ServicesContext';
import { AmountForm } from './AmountForm';
import { useMoneyRequest } from './useMoneyRequest';
import { useQuery } from '../../hooks/useQuery';
import { useObservable } from '../../hooks/useObservable';
import { Link } from 'react-router-dom';
import { walletFeature } from '../../../app/features/wallet';
import { useFeature } from '../../core/useFeature';
import { useVendorName } from '../../games';

/** My Wallet (transferFund): every wallet's balance, and a transfer between two of them. */
export function WalletTransferPage() {
  const { t, i18n } = useTranslation();
  const { balance, merchantWallet } = useServices();
  // A vendor's wallet by the vendor's name (its code until the catalogue is here).
  const vendorName = useVendorName();
  const walletName = (wallet: string) =>
    wallet === 'MAIN' ? t('wallet.main') : vendorName(wallet);
  const walletModule = useFeature(walletFeature);
  // The bonus balance, live (issue 28): its own line, never a wallet to transfer.
  const live = useObservable(balance.balance$, null);
  const bonus = live && parseMoney(live.bonus) > 0n ? live.bonus : null;
  // Without the answer, transfers stay offered: the server still checks.
  const wallet = useQuery('merchant-wallet', () => merchantWallet.get()).state;
  const single = wallet.kind === 'ready' && wallet.value.isSingle;
  // Every wallet's balance, asked again after each transfer (the last one stays meanwhile).
  const [transfers, setTransfers] = useState(0);
  const wallets = useQuery(`wallets:${transfers}`, () => walletModule.balance()).state;
  const snapshot =
    wallets.kind === 'ready' ? wallets.value : wallets.kind === 'loading' ? wallets.previous : null;
  const [from, setFrom] = useState('MAIN');
  const [to, setTo] = useState<string | null>(null);
  // The server lists every wallet the member can use; the first vendor is the default target.
  const names = snapshot?.wallets.map((wallet) => wallet.wallet) ?? [];
  const target = to ?? names.find((name) => name !== 'MAIN') ?? 'MAIN';
  // Whatever the answer, the balances are asked again (a lost answer may have moved money).
  const request = useMoneyRequest((amount, idempotencyKey) =>
    walletModule.transfer({ from, to: target, amount, idempotencyKey }).finally(() => {
      balance.refresh();
      setTransfers((count) => count + 1);
    }),
  );

  const walletSelect = (label: string, value: string, onChange: (wallet: string) => void) => (
    <label>
      {label}{' '}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {names.map((wallet) => (
          <option key={wallet} value={wallet}>
            {walletName(wallet)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="wallet-page">
      <table className="records" data-testid="wallets">
        <tbody>
          {(snapshot?.wallets ?? []).map((wallet) => (
            <tr key={wallet.wallet}>
              <th scope="row">{walletName(wallet.wallet)}</th>
              <td>{formatMoney(parseMoney(wallet.balance), i18n.language)}</td>
            </tr>
          ))}
          {bonus !== null && (
            <tr data-testid="wallet-bonus">
              <th scope="row">
                <Link to="/member/rewardCenter">{t('wallet.bonusBalance')}</Link>
              </th>
              <td>
                {formatMoney(parseMoney(bonus), i18n.language)}{' '}
                <span className="bonus-note">({t('wallet.bonusLocked')})</span>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {/* The form waits for the wallets (its choices) and whether there is more than one: a
          transfer sent before them would go from the main wallet to itself. */}
      {!snapshot || wallet.kind === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : single ? (
        <p>{t('wallet.singleWallet')}</p>
      ) : (
        <AmountForm
          state={request.state}
          onAmount={request.submit}
          submitLabel={t('wallet.transfer')}
          submitTestId="transfer-submit"
          done={() => t('wallet.transferDone')}
        >
          {walletSelect(t('wallet.from'), from, setFrom)}
          {walletSelect(t('wallet.to'), target, setTo)}
        </AmountForm>
      )}
    </div>
  );
}
