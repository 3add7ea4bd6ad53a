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
      ]}
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
      ]}
    />
  );
}
