import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '../../../../api/wallet';
import { formatMoney, parseMoney } from '../../../../shared/money';
import { useServices } from '../../../app/ServicesContext';
import { EmptyState } from '../../../components/EmptyState';

/** The deposit record: newest first, with loading, empty and error states. */
export function DepositRecords() {
  const { t, i18n } = useTranslation();
  const { walletApi } = useServices();
  const [records, setRecords] = useState<DepositRecord[] | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    walletApi.depositRecords().then(
      (rows) => current && setRecords(rows),
      () => current && setRecords('failed'),
    );
    return () => {
      current = false;
    };
  }, [walletApi]);
  if (records === null) return <p role="status">{t('common.loading')}</p>;
  if (records === 'failed') return <p role="alert">{t('errors.network')}</p>;
  if (records.length === 0) return <EmptyState title={t('wallet.noDeposits')} />;
  return (
    <table className="records" data-testid="deposit-records">
      <thead>
        <tr>
          <th scope="col">{t('wallet.time')}</th>
          <th scope="col">{t('wallet.amount')}</th>
          <th scope="col">{t('wallet.status')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>{new Date(record.createdAt).toLocaleString(i18n.language)}</td>
            <td>{formatMoney(parseMoney(record.amount), i18n.language)}</td>
            <td>{t(`wallet.status_${record.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
