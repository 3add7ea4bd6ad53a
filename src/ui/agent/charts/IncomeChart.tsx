import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportQuery } from '../../../api/agent';
import type { IncomeDay } from '../../../shared/agentReports';
import { LoadFailed } from '../../components/LoadFailed';
import { Skeleton } from '../../components/Skeleton';
import { useErrorText } from '../../components/forms/useErrorText';
import { useKeyedQuery } from '../../hooks/useQuery';
import { useMoneyText } from '../../components/records/useMoneyText';
import { useAgentBalance } from '../useAgentBalance';
import { moneyAxisFormat } from './chartText';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';
import { ChartCard, daysOf } from '../../components/charts/ChartCard';
import type { DailySeries } from '../../components/charts/DailyChart';

/** The largest page the reports serve: a 92-day range is two requests. */
const CHART_PAGE_SIZE = 50;

/**
 * "My income" per day over the whole range searched (not only the table's page): salary and
 * upline transfers stacked as the day's total, days without income at zero. Amounts are drawn
 * from the decimal strings as numbers: plotting only, never arithmetic on money.
 */
export function IncomeChart({
  query,
  fromDay,
  toDay,
  search,
}: {
  query: Omit<ReportQuery, 'page' | 'pageSize'>;
  fromDay: string;
  toDay: string;
  search: number;
}) {
  const { t, i18n } = useTranslation();
  const agentModule = useFeature(agentFeature);
  const money = useMoneyText();
  const errorText = useErrorText();
  const [retries, setRetries] = useState(0);
  const state = useKeyedQuery<IncomeDay[]>(
    `income-chart:${JSON.stringify(query)}:${search}:${retries}`,
    async (signal) => {
      const days: IncomeDay[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await agentModule.report(
          'income',
          { ...query, page, pageSize: CHART_PAGE_SIZE },
          signal,
        );
        days.push(...answer.items);
        if (answer.items.length === 0 || page * answer.pageSize >= answer.total) return days;
      }
    },
  );
  const symbol = useAgentBalance()?.currencySymbol ?? '';
  const amount = useMemo(() => moneyAxisFormat(i18n.language, symbol), [i18n.language, symbol]);
  const loaded = state.kind === 'ready' ? state.value : null;
  const { days, rows } = useMemo(() => {
    const byDay = new Map((loaded ?? []).map((day) => [day.day, day]));
    const all = daysOf(fromDay, toDay);
    return {
      days: all,
      rows: all.map(
        (day): IncomeDay =>
          byDay.get(day) ?? { day, salary: '0.00', uplineTransfers: '0.00', total: '0.00' },
      ),
    };
  }, [loaded, fromDay, toDay]);
  const series = useMemo<DailySeries[]>(
    () => [
      {
        label: t('agentOffice.charts.income'),
        values: rows.map((row) => Number(row.total)),
        kind: 'bars',
        color: '--accent',
        format: amount,
      },
    ],
    [rows, t, amount],
  );
  if (state.kind === 'failed')
    return <LoadFailed message={errorText(state.code)} onRetry={() => setRetries((n) => n + 1)} />;
  if (!loaded) return <Skeleton height="300px" />;
  return (
    <ChartCard
      title={t('agentOffice.charts.incomeTitle')}
      testId="chart-income"
      emptyText={t('agentOffice.charts.noIncome')}
      days={days}
      series={series}
      rows={rows}
      columns={[
        {
          id: 'salary',
          label: t('agentOffice.income.salary'),
          numeric: true,
          cell: (row) => money(row.salary),
        },
        {
          id: 'uplineTransfers',
          label: t('agentOffice.income.uplineTransfers'),
          numeric: true,
          cell: (row) => money(row.uplineTransfers),
        },
        {
          id: 'total',
          label: t('records.total'),
          numeric: true,
          cell: (row) => money(row.total),
        },
      ]}
    />
  );
}
