import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletSnapshot } from '../../../../api/wallet';
import { formatMoney, parseMoney } from '../../../../shared/money';
import { useServices } from '../../../app/ServicesContext';
import { FormField } from '../../../auth/FormField';
import { useErrorText } from '../../../auth/useErrorText';
import { useMoneyRequest } from './useMoneyRequest';

/** My Wallet (transferFund): every wallet's balance, and a transfer between two of them. */
export function WalletTransferPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { walletApi, balance } = useServices();
  const [snapshot, setSnapshot] = useState<WalletSnapshot | null>(null);
  const [from, setFrom] = useState('MAIN');
  const [to, setTo] = useState('PG');
  const request = useMoneyRequest((amount, idempotencyKey) =>
    walletApi.transfer({ from, to, amount, idempotencyKey }),
  );

  useEffect(() => {
    let current = true;
    walletApi.balance().then(
      (value) => current && setSnapshot(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [walletApi, request.state.kind]);

  const names = ['MAIN', 'PG', 'EG2', 'PT', 'JDB'];
  const balanceOf = (wallet: string) =>
    snapshot?.wallets.find((w) => w.wallet === wallet)?.balance ?? '0.00';
  return (
    <div className="wallet-page">
      <table className="records" data-testid="wallets">
        <tbody>
          {names.map((wallet) => (
            <tr key={wallet}>
              <th scope="row">{wallet === 'MAIN' ? t('wallet.main') : wallet}</th>
              <td>{snapshot ? formatMoney(parseMoney(balanceOf(wallet)), i18n.language) : '…'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="auth-form deposit-form"
        noValidate
        aria-busy={request.state.kind === 'sending'}
        onSubmit={(event) => {
          event.preventDefault();
          void request
            .submit(String(new FormData(event.currentTarget).get('amount') ?? '').trim())
            .then(balance.refresh);
        }}
      >
        <label>
          {t('wallet.from')}{' '}
          <select value={from} onChange={(event) => setFrom(event.target.value)}>
            {names.map((wallet) => (
              <option key={wallet}>{wallet}</option>
            ))}
          </select>
        </label>
        <label>
          {t('wallet.to')}{' '}
          <select value={to} onChange={(event) => setTo(event.target.value)}>
            {names.map((wallet) => (
              <option key={wallet}>{wallet}</option>
            ))}
          </select>
        </label>
        <FormField
          label={t('wallet.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          error={request.state.kind === 'editing' ? errorText(request.state.error) : null}
        />
        {request.state.kind === 'done' && <p role="status">{t('wallet.transferDone')}</p>}
        <button
          type="submit"
          className="button primary"
          disabled={request.state.kind === 'sending'}
          data-testid="transfer-submit"
        >
          {t('wallet.transfer')}
        </button>
      </form>
    </div>
  );
}
