import { useTranslation } from 'react-i18next';
import {
  type AccountRecordItem,
  accountRecordTypes,
  type BetRecordItem,
  type BonusItem,
  type DepositRecordItem,
  type ProfitDay,
} from '../../../shared/records';
import { entryColumns, playColumns } from '../../components/records/recordColumns';
import { RecordsView } from './RecordsView';
import { useMoneyText } from '../../components/records/useMoneyText';
import type { BadgeTone } from '../../components/Badge';

const betTones: Record<BetRecordItem['status'], BadgeTone> = {
  open: 'accent',
  settled: 'neutral',
  void: 'neutral',
};
const depositTones: Record<DepositRecordItem['status'], BadgeTone> = {
  pending: 'accent',
  credited: 'success',
  failed: 'danger',
};

function useTime() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleString(i18n.language);
}

/** personalHistoryCopy: the betting record. */
export function BettingRecord({ vendors }: { vendors: string[] }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const time = useTime();
  return (
    <RecordsView<BetRecordItem>
      kind="bets"
      testId="bet-records"
      emptyText={t('records.noBets')}
      rowKey={(item) => item.id}
      formatTotal={money}
      typeFilter={{
        label: t('records.vendor'),
        options: vendors.map((vendor) => ({ value: vendor, label: vendor })),
      }}
      columns={[
        { id: 'at', label: t('wallet.time'), cell: (item) => time(item.at) },
        {
          id: 'game',
          label: t('records.game'),
          cell: (item) => `${item.vendor} · ${item.gameName}`,
        },
        { id: 'roundId', label: t('records.round'), cell: (item) => item.roundId },
        ...playColumns(t, money),
        {
          id: 'status',
          label: t('wallet.status'),
          cell: (item) => t(`records.status_${item.status}`),
        },
      ]}
      compact={{
        title: (item) => item.gameName,
        subtitle: (item) => time(item.at),
        amount: (item) => item.profit,
        status: (item) => ({
          label: t(`records.status_${item.status}`),
          tone: betTones[item.status],
        }),
        summarized: ['at', 'profit', 'status'],
      }}
    />
  );
}

/** transactionHistory: the account record, every ledger entry of the player. */
export function AccountRecord() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const time = useTime();
  return (
    <RecordsView<AccountRecordItem>
      kind="account"
      testId="account-records"
      emptyText={t('records.noEntries')}
      rowKey={(item) => item.id}
      typeFilter={{
        label: t('records.type'),
        options: Object.keys(accountRecordTypes).map((type) => ({
          value: type,
          label: t(`records.type_${type}`),
        })),
      }}
      columns={[
        { id: 'at', label: t('wallet.time'), cell: (item) => time(item.at) },
        ...entryColumns(t, money),
      ]}
      compact={{
        title: (item) => t(`records.kind_${item.kind}`, { defaultValue: item.kind }),
        subtitle: (item) => time(item.at),
        amount: (item) => item.amount,
        summarized: ['at', 'kind', 'amount'],
      }}
    />
  );
}

/** personalProfit: profit and loss per local day. */
export function ProfitRecord() {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <RecordsView<ProfitDay>
      kind="profit"
      testId="profit-records"
      emptyText={t('records.noProfit')}
      rowKey={(item) => item.day}
      formatTotal={money}
      columns={[
        { id: 'day', label: t('records.day'), cell: (item) => item.day },
        ...playColumns(t, money),
        {
          id: 'deposits',
          label: t('records.deposits'),
          numeric: true,
          cell: (item) => money(item.deposits),
        },
        {
          id: 'withdrawals',
          label: t('records.withdrawals'),
          numeric: true,
          cell: (item) => money(item.withdrawals),
        },
        {
          id: 'bonus',
          label: t('records.bonus'),
          numeric: true,
          cell: (item) => money(item.bonus),
        },
      ]}
      compact={{
        title: (item) => item.day,
        subtitle: (item) =>
          t('records.betWin', { bet: money(item.betAmount), win: money(item.winAmount) }),
        amount: (item) => item.profit,
        summarized: ['day', 'betAmount', 'winAmount', 'profit'],
      }}
    />
  );
}

/** bonusDetails: every bonus with its reason. */
export function BonusRecord() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const time = useTime();
  return (
    <RecordsView<BonusItem>
      kind="bonus"
      testId="bonus-records"
      emptyText={t('records.noBonus')}
      rowKey={(item) => item.id}
      formatTotal={money}
      columns={[
        { id: 'at', label: t('wallet.time'), cell: (item) => time(item.at) },
        { id: 'reason', label: t('records.reason'), cell: (item) => item.reason },
        {
          id: 'amount',
          label: t('wallet.amount'),
          numeric: true,
          cell: (item) => money(item.amount),
        },
      ]}
      compact={{
        title: (item) => item.reason,
        subtitle: (item) => time(item.at),
        amount: (item) => item.amount,
        // The reason in full in the details: on its line it may be cut short.
        summarized: ['at', 'amount'],
      }}
    />
  );
}

/** The deposit record, by status. */
export function DepositRecord({ reloads = 0 }: { reloads?: number }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const time = useTime();
  return (
    <RecordsView<DepositRecordItem>
      kind="deposits"
      testId="deposit-records"
      emptyText={t('wallet.noDeposits')}
      rowKey={(item) => item.id}
      reloads={reloads}
      typeFilter={{
        label: t('wallet.status'),
        options: ['pending', 'credited', 'failed'].map((status) => ({
          value: status,
          label: t(`wallet.status_${status}`),
        })),
      }}
      columns={[
        { id: 'at', label: t('wallet.time'), cell: (item) => time(item.createdAt) },
        {
          id: 'amount',
          label: t('wallet.amount'),
          numeric: true,
          cell: (item) => money(item.amount),
        },
        {
          id: 'status',
          label: t('wallet.status'),
          cell: (item) => t(`wallet.status_${item.status}`),
        },
        { id: 'channel', label: t('records.channel'), cell: (item) => item.channel },
        { id: 'reference', label: t('records.reference'), cell: (item) => item.id },
      ]}
      compact={{
        title: () => t('records.kind_deposit'),
        subtitle: (item) => time(item.createdAt),
        amount: (item) => item.amount,
        // Money in the balance only once credited.
        moved: (item) => item.status === 'credited',
        status: (item) => ({
          label: t(`wallet.status_${item.status}`),
          tone: depositTones[item.status],
        }),
        summarized: ['at', 'amount', 'status'],
      }}
    />
  );
}
