import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsRedemptionRow } from '../../shared/backOfficeQueues';
import { deliveryLines } from '../../shared/deliveryAddress';
import { countryNamer } from '../components/forms/countryName';
import { Button } from '../components/Button';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { useLiveQueryOn } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import './queues.css';
import { useMoneyText } from '../components/records/useMoneyText';

/** Who decides a redemption (server/domain/backOffice/actions.ts: redemptions.decide). */
const DECIDERS = ['marketing'];

/**
 * The points mall's redemptions waiting for a decision (issue 30), oldest first: marketing
 * approves one or rejects it with an optional note (a rejection refunds the points and the cash
 * part, and puts the good back in stock); finance reads. A physical good's row says where to
 * ship it: the member's address as they typed it, shown as text (never markup), in the CSV too.
 */
export function RedemptionsPanel({ office, me }: PanelProps) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  // Live: a member's new redemption or another person's decision shows at once.
  const queue = useLiveQueryOn(
    office.live,
    'back-office-redemptions',
    (signal) => office.queues.redemptions(signal),
    ['opsRedemption'],
  );
  const decider = me.roles.some((role) => DECIDERS.includes(role));
  const rows = shownValue(queue.state);
  const number = new Intl.NumberFormat(i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const countryName = countryNamer(i18n.language);
  const shipTo = (row: OpsRedemptionRow) =>
    row.delivery ? deliveryLines(row.delivery, countryName) : [];

  if (!rows) return <QueryFallback state={queue.state} onRetry={queue.refresh} lines={4} />;

  const columns: DataColumn<OpsRedemptionRow>[] = [
    {
      id: 'id',
      label: t('backOffice.redemptionsPage.id'),
      cell: (row) => `#${row.id}`,
      sortValue: (row) => Number(row.id),
      csv: (row) => row.id,
    },
    {
      id: 'account',
      label: t('backOffice.redemptionsPage.member'),
      cell: (row) => row.account ?? '—',
      sortValue: (row) => row.account ?? '',
      csv: (row) => row.account ?? '',
    },
    {
      id: 'goods',
      label: t('backOffice.redemptionsPage.goods'),
      cell: (row) => `${row.goods.name} (${row.goods.code})`,
      sortValue: (row) => row.goods.name,
      csv: (row) => row.goods.code,
    },
    {
      id: 'points',
      label: t('backOffice.redemptionsPage.points'),
      numeric: true,
      cell: (row) => number.format(row.points),
      sortValue: (row) => row.points,
      csv: (row) => String(row.points),
    },
    {
      id: 'amount',
      label: t('backOffice.redemptionsPage.cash'),
      numeric: true,
      cell: (row) => money(row.amount),
      sortValue: (row) => Number(row.amount),
      csv: (row) => row.amount,
    },
    {
      id: 'delivery',
      label: t('backOffice.redemptionsPage.shipTo'),
      cell: (row) =>
        row.delivery ? (
          <span className="ship-to" data-testid="redemption-ship-to">
            {shipTo(row).map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </span>
        ) : (
          t('backOffice.redemptionsPage.notShipped')
        ),
      csv: (row) => shipTo(row).join(', '),
    },
    {
      id: 'createdAt',
      label: t('backOffice.redemptionsPage.when'),
      cell: (row) => when.format(new Date(row.createdAt)),
      sortValue: (row) => row.createdAt,
      csv: (row) => row.createdAt,
    },
    ...(decider
      ? [
          {
            id: 'actions',
            label: t('backOffice.redemptionsPage.actions'),
            cell: (row: OpsRedemptionRow) => (
              <Decide office={office} redemption={row} onDone={queue.refresh} />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="queues-panel" data-testid="redemptions-panel">
      {!decider && (
        <p className="field-hint" data-testid="redemptions-read-only">
          {t('backOffice.redemptionsPage.readOnly')}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t('backOffice.redemptionsPage.empty')} icon="gift">
          <p>{t('backOffice.redemptionsPage.emptyBody')}</p>
        </EmptyState>
      ) : (
        <DataTable
          items={rows}
          columns={columns}
          rowKey={(row) => row.id}
          testId="redemption-queue"
          caption={t('backOffice.redemptionsPage.caption', { count: rows.length })}
          filterText={(row) =>
            `${row.id} ${row.account ?? ''} ${row.goods.code} ${row.goods.name} ${shipTo(row).join(' ')}`
          }
          exportName="redemptions"
        />
      )}
    </div>
  );
}

/** Approve, or reject with an optional note (asked for first). */
function Decide({
  office,
  redemption,
  onDone,
}: {
  office: PanelProps['office'];
  redemption: OpsRedemptionRow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (decision: 'approve' | 'reject') => {
    setBusy(decision);
    setError(null);
    try {
      await office.queues.decideRedemption(
        redemption.id,
        decision,
        decision === 'reject' ? note.trim() || null : null,
      );
      toast(t(`backOffice.redemptionsPage.done.${decision}`, { id: redemption.id }), {
        tone: 'success',
      });
      setBusy(null);
      onDone();
    } catch (failure) {
      setBusy(null);
      const code = errorCodeOf(failure);
      setError(errorText(code) ?? t('errors.unknown'));
      if (code === 'redemption_decided' || code === 'not_found') onDone();
    }
  };

  return (
    <div className="queue-actions" data-testid="redemption-actions" data-id={redemption.id}>
      {rejecting ? (
        <>
          <Field
            label={t('backOffice.redemptionsPage.note')}
            name={`redemption-note-${redemption.id}`}
            value={note}
            maxLength={200}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button
            size="sm"
            variant="danger"
            busy={busy === 'reject'}
            disabled={busy !== null}
            onClick={() => void run('reject')}
          >
            {t('backOffice.redemptionsPage.confirmReject')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy !== null}
            onClick={() => setRejecting(false)}
          >
            {t('backOffice.redemptionsPage.cancel')}
          </Button>
        </>
      ) : (
        <>
          <Button
            size="sm"
            variant="primary"
            busy={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => void run('approve')}
          >
            {t('backOffice.redemptionsPage.approve')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy !== null}
            onClick={() => setRejecting(true)}
          >
            {t('backOffice.redemptionsPage.reject')}
          </Button>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
