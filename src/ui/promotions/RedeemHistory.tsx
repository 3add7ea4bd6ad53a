import { useTranslation } from 'react-i18next';
import { deliveryLines } from '../../shared/deliveryAddress';
import type { RedemptionView } from '../../shared/points';
import { Badge } from '../components/Badge';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { countryNamer } from '../components/forms/countryName';
import { shownValue, useQuery } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

const statusTone = { inProcess: 'accent', approved: 'success', rejected: 'danger' } as const;

/**
 * The member's redeem history (getRedeemPointList), newest first: each good's price, date, the
 * operator's note, its status, and where a shipped good goes. Everything the member or the
 * operator typed is shown as text.
 */
export function RedeemHistory() {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const query = useQuery(`points:redemptions:${i18n.language}`, (signal) =>
    promotionsModule.points.redemptions(signal),
  );
  const list = shownValue(query.state);
  if (!list) return <QueryFallback state={query.state} onRetry={query.refresh} lines={3} />;
  if (list.length === 0) {
    return <EmptyState title={t('points.noRedemptions')} icon="box" />;
  }
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const countryName = countryNamer(i18n.language);
  return (
    <ul className="reward-list" data-testid="redemptions">
      {list.map((item: RedemptionView) => (
        <li key={item.id} className="reward-item">
          <div className="reward-line">
            <p className="reward-title">{item.goods.name}</p>
            <p className="reward-note">
              {t('points.cost', { points: item.points.toLocaleString(i18n.language) })} ·{' '}
              {date(item.createdAt)}
              {item.note ? ` · ${item.note}` : ''}
            </p>
            {item.delivery && (
              <p className="reward-note delivery-note" data-testid="redemption-delivery">
                {t('points.shipTo', {
                  address: deliveryLines(item.delivery, countryName).join(', '),
                })}
              </p>
            )}
          </div>
          <Badge tone={statusTone[item.status]}>{t(`points.status.${item.status}`)}</Badge>
        </li>
      ))}
    </ul>
  );
}
