import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney, parseMoney } from '../../shared/money';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/**
 * The bonus balance (issue 28), live beside the real one: bonus money and what it won, locked
 * until its wagering requirement is met. Shown only while there is some; it links to the reward
 * centre, where the wagering's progress and the forfeit are. `menuItem`: an item of the
 * account menu's list (its own `li`).
 */
export function BonusBalance({
  testId = 'bonus-balance',
  menuItem = false,
}: {
  testId?: string;
  menuItem?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const value = useObservable(useServices().balance.balance$, null);
  if (!value || parseMoney(value.bonus) <= 0n) return null;
  const amount = `${value.currencySymbol} ${formatMoney(parseMoney(value.bonus), i18n.language)}`;
  const link = (
    <Link
      to="/member/rewardCenter"
      className="bonus-balance"
      role={menuItem ? 'menuitem' : undefined}
      data-testid={testId}
      title={t('wallet.bonusLocked')}
    >
      <span>{t('wallet.bonusBalance')}</span>{' '}
      <span className="bonus-balance-value" aria-live="polite">
        {amount}
      </span>
    </Link>
  );
  return menuItem ? <li role="none">{link}</li> : link;
}
