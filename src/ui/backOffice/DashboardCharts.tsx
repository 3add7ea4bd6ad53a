import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayFigures } from '../../shared/backOfficeMoney';
import { ChartCard } from '../components/charts/ChartCard';
import type { DailySeries } from '../components/charts/DailyChart';

type Key = Exclude<keyof DayFigures, 'day'>;

/** Which figures each chart draws: the first as bars, the second as a line. */
const CHARTS: { id: string; bars: Key; line: Key }[] = [
  { id: 'cash', bars: 'deposits', line: 'withdrawals' },
  { id: 'result', bars: 'ggr', line: 'ngr' },
  { id: 'play', bars: 'bets', line: 'activePlayers' },
];

/**
 * The dashboard's 30 days as charts (issue 30): money in and out, the house's result (GGR and
 * NGR, which may be below zero) and play (bets and active players), each with its numbers as a
 * table under it. Drawn from the decimal strings as numbers: plotting only, never arithmetic on
 * money. uPlot loads with the first chart (ChartCard), not with the back office.
 */
export function DashboardCharts({ days }: { days: readonly DayFigures[] }) {
  const { t, i18n } = useTranslation();
  const compact = useMemo(
    () => new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const charts = useMemo(
    () =>
      CHARTS.map((chart) => ({
        ...chart,
        series: [chart.bars, chart.line].map((key, index): DailySeries => ({
          label: t(`backOffice.money.${key}`),
          values: days.map((day) => Number(day[key])),
          kind: index === 0 ? 'bars' : 'line',
          color: index === 0 ? '--accent' : '--focus',
          format: (value) => compact.format(value),
        })),
      })),
    [days, t, compact],
  );
  const dayList = useMemo(() => days.map((day) => day.day), [days]);
  return (
    <div className="money-charts">
      {charts.map((chart) => (
        <ChartCard
          key={chart.id}
          title={t(`backOffice.money.charts.${chart.id}`)}
          testId={`dashboard-chart-${chart.id}`}
          days={dayList}
          series={chart.series}
          rows={[...days]}
          columns={[chart.bars, chart.line].map((key) => ({
            id: key,
            label: t(`backOffice.money.${key}`),
            numeric: true,
            cell: (row: DayFigures) => String(row[key]),
          }))}
        />
      ))}
    </div>
  );
}
