import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamTransaction } from '../../../shared/agentReports';
import { accountRecordTypes } from '../../../shared/records';
import { useVendors } from '../../games';
import { entryColumns, playColumns } from '../../components/records/recordColumns';
import { useMoneyText } from '../../components/records/useMoneyText';
import { ReportView } from '../ReportView';
import { useTime } from '../useTime';
import { IncomeChart } from '../charts/IncomeChart';

/**
 * The catalogue's vendors: the vendor filter's options (the filter works without them), and
 * their names for the rows, which carry the vendor's code.
 */
function useVendorOptions() {
  const { categories } = useVendors();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const category of categories ?? []) {
      for (const vendor of category.vendors) names.set(vendor.vassalage, vendor.displayName);
    }
    const options = [...names]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
    return { options, nameOf: (code: string) => names.get(code) ?? code };
  }, [categories]);
}

/** personalHistoryCopy in the back office (team betting): the team's rounds. */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const time = useTime();
  const vendors = useVendorOptions();
  return (
    <ReportView
      kind="bets"
      testId="team-bets"
      emptyText={t('records.noBets')}
      rowKey={(item) => item.id}
      formatTotal={money}
      filters={[
        { name: 'account', label: t('agentOffice.account'), kind: 'text' },
        { name: 'vendor', label: t('records.vendor'), kind: 'select', options: vendors.options },
      ]}
      columns={[
        { id: 'at', label: t('wallet.time'), cell: (item) => time(item.at) },
        { id: 'account', label: t('agentOffice.account'), cell: (item) => item.account },
        {
          id: 'game',
          label: t('records.game'),
          cell: (item) => `${vendors.nameOf(item.vendor)} · ${item.gameName}`,
        },
        ...playColumns(t, money),
      ]}
    />
  );
}

/** palStatementsAgentCopy (user profit and loss): one row per team member. */
export function TeamProfitPage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <ReportView
      kind="profit"
      testId="team-profit"
      emptyText={t('records.noProfit')}
      rowKey={(item) => item.memberId}
      formatTotal={money}
      filters={[{ name: 'account', label: t('agentOffice.account'), kind: 'text' }]}
      columns={[
        { id: 'account', label: t('agentOffice.account'), cell: (item) => item.account },
        { id: 'level', label: t('agentOffice.level'), cell: (item) => item.level },
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

/** agentDownlineTransactionDetailsCopy (account details): the team's ledger entries. */
export function TeamTransactionsPage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const time = useTime();
  return (
    <ReportView
      kind="transactions"
      testId="team-transactions"
      emptyText={t('records.noEntries')}
      rowKey={(item) => item.id}
      formatTotal={money}
      filters={[
        { name: 'account', label: t('agentOffice.account'), kind: 'text' },
        {
          name: 'type',
          label: t('records.type'),
          kind: 'select',
          options: Object.keys(accountRecordTypes).map((type) => ({
            value: type,
            label: t(`records.type_${type}`),
          })),
        },
      ]}
      columns={[
        { id: 'at', label: t('wallet.time'), cell: (item) => time(item.at) },
        { id: 'account', label: t('agentOffice.account'), cell: (item) => item.account },
        ...entryColumns<TeamTransaction>(t, money),
      ]}
    />
  );
}

/** agentRevenueReport (my income): salaries and transfers received, per day. */
export function IncomePage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <ReportView
      kind="income"
      testId="agent-income"
      emptyText={t('agentOffice.income.empty')}
      chart={(view) => <IncomeChart {...view} />}
      rowKey={(item) => item.day}
      formatTotal={money}
      filters={[
        {
          name: 'type',
          label: t('records.type'),
          kind: 'select',
          options: [
            { value: 'salary', label: t('agentOffice.income.salary') },
            { value: 'upline_transfer', label: t('agentOffice.income.uplineTransfers') },
          ],
        },
      ]}
      columns={[
        { id: 'day', label: t('records.day'), cell: (item) => item.day },
        {
          id: 'salary',
          label: t('agentOffice.income.salary'),
          numeric: true,
          cell: (item) => money(item.salary),
        },
        {
          id: 'uplineTransfers',
          label: t('agentOffice.income.uplineTransfers'),
          numeric: true,
          cell: (item) => money(item.uplineTransfers),
        },
        {
          id: 'total',
          label: t('records.total'),
          numeric: true,
          cell: (item) => money(item.total),
        },
      ]}
    />
  );
}
