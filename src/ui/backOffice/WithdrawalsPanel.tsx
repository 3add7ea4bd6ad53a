import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPending } from '../../app/features/backOffice';
import type { OpsWithdrawal } from '../../api/backOfficeMoney';
import {
  operatorActionsIn,
  type OperatorWithdrawalAction,
  type WithdrawalStatus,
} from '../../shared/withdrawals';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Field, Select } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { useLiveQueryOn } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { MemberLedger } from './MemberLedger';
import type { PanelProps } from './panelProps';
import './money.css';
import { useMoneyText } from '../components/records/useMoneyText';

/** The statuses the queue filters by; '' is every status. */
const FILTERS = ['requested', 'notReceived', 'partiallyReceived', 'awaitingConfirmation', ''];

const TONES: Partial<Record<WithdrawalStatus, 'accent' | 'danger' | 'success'>> = {
  requested: 'accent',
  notReceived: 'danger',
  partiallyReceived: 'danger',
  received: 'success',
  forcedReceived: 'success',
};

/**
 * The finance queue of withdrawals (issue 30): what waits to be paid first, filtered by status
 * or member; live (a new request or another clerk's decision shows at once, socket
 * `opsWithdrawal`); pay or reject a request, refund or close a reported one — only the actions
 * the withdrawal's machine allows in its state; a payout above the four-eyes amount waits for a
 * second person. The member's recent ledger opens beside the row.
 */
export function WithdrawalsPanel({ office }: PanelProps) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const [status, setStatus] = useState('requested');
  const [account, setAccount] = useState('');
  const [typed, setTyped] = useState('');
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  const queue = useLiveQueryOn(
    office.live,
    `back-office-withdrawals:${status}:${account}`,
    (signal) => office.money.withdrawals({ status, account }, signal),
    ['opsWithdrawal'],
  );
  const rows = shownValue(queue.state);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const filter = (event: FormEvent) => {
    event.preventDefault();
    setAccount(typed.trim());
  };

  const columns: DataColumn<OpsWithdrawal>[] = [
    {
      id: 'id',
      label: t('backOffice.withdrawalsPage.id'),
      cell: (row) => `#${row.id}`,
      sortValue: (row) => Number(row.id),
      csv: (row) => row.id,
    },
    {
      id: 'account',
      label: t('backOffice.withdrawalsPage.account'),
      cell: (row) => (
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={ledgerOf === row.account}
          aria-label={t('backOffice.withdrawalsPage.showLedger', { account: row.account })}
          onClick={() => setLedgerOf(ledgerOf === row.account ? null : row.account)}
        >
          {row.account}
        </Button>
      ),
      sortValue: (row) => row.account,
      csv: (row) => row.account,
    },
    {
      id: 'amount',
      label: t('backOffice.amount'),
      numeric: true,
      cell: (row) => money(row.amount),
      sortValue: (row) => Number(row.amount),
      csv: (row) => row.amount,
    },
    {
      id: 'status',
      label: t('backOffice.withdrawalsPage.status'),
      cell: (row) => (
        <Badge tone={TONES[row.status] ?? 'neutral'}>
          {t(`backOffice.withdrawalsPage.statuses.${row.status}`)}
        </Badge>
      ),
      sortValue: (row) => row.status,
      csv: (row) => row.status,
    },
    {
      id: 'createdAt',
      label: t('backOffice.withdrawalsPage.requestedAt'),
      cell: (row) => when.format(new Date(row.createdAt)),
      sortValue: (row) => row.createdAt,
      csv: (row) => row.createdAt,
    },
    {
      id: 'actions',
      label: t('backOffice.promotions.actions'),
      cell: (row) => <Decide office={office} withdrawal={row} onDone={queue.refresh} />,
    },
  ];

  return (
    <div className="withdrawals-panel" data-testid="withdrawals-panel">
      <form className="withdrawals-filters" onSubmit={filter} role="search">
        <Select
          label={t('backOffice.withdrawalsPage.show')}
          name="withdrawal-status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          options={FILTERS.map((value) => ({
            value,
            label: t(`backOffice.withdrawalsPage.filters.${value || 'all'}`),
          }))}
        />
        <Field
          label={t('backOffice.withdrawalsPage.member')}
          name="withdrawal-account"
          value={typed}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          addon={
            <Button type="submit" size="sm">
              {t('backOffice.withdrawalsPage.filter')}
            </Button>
          }
        />
      </form>
      <div className="withdrawals-body">
        {/* While another filter's answer is on its way the rows shown are the last ones: dimmed. */}
        <div className="withdrawals-queue" aria-busy={queue.state.kind === 'loading'}>
          {!rows ? (
            <QueryFallback state={queue.state} onRetry={queue.refresh} lines={4} />
          ) : rows.length === 0 ? (
            <EmptyState title={t('backOffice.withdrawalsPage.empty')} icon="wallet">
              <p>{t('backOffice.withdrawalsPage.emptyBody')}</p>
            </EmptyState>
          ) : (
            <DataTable
              items={rows}
              columns={columns}
              rowKey={(row) => row.id}
              testId="withdrawal-queue"
              caption={t('backOffice.tab.withdrawals')}
              filterText={(row) => `${row.id} ${row.account} ${row.amount}`}
              exportName="withdrawals"
            />
          )}
        </div>
        {ledgerOf && (
          <MemberLedger office={office} account={ledgerOf} onClose={() => setLedgerOf(null)} />
        )}
      </div>
    </div>
  );
}

/** The actions the machine allows on one withdrawal; a rejection asks why first. */
function Decide({
  office,
  withdrawal,
  onDone,
}: {
  office: PanelProps['office'];
  withdrawal: OpsWithdrawal;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<OperatorWithdrawalAction | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const actions = operatorActionsIn(withdrawal.status);
  if (actions.length === 0) return <span aria-hidden="true">—</span>;

  const run = async (action: OperatorWithdrawalAction) => {
    if (action === 'reject' && !reason.trim()) {
      setError(t('backOffice.withdrawalsPage.reasonNeeded'));
      return;
    }
    setBusy(action);
    setError(null);
    try {
      const answer = await office.money.decideWithdrawal(
        withdrawal.id,
        action,
        action === 'reject' ? reason.trim() : undefined,
      );
      toast(
        isPending(answer)
          ? t('backOffice.withdrawalsPage.waitsApproval', { id: withdrawal.id })
          : t(`backOffice.withdrawalsPage.done.${action}`, { id: withdrawal.id }),
        { tone: 'success' },
      );
      setRejecting(false);
      onDone();
    } catch (failure) {
      const code = errorCodeOf(failure);
      setError(
        code === 'withdrawal_illegal_transition'
          ? t('backOffice.withdrawalsPage.changed')
          : errorText(code),
      );
      onDone();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="withdrawal-actions" data-testid="withdrawal-actions" data-id={withdrawal.id}>
      {rejecting ? (
        <>
          <Field
            label={t('backOffice.reason')}
            name={`reject-reason-${withdrawal.id}`}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            size="sm"
            variant="danger"
            busy={busy === 'reject'}
            onClick={() => void run('reject')}
          >
            {t('backOffice.withdrawalsPage.actions.confirmReject')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRejecting(false)}>
            {t('backOffice.withdrawalsPage.cancel')}
          </Button>
        </>
      ) : (
        actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'pay' ? 'primary' : action === 'reject' ? 'danger' : 'secondary'}
            busy={busy === action}
            disabled={busy !== null}
            onClick={() => (action === 'reject' ? setRejecting(true) : void run(action))}
          >
            {t(`backOffice.withdrawalsPage.actions.${action}`)}
          </Button>
        ))
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
