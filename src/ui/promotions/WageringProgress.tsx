import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import type { WageringView } from '../../shared/rewards';

/**
 * The bonus being wagered (issue 14): how much of the requirement real bets have reached, as a
 * progress bar with the amounts in words, so the member sees what is left before the bonus
 * unlocks. Live: the summary it shows is fetched again on every `reward` event.
 */
export function WageringProgress({ wagering }: { wagering: WageringView }) {
  const { t, i18n } = useTranslation();
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const title = wagering.promotion?.title ?? t('rewards.bonus');
  return (
    <div className="wagering" data-testid="wagering-progress">
      <p className="wagering-title">
        {t('rewards.wageringTitle', { title, bonus: money(wagering.bonus) })}
      </p>
      <progress
        className="wagering-bar"
        max={100}
        value={wagering.percent}
        aria-label={t('rewards.wageringLabel', { title })}
        aria-valuetext={`${wagering.percent}%`}
      />
      <p className="wagering-figures" data-testid="wagering-figures">
        {t('rewards.wageringFigures', {
          wagered: money(wagering.wagered),
          required: money(wagering.required),
          left: money(wagering.left),
        })}
      </p>
      <p className="wagering-figures" data-testid="wagering-balance">
        {t('rewards.wageringBalance', { balance: money(wagering.balance) })}
      </p>
    </div>
  );
}
