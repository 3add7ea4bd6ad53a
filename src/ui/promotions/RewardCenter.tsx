import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney, parseMoney } from '../../shared/money';
import type { RewardView } from '../../shared/rewards';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useDialog } from '../components/DialogProvider';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { useServices } from '../core/ServicesContext';
import { useActionRequest } from '../hooks/useActionRequest';
import { useObservable } from '../hooks/useObservable';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { WageringProgress } from './WageringProgress';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

/**
 * The reward centre (spec 2 rewardCenter; issue 14): the bonus being wagered with its progress
 * and a way to give it up, every reward waiting to be claimed (one or all), and the latest
 * claimed ones. Follows the member's `reward` events, so a reward earned elsewhere (a deposit in
 * another tab) appears without a reload; the balance rises through the `balance` event.
 */
export function RewardCenter() {
  const { t, i18n } = useTranslation();
  const { rewardSummary$ } = useServices();
  const promotionsModule = useFeature(promotionsFeature);
  const toast = useToast();
  const dialog = useDialog();
  const errorText = useErrorText();
  const query = useLiveQuery(
    `rewards:${i18n.language}`,
    (signal) => promotionsModule.rewards(signal),
    ['reward'],
  );
  // The lock comes from the live summary: it moves with every bet while the page is open.
  const summary = useObservable(rewardSummary$, null);

  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  // Claim, claim all and forfeit are one request at a time (the action-request machine): a
  // second click is ignored, and a retry after a lost answer is the same request to the server.
  const request = useActionRequest<string>(
    async (target) => {
      if (target === 'forfeit') {
        const { forfeited } = await promotionsModule.forfeitBonus();
        return t('rewards.forfeited', { amount: money(forfeited) });
      }
      if (target === 'all') {
        const result = await promotionsModule.claimAll();
        const total = result.claimed.reduce((sum, reward) => sum + parseMoney(reward.amount), 0n);
        const paid = t('rewards.claimedAll', {
          count: result.claimed.length,
          amount: formatMoney(total, i18n.language),
        });
        return result.deferred > 0
          ? `${paid} ${t('rewards.deferred', { count: result.deferred })}`
          : paid;
      }
      const claimed = await promotionsModule.claim(target);
      // A bonus to wager goes to the bonus balance (issue 28), anything else is real money.
      return t(claimed.wageringRequired ? 'rewards.claimedBonus' : 'rewards.claimed', {
        amount: money(claimed.amount),
      });
    },
    {
      // Each answer: its toast, and the list asked again (a claimed reward leaves it).
      onDone: (message) => {
        toast(message, { tone: 'success' });
        query.refresh();
      },
      onError: (code) => {
        toast(errorText(code) ?? t('errors.unknown'), { tone: 'error' });
        query.refresh();
      },
    },
  );
  const busy = request.state.kind === 'sending' ? request.state.target : null;
  const claim = (reward: RewardView) => request.act(reward.id);
  const claimAll = () => request.act('all');
  const forfeit = async () => {
    const answer = await dialog({
      icon: 'warning',
      title: t('rewards.forfeitTitle'),
      html: `<p>${t('rewards.forfeitBody')}</p>`,
      buttons: [
        { key: 'cancel', label: t('common.cancel') },
        { key: 'forfeit', label: t('rewards.forfeit'), primary: true },
      ],
    });
    if (answer === 'forfeit') request.act('forfeit');
  };

  const list = shownValue(query.state);
  if (!list) return <QueryFallback state={query.state} onRetry={query.refresh} lines={4} />;
  const wagering = summary?.wagering ?? list.wagering;
  return (
    <div className="reward-centre" data-testid="reward-centre">
      {wagering && (
        <Card
          title={t('rewards.lockedTitle')}
          className="reward-lock"
          data-testid="reward-lock"
          actions={
            <Button
              variant="danger"
              size="sm"
              busy={busy === 'forfeit'}
              onClick={() => void forfeit()}
              data-testid="forfeit-bonus"
            >
              {t('rewards.forfeit')}
            </Button>
          }
        >
          <WageringProgress wagering={wagering} />
          <p className="reward-note">{t('rewards.lockedBody')}</p>
        </Card>
      )}
      <Card
        title={t('rewards.waitingTitle')}
        actions={
          list.waiting.length > 1 ? (
            <Button
              variant="primary"
              size="sm"
              busy={busy === 'all'}
              disabled={busy !== null}
              onClick={claimAll}
              data-testid="claim-all"
            >
              {t('rewards.claimAll')}
            </Button>
          ) : null
        }
      >
        {list.waiting.length === 0 ? (
          <EmptyState title={t('rewards.emptyTitle')} icon="gift">
            <p>
              {t('rewards.emptyBody')} <Link to="/promotions">{t('nav.promotions')}</Link>
            </p>
          </EmptyState>
        ) : (
          <ul className="reward-list" data-testid="reward-waiting">
            {list.waiting.map((reward) => (
              <li key={reward.id} className="reward-item" data-testid="reward-item">
                <RewardLine reward={reward} money={money} />
                <Button
                  variant="primary"
                  busy={busy === reward.id}
                  disabled={busy !== null && busy !== reward.id}
                  onClick={() => claim(reward)}
                  aria-label={t('rewards.claimOne', {
                    title: rewardTitle(reward, t),
                    amount: money(reward.amount),
                  })}
                  data-testid="claim-reward"
                >
                  {t('rewards.claim')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {list.history.length > 0 && (
        <Card title={t('rewards.historyTitle')}>
          <ul className="reward-list" data-testid="reward-history">
            {list.history.map((reward) => (
              <li key={reward.id} className="reward-item">
                <RewardLine reward={reward} money={money} />
                <Badge tone={reward.state === 'claimed' ? 'success' : 'neutral'}>
                  {t(`rewards.state.${reward.state}`)}
                </Badge>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The promotion's title; a mission's name; a VIP bonus with its level; else the source. */
function rewardTitle(reward: RewardView, t: Translate): string {
  if (reward.promotion) return reward.promotion.title;
  const source = t(`rewards.source.${reward.source}`);
  if (!reward.title) return source;
  return reward.source === 'mission' ? reward.title : `${source} · ${reward.title}`;
}

function RewardLine({ reward, money }: { reward: RewardView; money: (text: string) => string }) {
  const { t, i18n } = useTranslation();
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const date = format(reward.claimedAt ?? reward.createdAt);
  return (
    <div className="reward-line">
      <p className="reward-title">{rewardTitle(reward, t)}</p>
      <p className="reward-amount" data-testid="reward-amount">
        {money(reward.amount)}
      </p>
      <p className="reward-note">
        {reward.detail.deposit
          ? t('rewards.forDeposit', { amount: money(reward.detail.deposit), date })
          : date}
        {reward.wageringRequired && reward.state === 'waiting'
          ? ` · ${t('rewards.wageringNote', { amount: money(reward.wageringRequired) })}`
          : ''}
        {reward.expiresAt && reward.state === 'waiting'
          ? ` · ${t('rewards.claimBy', { date: format(reward.expiresAt) })}`
          : ''}
      </p>
    </div>
  );
}
