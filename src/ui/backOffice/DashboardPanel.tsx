import { useTranslation } from 'react-i18next';
import type { DayFigures } from '../../shared/backOfficeMoney';
import { Card } from '../components/Card';
import { type DataColumn, DataTable } from '../components/DataTable';
import { QueryFallback } from '../components/QueryFallback';
import { shownValue } from '../hooks/useQuery';
import { useLiveQueryOn } from '../hooks/useLiveQuery';
import { DashboardCharts } from './DashboardCharts';
import type { PanelProps } from './panelProps';
import './money.css';

type MoneyKey = Exclude<keyof DayFigures, 'day' | 'activePlayers'>;
const MONEY_KEYS: MoneyKey[] = [
  'deposits',
  'withdrawals',
  'bets',
  'payouts',
  'ggr',
  'bonusCost',
  'ngr',
];

/**
 * The back office's dashboard (issue 30): today's figures and the last 30 days' (charts and a
 * table), read again
 * whenever the server says money moved (`opsFigures`, at most once a second), so a deposit or
 * bet made elsewhere shows without a reload.
 */
export function DashboardPanel({ office }: PanelProps) {
  const { t, i18n } = useTranslation();
  const figures = useLiveQueryOn(
    office.live,
    'back-office-dashboard',
    (signal) => office.money.dashboard(signal),
    ['opsFigures'],
  );
  const view = shownValue(figures.state);
  if (!view) return <QueryFallback state={figures.state} onRetry={figures.refresh} />;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  const columns: DataColumn<DayFigures>[] = [
    {
      id: 'day',
      label: t('backOffice.money.day'),
      cell: (row) => row.day,
      sortValue: (row) => row.day,
      csv: (row) => row.day,
    },
    ...MONEY_KEYS.map((key): DataColumn<DayFigures> => ({
      id: key,
      label: t(`backOffice.money.${key}`),
      numeric: true,
      cell: (row) => row[key],
      sortValue: (row) => Number(row[key]),
      csv: (row) => row[key],
    })),
    {
      id: 'activePlayers',
      label: t('backOffice.money.activePlayers'),
      numeric: true,
      cell: (row) => row.activePlayers,
      sortValue: (row) => row.activePlayers,
      csv: (row) => String(row.activePlayers),
    },
  ];

  return (
    <div className="money-dashboard" data-testid="dashboard-panel">
      <p className="money-updated" data-testid="dashboard-updated">
        {t('backOffice.money.updatedAt', { time: time.format(new Date(view.at)) })}
      </p>
      <div className="money-cards">
        {[...MONEY_KEYS, 'activePlayers' as const].map((key) => (
          <Card key={key} title={t(`backOffice.money.${key}`)} headingLevel={3}>
            <span className="money-figure" data-testid={`dashboard-today-${key}`}>
              {view.today[key]}
            </span>
          </Card>
        ))}
      </div>
      <DashboardCharts days={view.days} />
      <DataTable
        items={[...view.days].reverse()}
        columns={columns}
        rowKey={(row) => row.day}
        testId="dashboard-days"
        caption={t('backOffice.money.daysCaption')}
        pageSize={7}
        exportName="dashboard"
      />
    </div>
  );
}
