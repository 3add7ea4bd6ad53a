import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamOverviewDay } from '../../../shared/agentReports';
import { useMoneyText } from '../../components/records/useMoneyText';
import { useAgentBalance } from '../useAgentBalance';
import { moneyAxisFormat } from './chartText';
import { ChartCard, daysOf } from '../../components/charts/ChartCard';
import type { DailySeries } from '../../components/charts/DailyChart';

/**
 * The overview's charts: the agent's income per day, and the team's bets and active players
 * per day, over the chosen range (days without any are zero). Each chart has its numbers as a
 * table under it, for screen readers and for reading exact values. Amounts are drawn from the
 * decimal strings as numbers: plotting only, never arithmetic on money.
 */
export function OverviewCharts({
  daily,
  fromDay,
  toDay,
}: {
  daily: TeamOverviewDay[];
  fromDay: string;
  toDay: string;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const { days, rows } = useMemo(() => {
    const byDay = new Map(daily.map((day) => [day.day, day]));
    const all = daysOf(fromDay, toDay);
    return {
      days: all,
      rows: all.map(
        (day): TeamOverviewDay =>
          byDay.get(day) ?? {
            day,
            betCount: 0,
            betAmount: '0.00',
            activeMembers: 0,
            income: '0.00',
          },
      ),
    };
  }, [daily, fromDay, toDay]);
  const symbol = useAgentBalance()?.currencySymbol ?? '';
  const amount = useMemo(() => moneyAxisFormat(i18n.language, symbol), [i18n.language, symbol]);
  const whole = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const income = useMemo<DailySeries[]>(
    () => [
      {
        label: t('agentOffice.charts.income'),
        values: rows.map((row) => Number(row.income)),
        kind: 'bars',
        color: '--accent',
        format: amount,
      },
    ],
    [rows, t, amount],
  );
  const play = useMemo<DailySeries[]>(
    () => [
      {
        label: t('agentOffice.overview.betAmount'),
        values: rows.map((row) => Number(row.betAmount)),
        kind: 'bars',
        color: '--accent',
        format: amount,
      },
      {
        label: t('agentOffice.overview.activeMembers'),
        values: rows.map((row) => row.activeMembers),
        kind: 'line',
        color: '--focus',
        format: (value) => whole.format(value),
      },
    ],
    [rows, t, amount, whole],
  );
  return (
    <div className="agent-charts">
      <ChartCard
        title={t('agentOffice.charts.incomeTitle')}
        testId="chart-income"
        emptyText={t('agentOffice.charts.noIncome')}
        days={days}
        series={income}
        rows={rows}
        columns={[
          {
            id: 'income',
            label: t('agentOffice.charts.income'),
            numeric: true,
            cell: (row) => money(row.income),
          },
        ]}
      />
      <ChartCard
        title={t('agentOffice.charts.playTitle')}
        testId="chart-play"
        emptyText={t('agentOffice.charts.noBets')}
        days={days}
        series={play}
        rows={rows}
        columns={[
          {
            id: 'betCount',
            label: t('agentOffice.overview.betCount'),
            numeric: true,
            cell: (row) => whole.format(row.betCount),
          },
          {
            id: 'betAmount',
            label: t('agentOffice.overview.betAmount'),
            numeric: true,
            cell: (row) => money(row.betAmount),
          },
          {
            id: 'activeMembers',
            label: t('agentOffice.overview.activeMembers'),
            numeric: true,
            cell: (row) => whole.format(row.activeMembers),
          },
        ]}
      />
    </div>
  );
}
