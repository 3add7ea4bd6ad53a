import { useTranslation } from 'react-i18next';
import type { PromotionStatus, PromotionView } from '../../shared/promotions';
import { Badge } from '../components/Badge';
import { EmptyState } from '../components/EmptyState';
import { LoadFailed } from '../components/LoadFailed';
import { SafeHtml } from '../components/SafeHtml';
import { Skeleton, SkeletonText } from '../components/Skeleton';
import { useServices } from '../core/ServicesContext';
import { useQuery } from '../hooks/useQuery';

const tones: Record<PromotionStatus, 'neutral' | 'accent' | 'success' | 'danger'> = {
  comingSoon: 'neutral',
  open: 'accent',
  closed: 'neutral',
  signed: 'accent',
  joined: 'accent',
  applying: 'neutral',
  rejected: 'danger',
  issued: 'success',
  claimed: 'success',
  process: 'accent',
};

/**
 * Lazy section Promotions (spec 2 /promotions, open to guests; issue 14): the current and coming
 * promotions for this visitor, in their language, each with its status (the promotion's phase,
 * or the member's own part in it), its period and its terms.
 */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const { promotionsApi } = useServices();
  // Asked again in another language; the token (when there is one) goes with every call.
  const { state, refresh } = useQuery(`promotions:${i18n.language}`, (signal) =>
    promotionsApi.list(signal),
  );
  return (
    <div className="section-page promotions-page" data-testid="promotions-page">
      <h1>{t('nav.promotions')}</h1>
      {state.kind === 'failed' ? (
        <LoadFailed onRetry={refresh} />
      ) : state.kind === 'loading' && state.previous === null ? (
        <div className="promotion-list" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 2 }, (_, index) => (
            <div key={index} className="card promotion-card skeleton-group" aria-hidden="true">
              <Skeleton aspectRatio="3 / 1" />
              <SkeletonText lines={2} />
            </div>
          ))}
        </div>
      ) : (
        <PromotionList
          items={state.kind === 'ready' ? state.value.items : (state.previous?.items ?? [])}
        />
      )}
    </div>
  );
}

function PromotionList({ items }: { items: PromotionView[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <EmptyState title={t('promotions.empty')} icon="🎁">
        <p>{t('promotions.emptyBody')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="promotion-list" data-testid="promotion-list">
      {items.map((item) => (
        <li key={item.code}>
          <PromotionCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function PromotionCard({ item }: { item: PromotionView }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const period = item.endsAt
    ? t('promotions.period', { start: date(item.startsAt), end: date(item.endsAt) })
    : t('promotions.from', { start: date(item.startsAt) });
  return (
    <article
      className="card promotion-card"
      data-testid="promotion-card"
      data-code={item.code}
      aria-labelledby={`promotion-${item.code}`}
    >
      {item.banner && (
        <img className="promotion-banner" src={item.banner} alt="" width={900} height={300} />
      )}
      <div className="promotion-body">
        <div className="card-header">
          <h2 id={`promotion-${item.code}`} className="card-title">
            {item.title}
          </h2>
          <span data-testid="promotion-status">
            <Badge tone={tones[item.status]}>{t(`promotions.status.${item.status}`)}</Badge>
          </span>
        </div>
        {item.summary && <p className="promotion-summary">{item.summary}</p>}
        <p className="promotion-period">{period}</p>
        {item.terms && (
          <details className="promotion-terms">
            <summary>{t('promotions.terms')}</summary>
            <SafeHtml html={item.terms} />
          </details>
        )}
      </div>
    </article>
  );
}
