import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MissionView } from '../../shared/missions';
import { formatMoney, parseMoney } from '../../shared/money';
import { Badge } from '../components/Badge';
import { Card } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { SkeletonText } from '../components/Skeleton';
import { Table } from '../components/Table';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

/**
 * Missions and their leaderboard (spec 2 missionLeaderboard; issue 14): today's and this
 * week's missions with their progress, moving live as bets and deposits settle (`balance`) and
 * rewards are issued or claimed (`reward`); a completed mission's reward is claimed in the
 * reward centre. Below, this week's ranking by missions completed.
 */
export function Missions() {
  const { t, i18n } = useTranslation();
  const promotionsModule = useFeature(promotionsFeature);
  const summary = useLiveQuery(
    `missions:${i18n.language}`,
    (signal) => promotionsModule.missions.summary(signal),
    ['balance', 'reward'],
  );
  const board = useLiveQuery(
    'missions:leaderboard',
    (signal) => promotionsModule.missions.leaderboard(signal),
    ['reward'],
  );
  const value = shownValue(summary.state);
  if (!value) return <QueryFallback state={summary.state} onRetry={summary.refresh} lines={4} />;
  const boardValue = shownValue(board.state);
  return (
    <div className="reward-centre" data-testid="missions">
      {value.rewardsWaiting > 0 && (
        <p className="reward-note" role="status">
          {t('missions.waiting', { count: value.rewardsWaiting })}{' '}
          <Link to="/member/rewardCenter">{t('menu.rewardCenter')}</Link>
        </p>
      )}
      {value.missions.length === 0 ? (
        <EmptyState title={t('missions.emptyTitle')} icon="star">
          <p>{t('missions.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="reward-list mission-list" data-testid="mission-list">
          {value.missions.map((mission) => (
            <li key={mission.code} className="card mission-card" data-code={mission.code}>
              <MissionLine mission={mission} />
            </li>
          ))}
        </ul>
      )}
      <Card title={t('missions.leaderboard')}>
        {boardValue === null ? (
          <SkeletonText lines={3} />
        ) : boardValue.entries.length === 0 ? (
          <p className="reward-note">{t('missions.noRanking')}</p>
        ) : (
          <>
            {boardValue.me && (
              <p className="reward-note" data-testid="mission-rank">
                {t('missions.yourRank', {
                  rank: boardValue.me.rank,
                  count: boardValue.me.completed,
                })}
              </p>
            )}
            <Table
              items={boardValue.entries}
              rowKey={(entry) => `${entry.rank}:${entry.name}`}
              testId="mission-leaderboard"
              caption={t('missions.leaderboard')}
              columns={[
                { id: 'rank', label: t('missions.rank'), cell: (entry) => entry.rank },
                {
                  id: 'name',
                  label: t('missions.player'),
                  cell: (entry) => (
                    <>
                      {entry.name} {entry.you && <Badge tone="success">{t('vip.current')}</Badge>}
                    </>
                  ),
                },
                {
                  id: 'completed',
                  label: t('missions.completed'),
                  cell: (entry) => entry.completed,
                  numeric: true,
                },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}

function MissionLine({ mission }: { mission: MissionView }) {
  const { t, i18n } = useTranslation();
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const amounts = mission.goal.kind === 'validBet';
  return (
    <div className="wagering">
      <div className="card-header">
        <h2 className="card-title">{mission.name}</h2>
        <Badge tone={mission.state === 'completed' ? 'success' : 'accent'}>
          {mission.state === 'completed'
            ? t('missions.completedState')
            : t(`missions.period.${mission.period}`)}
        </Badge>
      </div>
      <progress
        className="wagering-bar"
        max={100}
        value={mission.percent}
        aria-label={t('missions.progressLabel', { name: mission.name })}
      />
      <p className="wagering-figures" data-testid="mission-progress">
        {amounts
          ? `${money(mission.progress)} / ${money(mission.target)}`
          : `${mission.progress} / ${mission.target}`}
        {' · '}
        {t('missions.reward', { amount: money(mission.reward) })}
      </p>
    </div>
  );
}
