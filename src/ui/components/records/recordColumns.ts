import type { TFunction } from 'i18next';
import type { RecordColumn } from './RecordsTable';

type Money = (amount: string) => string;

interface PlayAmounts {
  betAmount: string;
  validBetAmount: string;
  winAmount: string;
  profit: string;
}

/** The play columns the betting, profit and team reports share, totalled by the server. */
export function playColumns<T extends PlayAmounts>(t: TFunction, money: Money): RecordColumn<T>[] {
  return [
    {
      id: 'betAmount',
      label: t('records.bet'),
      numeric: true,
      cell: (item) => money(item.betAmount),
    },
    {
      id: 'validBetAmount',
      label: t('records.validBet'),
      numeric: true,
      cell: (item) => money(item.validBetAmount),
    },
    {
      id: 'winAmount',
      label: t('records.win'),
      numeric: true,
      cell: (item) => money(item.winAmount),
    },
    { id: 'profit', label: t('records.profit'), numeric: true, cell: (item) => money(item.profit) },
  ];
}

interface LedgerEntry {
  kind: string;
  wallet: string;
  amount: string;
  balanceAfter: string;
}

/** The columns of one ledger entry (account record, team account details). */
export function entryColumns<T extends LedgerEntry>(t: TFunction, money: Money): RecordColumn<T>[] {
  return [
    {
      id: 'kind',
      label: t('records.type'),
      cell: (item) => t(`records.kind_${item.kind}`, { defaultValue: item.kind }),
    },
    {
      id: 'wallet',
      label: t('records.wallet'),
      cell: (item) => (item.wallet === 'MAIN' ? t('wallet.main') : item.wallet),
    },
    { id: 'amount', label: t('wallet.amount'), numeric: true, cell: (item) => money(item.amount) },
    {
      id: 'balanceAfter',
      label: t('records.balanceAfter'),
      numeric: true,
      cell: (item) => money(item.balanceAfter),
    },
  ];
}
