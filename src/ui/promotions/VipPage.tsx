import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import type { VipLevelView, VipStatus } from '../../shared/vip';
import { Badge } from '../components/Badge';
import { Card } from '../components/Card';
import { QueryFallback } from '../components/QueryFallback';
import { Table, type TableColumn } from '../components/Table';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';
import { VipNext } from './VipNext';
import { formatPercent } from '../../shared/percent';

/**
 * The VIP page (spec 2 member list; issue 14): the member's level, the period's valid bets and
 * deposits, the progress to the next level (what is left, a bar per requirement: VipNext), and
 * every level's benefits. Moves live: every settled bet and deposit (the `balance` event) and
 * every level change (`vip`) refresh it.
 */
export function VipPage() {
  const { t, i18n } = useTranslation();
  const promotionsModule = useFeature(promotionsFeature);
  const query = useLiveQuery(`vip:${i18n.language}`, (signal) => promotionsModule.vip(signal), [
    'vip',
    'balance',
  ]);
  const status = shownValue(query.state);
  if (!status) return <QueryFallback state={query.state} onRetry={query.refresh} lines={4} />;
  return (
    <div className="vip-page" data-testid="vip-page">
      <VipStanding status={status} />
      <Card title={t('vip.levelsTitle')}>
        <VipLevels status={status} />
      </Card>
    </div>
  );
}

function VipStanding({ status }: { status: VipStatus }) {
  const { t, i18n } = useTranslation();
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const period =
    status.period.kind === 'rolling'
      ? t('vip.periodRolling', { days: status.period.days })
      : t('vip.periodMonth');
  return (
    <Card
      title={t('vip.yourLevel')}
      className="vip-standing"
      actions={<Badge tone="accent">{t('vip.levelNumber', { level: status.level })}</Badge>}
    >
      <p className="vip-name" data-testid="vip-level">
        {status.name}
      </p>
      <p className="reward-note">{period}</p>
      <dl className="vip-figures">
        <div>
          <dt>{t('vip.validBet')}</dt>
          <dd data-testid="vip-valid-bet">{money(status.validBet)}</dd>
        </div>
        <div>
          <dt>{t('vip.deposit')}</dt>
          <dd>{money(status.deposit)}</dd>
        </div>
      </dl>
      {status.next ? (
        <VipNext status={status} next={status.next} />
      ) : (
        <p className="wagering-figures">{t('vip.top')}</p>
      )}
    </Card>
  );
}

function VipLevels({ status }: { status: VipStatus }) {
  const { t, i18n } = useTranslation();
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const rates = (level: VipLevelView) =>
    Object.entries(level.rebatePercent)
      .map(([type, rate]) =>
        type === 'default'
          ? t('vip.rateOther', { rate })
          : `${t(`games.${type.toLowerCase()}`, { defaultValue: type })} ${formatPercent(rate, i18n.language)}`,
      )
      .join(' · ');
  const columns: TableColumn<VipLevelView>[] = [
    {
      id: 'name',
      label: t('vip.level'),
      cell: (level) => (
        <>
          {level.name}{' '}
          {level.level === status.level && <Badge tone="success">{t('vip.current')}</Badge>}
        </>
      ),
    },
    {
      id: 'validBet',
      label: t('vip.validBet'),
      cell: (level) => money(level.validBet),
      numeric: true,
    },
    {
      id: 'deposit',
      label: t('vip.deposit'),
      cell: (level) => money(level.deposit),
      numeric: true,
    },
    { id: 'rebate', label: t('vip.rebate'), cell: rates },
    {
      id: 'bonus',
      label: t('vip.upgradeBonus'),
      cell: (level) => money(level.upgradeBonus),
      numeric: true,
    },
    {
      id: 'withdrawal',
      label: t('vip.withdrawalDailyMax'),
      cell: (level) =>
        level.withdrawalDailyMax === null ? t('vip.noLimit') : money(level.withdrawalDailyMax),
      numeric: true,
    },
  ];
  return (
    <Table
      items={status.levels}
      columns={columns}
      rowKey={(level) => String(level.level)}
      testId="vip-levels"
      caption={t('vip.levelsTitle')}
    />
  );
}
