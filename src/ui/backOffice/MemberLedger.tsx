import { useTranslation } from 'react-i18next';
import type { OpsLedgerLine } from '../../shared/backOfficeMembers';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { useLiveQueryOn } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import { useMoneyText } from '../components/records/useMoneyText';

/** One member's ledger lines as a table (the withdrawals queue's side, the member's file). */
export function LedgerTable({
  lines,
  testId,
}: {
  lines: readonly OpsLedgerLine[];
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const kindText = (line: OpsLedgerLine) =>
    t(`backOffice.ledger.kinds.${line.kind}`, { defaultValue: line.kind });
  const columns: DataColumn<OpsLedgerLine>[] = [
    {
      id: 'at',
      label: t('backOffice.ledger.at'),
      cell: (line) => when.format(new Date(line.at)),
      sortValue: (line) => Number(line.id),
      csv: (line) => line.at,
    },
    {
      id: 'kind',
      label: t('backOffice.ledger.kind'),
      cell: kindText,
      sortValue: kindText,
      csv: (line) => line.kind,
    },
    {
      id: 'wallet',
      label: t('backOffice.ledger.wallet'),
      cell: (line) => line.wallet,
      csv: (line) => line.wallet,
    },
    {
      id: 'amount',
      label: t('backOffice.amount'),
      numeric: true,
      cell: (line) => (line.amount.startsWith('-') ? money(line.amount) : `+${money(line.amount)}`),
      sortValue: (line) => Number(line.amount),
      csv: (line) => line.amount,
    },
    {
      id: 'balanceAfter',
      label: t('backOffice.ledger.balanceAfter'),
      numeric: true,
      cell: (line) => money(line.balanceAfter),
      csv: (line) => line.balanceAfter,
    },
  ];
  if (lines.length === 0) {
    return <EmptyState title={t('backOffice.ledger.empty')} icon="document" />;
  }
  return (
    <DataTable
      items={lines}
      columns={columns}
      rowKey={(line) => line.id}
      testId={testId}
      caption={t('backOffice.ledger.title')}
      pageSize={10}
      exportName="ledger"
    />
  );
}

/**
 * The member's last postings, for the withdrawals queue's side panel: fetched again when a
 * withdrawal changes (a payout or a rejection adds its line while the panel is open).
 */
export function MemberLedger({
  office,
  account,
  onClose,
}: {
  office: PanelProps['office'];
  account: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ledger = useLiveQueryOn(
    office.live,
    `back-office-ledger:${account}`,
    (signal) => office.money.memberLedger(account, signal),
    ['opsWithdrawal'],
  );
  const lines = shownValue(ledger.state);
  return (
    <Card
      className="member-ledger"
      data-testid="member-ledger"
      headingLevel={3}
      title={t('backOffice.ledger.of', { account })}
      actions={
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('backOffice.ledger.close')}
        </Button>
      }
    >
      {lines ? (
        <LedgerTable lines={lines} testId="member-ledger-lines" />
      ) : (
        <QueryFallback state={ledger.state} onRetry={ledger.refresh} lines={3} />
      )}
    </Card>
  );
}
