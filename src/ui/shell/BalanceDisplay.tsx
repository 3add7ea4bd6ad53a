import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, HIDDEN_BALANCE, parseMoney } from '../../shared/money';
import { useServices } from '../app/ServicesContext';
import { useObservable } from '../hooks/useObservable';

const HIDE_KEY = 'hideBalance';

/** Spec 2/9: the balance with two decimals and separators, hidden as asterisks, refreshable. */
export function BalanceDisplay() {
  const { t, i18n } = useTranslation();
  const { balance } = useServices();
  const value = useObservable(balance.balance$, null);
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDE_KEY) === '1');
  const toggle = () => {
    localStorage.setItem(HIDE_KEY, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const text = value
    ? `${value.currencySymbol} ${formatMoney(parseMoney(value.balance), i18n.language)}`
    : '…';
  return (
    <div className="balance" aria-live="polite">
      <span className="balance-value" data-testid="balance">
        {hidden ? HIDDEN_BALANCE : text}
      </span>
      <button
        type="button"
        className="icon-button"
        onClick={toggle}
        aria-label={t(hidden ? 'wallet.show' : 'wallet.hide')}
        aria-pressed={hidden}
      >
        {hidden ? '◉' : '◎'}
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={balance.refresh}
        aria-label={t('wallet.refresh')}
        data-testid="balance-refresh"
      >
        ↻
      </button>
    </div>
  );
}
