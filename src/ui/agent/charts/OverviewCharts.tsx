import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamOverviewDay } from '../../../shared/agentReports';
import { Card } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { Table } from '../../components/Table';
import { useMoneyText } from '../../sections/member/records/useMoneyText';
import { useTheme } from '../../theme/theme';
import type { DailySeries } from './DailyChart';

// uPlot comes with the first chart, not with the back office's first page.
const DailyChart = lazy(() => import('./DailyChart'));

/** Every day from `from` to `to` (yyyy-MM-dd, inclusive). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const day = new Date(`${from}T12:00:00Z`);
  const end = new Date(`${to}T12:00:00Z`);
  while (day <= end && days.length <= 92) {
    days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

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
  const [theme] = useTheme();
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
  const amount = useMemo(
    () => new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const whole = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const income = useMemo<DailySeries[]>(
    () => [
      {
        label: t('agentOffice.charts.income'),
        values: rows.map((row) => Number(row.income)),
        kind: 'bars',
        color: '--accent',
        format: (value) => amount.format(value),
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
        format: (value) => amount.format(value),
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
  const chart = (series: DailySeries[]) => (
    <Suspense fallback={<Skeleton height="220px" />}>
      <DailyChart key={theme} days={days} series={series} language={i18n.language} />
    </Suspense>
  );
  return (
    <div className="agent-charts">
      <Card title={t('agentOffice.charts.incomeTitle')} data-testid="chart-income">
        {chart(income)}
        <details>
          <summary>{t('agentOffice.charts.asTable')}</summary>
          <Table
            items={rows}
            rowKey={(row) => row.day}
            testId="chart-income-data"
            columns={[
              { id: 'day', label: t('records.day'), cell: (row) => row.day },
              {
                id: 'income',
                label: t('agentOffice.charts.income'),
                numeric: true,
                cell: (row) => money(row.income),
              },
            ]}
          />
        </details>
      </Card>
      <Card title={t('agentOffice.charts.playTitle')} data-testid="chart-play">
        {chart(play)}
        <details>
          <summary>{t('agentOffice.charts.asTable')}</summary>
          <Table
            items={rows}
            rowKey={(row) => row.day}
            testId="chart-play-data"
            columns={[
              { id: 'day', label: t('records.day'), cell: (row) => row.day },
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
        </details>
      </Card>
    </div>
  );
}
