import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawInfo } from '../../../shared/withdrawals';
import { useErrorText } from '../../components/forms/useErrorText';
import { useServices } from '../../core/ServicesContext';
import { PaymentPasswordForm } from './PaymentPasswordForm';
import { useWithdrawals } from './useWithdrawals';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawForm } from './WithdrawForm';
import { Button } from '../../components/Button';

/**
 * Withdraw (spec 2): set a payment password the first time, request within the limits, then
 * follow each withdrawal live and confirm its receipt (spec 4 withdrawal confirmation).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { withdrawalApi } = useServices();
  const [info, setInfo] = useState<WithdrawInfo | { failed: string } | null>(null);
  const [infoFetches, setInfoFetches] = useState(0);
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page);

  useEffect(() => {
    let current = true;
    withdrawalApi.info().then(
      (value) => current && setInfo(value),
      (error: { code?: string }) => current && setInfo({ failed: error.code ?? 'unknown_error' }),
    );
    return () => {
      current = false;
    };
  }, [withdrawalApi, infoFetches]);

  if (info === null) {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  if ('failed' in info) {
    return (
      <p role="alert">
        {errorText(info.failed)}{' '}
        <Button onClick={() => setInfoFetches((n) => n + 1)}>{t('common.retry')}</Button>
      </p>
    );
  }
  return (
    <div className="withdraw-page">
      {info.hasPaymentPassword ? (
        <WithdrawForm
          info={info}
          onRequested={(withdrawal) => {
            setPage(1);
            list.apply(withdrawal);
          }}
        />
      ) : (
        <PaymentPasswordForm onDone={() => setInfoFetches((n) => n + 1)} />
      )}
      <h2>{t('withdraw.history')}</h2>
      <WithdrawalList {...list} page={page} setPage={setPage} />
    </div>
  );
}
