import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/forms/useErrorText';
import { PaymentPasswordForm } from './PaymentPasswordForm';
import { useWithdrawals } from './useWithdrawals';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawForm } from './WithdrawForm';
import { Button } from '../../components/Button';
import { useQuery } from '../../hooks/useQuery';
import { BonusLockNotice } from './BonusLockNotice';
import { withdrawalsFeature } from '../../../app/features/withdrawals';
import { useFeature } from '../../core/useFeature';

/**
 * Withdraw (spec 2): set a payment password the first time, request within the limits, then
 * follow each withdrawal live and confirm its receipt (spec 4 withdrawal confirmation).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const withdrawalsModule = useFeature(withdrawalsFeature);
  // The limits and whether a payment password is set; asked again once one is set (the form
  // stays on screen meanwhile).
  const infoQuery = useQuery('withdraw-info', () => withdrawalsModule.info());
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page);
  const shown = infoQuery.state;

  if (shown.kind === 'failed') {
    return (
      <p role="alert">
        {errorText(shown.code)} <Button onClick={infoQuery.refresh}>{t('common.retry')}</Button>
      </p>
    );
  }
  const info = shown.kind === 'ready' ? shown.value : shown.previous;
  if (info === null) {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  return (
    <div className="withdraw-page">
      <BonusLockNotice />
      {info.hasPaymentPassword ? (
        <WithdrawForm
          info={info}
          onRequested={(withdrawal) => {
            setPage(1);
            list.apply(withdrawal);
          }}
        />
      ) : (
        <PaymentPasswordForm onDone={infoQuery.refresh} />
      )}
      <h2>{t('withdraw.history')}</h2>
      <WithdrawalList {...list} page={page} setPage={setPage} />
    </div>
  );
}
