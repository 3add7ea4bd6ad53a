import { useTranslation } from 'react-i18next';
import type { BudgetLineView } from '../../shared/backOfficePromotions';
import { Badge } from '../components/Badge';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { QueryFallback } from '../components/QueryFallback';
import { shownValue, useQuery } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import './promotions.css';

/** "3.3553 %" → 3.3553, for sorting (the server's figures are exact to a ten-thousandth). */
const percentValue = (text: string) => Number.parseFloat(text);

/**
 * The economics figures (issue 30; issue 28's returns budget): for every game type at every VIP
 * level, what one bet returns to the member and its agents (salaries, dividend, VIP rebate,
 * promotions, points, upgrade bonus, missions) against the house edge less the margin, with
 * the headroom left; the tightest line first. What risk answers for, and what marketing plans a
 * rebate against before the promotion form checks it.
 */
export function EconomicsPanel({ office }: PanelProps) {
  const { t } = useTranslation();
  const budget = useQuery('back-office-economics', (signal) => office.promotions.economics(signal));
  const value = shownValue(budget.state);
  if (!value) return <QueryFallback state={budget.state} onRetry={budget.refresh} lines={5} />;

  const name = (line: BudgetLineView) => `${line.gameType} · VIP ${line.level}`;
  const columns: DataColumn<BudgetLineView>[] = [
    {
      id: 'gameType',
      label: t('backOffice.economics.gameType'),
      cell: (line) => line.gameType,
      sortValue: (line) => line.gameType,
      csv: (line) => line.gameType,
    },
    {
      id: 'level',
      label: t('backOffice.economics.level'),
      numeric: true,
      cell: (line) => line.level,
      sortValue: (line) => line.level,
      csv: (line) => String(line.level),
    },
    {
      id: 'total',
      label: t('backOffice.economics.total'),
      numeric: true,
      cell: (line) => line.total,
      sortValue: (line) => percentValue(line.total),
      csv: (line) => line.total,
    },
    {
      id: 'limit',
      label: t('backOffice.economics.limit'),
      numeric: true,
      cell: (line) => line.limit,
      sortValue: (line) => percentValue(line.limit),
      csv: (line) => line.limit,
    },
    {
      id: 'headroom',
      label: t('backOffice.economics.headroom'),
      numeric: true,
      cell: (line) => (
        <span className={line.ok ? undefined : 'form-error'}>
          {line.headroom} {line.ok ? '' : <Badge>{t('backOffice.economics.over')}</Badge>}
        </span>
      ),
      sortValue: (line) => percentValue(line.headroom),
      csv: (line) => line.headroom,
    },
    {
      id: 'items',
      label: t('backOffice.economics.items'),
      cell: (line) => (
        <details className="economics-items">
          <summary>{t('backOffice.economics.itemCount', { count: line.items.length })}</summary>
          <ul>
            {line.items.map((item) => (
              <li key={`${item.source}-${item.label}`}>
                {item.label}: {item.percent} <span className="field-hint">({item.source})</span>
              </li>
            ))}
            <li>
              {t('backOffice.economics.edge')}: {line.edge}{' '}
              <span className="field-hint">({line.edgeSource})</span>
            </li>
          </ul>
        </details>
      ),
      csv: (line) => line.items.map((item) => `${item.label} ${item.percent}`).join('; '),
    },
  ];

  return (
    <div className="promotions-panel" data-testid="economics-panel">
      <Card title={t('backOffice.economics.title')}>
        <p role="status" data-testid="economics-verdict">
          {value.ok
            ? t('backOffice.economics.holds', {
                line: name(value.worst),
                headroom: value.worst.headroom,
                margin: value.margin,
              })
            : t('backOffice.economics.broken', { line: name(value.worst), margin: value.margin })}
        </p>
        <p className="field-hint">{t('backOffice.economics.explain')}</p>
      </Card>
      <DataTable
        items={value.lines}
        columns={columns}
        rowKey={(line) => `${line.gameType}-${line.level}`}
        testId="economics-lines"
        caption={t('backOffice.economics.title')}
        filterText={(line) => `${line.gameType} VIP ${line.level}`}
        exportName="returns-budget"
        initialSort={{ column: 'headroom', direction: 'ascending' }}
        pageSize={25}
      />
    </div>
  );
}
