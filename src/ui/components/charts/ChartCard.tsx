import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../Card';
import { EmptyState } from '../EmptyState';
import { Skeleton } from '../Skeleton';
import { Table, type TableColumn } from '../Table';
import { useTheme } from '../../core/theme';
import type { DailySeries } from './DailyChart';

// uPlot comes with the first chart, not with the back office's first page.
const DailyChart = lazy(() => import('./DailyChart'));

/** Every day from `from` to `to` (yyyy-MM-dd, inclusive; at most 93). */
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

/** Whether a chart has anything to draw: a day with a value other than zero in some series. */
export function hasData(series: readonly DailySeries[]): boolean {
  return series.some((line) => line.values.some((value) => value !== 0));
}

/**
 * A back-office chart of per-day figures in a card, with the same numbers as a table under it
 * (for screen readers and for reading exact values: the canvas is hidden from assistive
 * technology). `rows` has one row per day of `days`. With `emptyText`, a range where every
 * value is zero shows that text instead of a bare grid (the table still folds open).
 */
export function ChartCard<Row extends { day: string }>({
  title,
  testId,
  days,
  series,
  rows,
  columns,
  emptyText,
}: {
  title: string;
  testId: string;
  days: string[];
  series: DailySeries[];
  rows: Row[];
  columns: TableColumn<Row>[];
  emptyText?: string;
}) {
  const { t, i18n } = useTranslation();
  const [theme] = useTheme();
  return (
    <Card title={title} data-testid={testId}>
      {emptyText && !hasData(series) ? (
        <div className="chart-empty" data-testid={`${testId}-empty`}>
          <EmptyState title={emptyText} icon="info" />
        </div>
      ) : (
        <Suspense fallback={<Skeleton height="220px" />}>
          <DailyChart
            key={theme}
            days={days}
            series={series}
            language={i18n.language}
            dayLabel={t('agentOffice.charts.day')}
          />
        </Suspense>
      )}
      <details>
        <summary>{t('agentOffice.charts.asTable')}</summary>
        <Table
          items={rows}
          rowKey={(row) => row.day}
          testId={`${testId}-data`}
          columns={[{ id: 'day', label: t('records.day'), cell: (row) => row.day }, ...columns]}
        />
      </details>
    </Card>
  );
}
