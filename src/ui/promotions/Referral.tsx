import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import { inviteLink, type ReferredFriend } from '../../shared/referrals';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useDialog } from '../components/DialogProvider';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { QrCode } from '../components/QrCode';
import { Table } from '../components/Table';
import { useToast } from '../components/Toast';
import { useSession } from '../core/session/useSession';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

const stateTone = { registered: 'accent', rewarded: 'success', refused: 'neutral' } as const;

/**
 * Invite friends (spec 2 referral; issue 14): the member's invite link and its QR code, copy
 * the link or the user id (spec 8: a success dialog), the open offer's condition, and every
 * friend invited with where it stands. A reward paid for a friend appears here and in the
 * reward centre as it happens (`reward` events).
 */
export function Referral() {
  const { t, i18n } = useTranslation();
  const promotionsModule = useFeature(promotionsFeature);
  const { member } = useSession();
  const dialog = useDialog();
  const toast = useToast();
  const query = useLiveQuery(
    `referral:${i18n.language}`,
    (signal) => promotionsModule.referral(signal),
    ['reward'],
  );
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const view = shownValue(query.state);
  if (!view) return <QueryFallback state={query.state} onRetry={query.refresh} lines={4} />;
  const link = inviteLink(window.location.origin, view.code);
  // The friend bets its first deposit × the multiplier with real money (issue 28, finding 5),
  // and at least the offer's floor when it has one.
  const offer = view.offer;
  const offerText = offer
    ? t(parseMoney(offer.minTurnover) > 0n ? 'referral.offerAtLeast' : 'referral.offer', {
        amount: money(offer.amount),
        deposit: money(offer.minFirstDeposit),
        turnover: money(offer.minTurnover),
        multiplier: offer.turnoverMultiplier,
      })
    : t('referral.noOffer');
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  };
  const copyLink = async () => {
    toast((await copy(link)) ? t('referral.linkCopied') : t('referral.copyFailed'), {
      tone: 'success',
    });
  };
  const copyUserId = async () => {
    const id = member?.account ?? '';
    const copied = await copy(id);
    await dialog({
      icon: copied ? 'success' : 'warning',
      title: copied ? t('referral.userIdCopied') : t('referral.copyFailed'),
      html: `<p>${id}</p>`,
      buttons: [{ key: 'ok', label: t('common.confirm'), primary: true }],
    });
  };
  const stateText = (friend: ReferredFriend) =>
    friend.state === 'refused'
      ? t(`referral.refused.${friend.refusedReason ?? 'same_address'}`)
      : t(`referral.state.${friend.state}`);
  return (
    <div className="reward-centre" data-testid="referral">
      <Card title={t('referral.title')} className="referral-card">
        <p data-testid="referral-offer">{offerText}</p>
        <div className="referral-share">
          <QrCode url={link} size={128} />
          <div className="referral-link">
            <label className="reward-note" htmlFor="invite-link">
              {t('referral.link')}
            </label>
            <input
              id="invite-link"
              readOnly
              value={link}
              data-testid="invite-link"
              onFocus={(event) => event.currentTarget.select()}
            />
            <p className="reward-note">{t('referral.code', { code: view.code })}</p>
            <div className="button-row">
              <Button variant="primary" onClick={() => void copyLink()}>
                {t('referral.copyLink')}
              </Button>
              <Button onClick={() => void copyUserId()} data-testid="copy-user-id">
                {t('referral.copyUserId')}
              </Button>
            </div>
          </div>
        </div>
      </Card>
      <Card title={t('referral.friends')}>
        {view.friends.length === 0 ? (
          <EmptyState title={t('referral.noFriends')} icon="team">
            <p>{t('referral.noFriendsBody')}</p>
          </EmptyState>
        ) : (
          <Table
            items={view.friends}
            rowKey={(friend) => `${friend.name}:${friend.joinedAt}`}
            testId="referral-friends"
            caption={t('referral.friends')}
            columns={[
              { id: 'name', label: t('missions.player'), cell: (friend) => friend.name },
              {
                id: 'joined',
                label: t('referral.joined'),
                cell: (friend) =>
                  new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                    new Date(friend.joinedAt),
                  ),
              },
              {
                id: 'state',
                label: t('referral.stateLabel'),
                cell: (friend) => <Badge tone={stateTone[friend.state]}>{stateText(friend)}</Badge>,
              },
              {
                id: 'deposit',
                label: t('referral.firstDeposit'),
                cell: (friend) => (friend.firstDeposit ? money(friend.firstDeposit) : '—'),
                numeric: true,
              },
              {
                id: 'turnover',
                label: t('vip.validBet'),
                cell: (friend) => money(friend.turnover),
                numeric: true,
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
