import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../../shared/money';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Card';
import { useServices } from '../../core/ServicesContext';
import { useObservable } from '../../hooks/useObservable';
import { WageringProgress } from '../../promotions';

/**
 * Above the withdrawal form while a bonus is being wagered (issue 14): withdrawals are refused
 * until the requirement is met, so say so before the member fills in the form, with what is
 * left and the way out (the reward centre, where the bonus can be forfeited). Live.
 */
export function BonusLockNotice() {
  const { t, i18n } = useTranslation();
  const summary = useObservable(useServices().rewardSummary$, null);
  const wagering = summary?.wagering;
  if (!wagering) return null;
  return (
    <Card title={t('rewards.lockedTitle')} className="reward-lock" data-testid="withdraw-locked">
      <WageringProgress wagering={wagering} />
      <p className="reward-note">
        {t('rewards.withdrawLocked', {
          left: formatMoney(parseMoney(wagering.left), i18n.language),
        })}{' '}
        <Link to="/member/rewardCenter">{t('menu.rewardCenter')}</Link>
      </p>
    </Card>
  );
}
