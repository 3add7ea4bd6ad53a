import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsPromotionRow } from '../../shared/backOfficePromotions';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { useDialog } from '../components/DialogProvider';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import { PromotionEditor } from './PromotionEditor';
import './promotions.css';

/** Who may write promotions (the server checks; the page leaves out what it would refuse). */
const WRITERS = ['marketing'];

/**
 * The back office's promotions (issue 30): every promotion with its phase, sorted, filtered and
 * exported; marketing creates one or changes it in a form that shows the returns budget's
 * verdict before saving and a preview per language, and closes one. Finance and risk read.
 */
export function PromotionsPanel({ office, me }: PanelProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const dialog = useDialog();
  const errorText = useErrorText();
  const list = useQuery('back-office-promotions', (signal) => office.promotions.list(signal));
  const [editing, setEditing] = useState<{ mode: 'create' } | { mode: 'update'; code: string }>();
  const writer = me.roles.some((role) => WRITERS.includes(role));
  const rows = shownValue(list.state);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');

  const close = async (row: OpsPromotionRow) => {
    const answer = await dialog({
      icon: 'warning',
      title: t('backOffice.promotions.closeTitle', { code: row.code }),
      buttons: [
        { key: 'cancel', label: t('common.cancel') },
        { key: 'close', label: t('backOffice.promotions.close'), primary: true },
      ],
    });
    if (answer !== 'close') return;
    office.promotions.close(row.code).then(
      () => {
        toast(t('backOffice.promotions.closed', { code: row.code }), { tone: 'success' });
        list.refresh();
      },
      (error: unknown) =>
        toast(errorText(errorCodeOf(error)) ?? t('errors.unknown'), { tone: 'error' }),
    );
  };

  if (editing) {
    return (
      <PromotionEditor
        office={office}
        mode={editing.mode}
        code={editing.mode === 'update' ? editing.code : null}
        onDone={(saved) => {
          setEditing(undefined);
          if (saved) list.refresh();
        }}
      />
    );
  }
  if (!rows) return <QueryFallback state={list.state} onRetry={list.refresh} lines={4} />;

  const columns: DataColumn<OpsPromotionRow>[] = [
    {
      id: 'code',
      label: t('backOffice.promotions.code'),
      cell: (row) => row.code,
      sortValue: (row) => row.code,
      csv: (row) => row.code,
    },
    {
      id: 'title',
      label: t('backOffice.promotions.titleColumn'),
      cell: (row) => row.title,
      sortValue: (row) => row.title,
      csv: (row) => row.title,
    },
    {
      id: 'type',
      label: t('backOffice.promotions.type'),
      cell: (row) => t(`backOffice.promotions.types.${row.type}`),
      sortValue: (row) => row.type,
      csv: (row) => row.type,
    },
    {
      id: 'phase',
      label: t('backOffice.promotions.phase'),
      cell: (row) => <Badge>{t(`backOffice.promotions.phases.${row.phase}`)}</Badge>,
      sortValue: (row) => row.phase,
      csv: (row) => row.phase,
    },
    {
      id: 'startsAt',
      label: t('backOffice.promotions.startsAt'),
      cell: (row) => when(row.startsAt),
      sortValue: (row) => row.startsAt,
      csv: (row) => row.startsAt,
    },
    {
      id: 'endsAt',
      label: t('backOffice.promotions.endsAt'),
      cell: (row) => when(row.endsAt),
      sortValue: (row) => row.endsAt ?? '9999',
      csv: (row) => row.endsAt ?? '',
    },
    ...(writer
      ? [
          {
            id: 'actions',
            label: t('backOffice.promotions.actions'),
            cell: (row: OpsPromotionRow) =>
              row.phase === 'closed' ? null : (
                <span className="promotion-actions">
                  <Button size="sm" onClick={() => setEditing({ mode: 'update', code: row.code })}>
                    {t('backOffice.promotions.edit')}
                  </Button>
                  <Button size="sm" onClick={() => void close(row)}>
                    {t('backOffice.promotions.close')}
                  </Button>
                </span>
              ),
          },
        ]
      : []),
  ];

  return (
    <div className="promotions-panel" data-testid="promotions-panel">
      {writer && (
        <p>
          <Button variant="primary" onClick={() => setEditing({ mode: 'create' })}>
            {t('backOffice.promotions.new')}
          </Button>
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t('backOffice.promotions.empty')} icon="gift">
          <p>{t('backOffice.promotions.emptyBody')}</p>
        </EmptyState>
      ) : (
        <DataTable
          items={rows}
          columns={columns}
          rowKey={(row) => row.code}
          testId="promotion-list"
          caption={t('backOffice.tab.promotions')}
          filterText={(row) => `${row.code} ${row.title} ${row.type} ${row.phase}`}
          exportName="promotions"
          initialSort={{ column: 'startsAt', direction: 'descending' }}
        />
      )}
    </div>
  );
}
