import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, HIDDEN_BALANCE, parseMoney } from '../../shared/money';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';
import { IconButton } from '../components/Button';

const HIDE_KEY = 'hideBalance';

/**
 * Whether balances show as asterisks: one choice for every balance on the page (header and side
 * menu), remembered across visits.
 */
const hiddenChoice = {
  listeners: new Set<() => void>(),
  get: () => localStorage.getItem(HIDE_KEY) === '1',
  set(hidden: boolean) {
    localStorage.setItem(HIDE_KEY, hidden ? '1' : '0');
    for (const listener of hiddenChoice.listeners) listener();
  },
  subscribe(listener: () => void) {
    hiddenChoice.listeners.add(listener);
    return () => hiddenChoice.listeners.delete(listener);
  },
};

/** Spec 2/9: the balance with two decimals and separators, hidden as asterisks, refreshable. */
export function BalanceDisplay({
  testId = 'balance',
  compact = false,
}: {
  testId?: string;
  /** The phone header: no refresh button (the drawer and the wallet have one). */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { balance } = useServices();
  const value = useObservable(balance.balance$, null);
  const hidden = useSyncExternalStore(hiddenChoice.subscribe, hiddenChoice.get, hiddenChoice.get);
  const toggle = () => hiddenChoice.set(!hidden);
  const text = value
    ? `${value.currencySymbol} ${formatMoney(parseMoney(value.balance), i18n.language)}`
    : '…';
  return (
    <div className={`balance${compact ? ' compact' : ''}`}>
      <span className="balance-value" data-testid={testId} aria-live="polite">
        {hidden ? HIDDEN_BALANCE : text}
      </span>
      <IconButton
        icon={hidden ? 'eyeOff' : 'eye'}
        onClick={toggle}
        label={t(hidden ? 'wallet.show' : 'wallet.hide')}
        aria-pressed={hidden}
      />
      {!compact && (
        <IconButton
          icon="refresh"
          onClick={balance.refresh}
          label={t('wallet.refresh')}
          data-testid={`${testId}-refresh`}
        />
      )}
    </div>
  );
}
