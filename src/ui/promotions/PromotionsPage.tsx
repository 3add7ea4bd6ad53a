import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type PromotionStatus,
  type PromotionView,
  promotionActionsIn,
  optInActionOf,
  promotionOptInEvent,
} from '../../shared/promotions';
import { Button } from '../components/Button';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { usePopups } from '../core/PopupContext';
import { useObservable } from '../hooks/useObservable';
import { useSession } from '../core/session/useSession';
import { RaffleDetails } from './RaffleDetails';
import { WageringProgress } from './WageringProgress';
import { Badge } from '../components/Badge';
import { EmptyState } from '../components/EmptyState';
import { LoadFailed } from '../components/LoadFailed';
import { SafeHtml } from '../components/SafeHtml';
import { Skeleton, SkeletonText } from '../components/Skeleton';
import { useServices } from '../core/ServicesContext';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

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
  const promotionsModule = useFeature(promotionsFeature);
  const { pending, isLogin, member } = useSession();
  // Asked again in another language and once the session is known (a restored login, a login
  // or logout on this page): the token, when there is one, goes with every call.
  const who = pending ? 'pending' : isLogin ? `member:${member?.account ?? ''}` : 'guest';
  // A reward issued or a bonus unlocked elsewhere (a deposit, a bet) changes a card's state.
  const { state, refresh } = useLiveQuery(
    `promotions:${i18n.language}:${who}`,
    (signal) => promotionsModule.list(signal),
    ['reward'],
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
          onChanged={refresh}
        />
      )}
    </div>
  );
}

function PromotionList({ items, onChanged }: { items: PromotionView[]; onChanged: () => void }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <EmptyState title={t('promotions.empty')} icon="gift">
        <p>{t('promotions.emptyBody')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="promotion-list" data-testid="promotion-list">
      {items.map((item) => (
        <li key={item.code}>
          <PromotionCard item={item} onChanged={onChanged} />
        </li>
      ))}
    </ul>
  );
}

function PromotionCard({ item, onChanged }: { item: PromotionView; onChanged: () => void }) {
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
        {item.type === 'raffle' && item.phase !== 'comingSoon' && (
          <RaffleDetails code={item.code} state={item.state} />
        )}
        <PromotionAction item={item} onChanged={onChanged} />
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

/**
 * What the member can do on the card, from the shared machine (the same rules the server
 * applies): opt in while it is open (a guest is asked to log in first), claim an issued reward
 * in the reward centre, follow the wagering of a claimed bonus.
 */
function PromotionAction({ item, onChanged }: { item: PromotionView; onChanged: () => void }) {
  const promotionsModule = useFeature(promotionsFeature);
  const { t } = useTranslation();
  const { rewardSummary$ } = useServices();
  const { open } = usePopups();
  const toast = useToast();
  const errorText = useErrorText();
  const summary = useObservable(rewardSummary$, null);
  const [busy, setBusy] = useState(false);
  const optIn = promotionOptInEvent(item.type);

  if (item.state === 'issued') {
    return (
      <p className="promotion-action">
        <Link className="button primary" to="/member/rewardCenter" data-testid="promotion-claim">
          {t('promotions.claimInCentre')}
        </Link>
      </p>
    );
  }
  if (item.state === 'process') {
    const wagering = summary?.wagering;
    return wagering && wagering.promotion?.code === item.code ? (
      <WageringProgress wagering={wagering} />
    ) : null;
  }
  if (item.state === 'applying' || item.state === 'rejected') {
    return (
      <p className="promotion-action" data-testid="promotion-review">
        {t(item.state === 'applying' ? 'promotions.applyingNote' : 'promotions.rejectedNote')}
      </p>
    );
  }
  if (item.phase !== 'open' || optIn === null) return null;
  const action = optInActionOf(optIn);
  if (item.state === null) {
    return (
      <p className="promotion-action">
        <Button variant="primary" onClick={() => open('login')} data-testid="promotion-login">
          {t('promotions.loginToJoin')}
        </Button>
      </p>
    );
  }
  if (!promotionActionsIn(item.state, 'member').includes(optIn)) return null;
  const submit = async () => {
    setBusy(true);
    try {
      await promotionsModule.optIn(item.code, action);
      toast(t(`promotions.done.${action}`, { title: item.title }), { tone: 'success' });
      onChanged();
    } catch (error) {
      toast(errorText(errorCodeOf(error)) ?? t('errors.unknown'), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="promotion-action">
      <Button
        variant="primary"
        busy={busy}
        onClick={() => void submit()}
        data-testid="promotion-opt-in"
      >
        {t(`promotions.action.${action}`)}
      </Button>
    </p>
  );
}
