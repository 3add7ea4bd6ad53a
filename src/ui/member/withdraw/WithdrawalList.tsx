import { useTranslation } from 'react-i18next';
import type { WithdrawalView } from '../../../shared/withdrawals';
import { useErrorText } from '../../components/forms/useErrorText';
import { EmptyState } from '../../components/EmptyState';
import { useMoneyText } from '../../components/records/useMoneyText';
import { WithdrawalAnswers } from './WithdrawalAnswers';
import type { WithdrawalListState } from './useWithdrawals';
import { Button } from '../../components/Button';

/** The member's withdrawals with their state, live, and the answers each state allows. */
export function WithdrawalList({
  state,
  apply,
  retry,
  page,
  setPage,
}: {
  state: WithdrawalListState;
  apply: (withdrawal: WithdrawalView) => void;
  retry: () => void;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const money = useMoneyText();
  if (state.kind === 'loading') {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <p role="alert">
        {errorText(state.code)} <Button onClick={retry}>{t('common.retry')}</Button>
      </p>
    );
  }
  const { items, total, pageSize } = state.page;
  if (items.length === 0) return <EmptyState title={t('withdraw.none')} />;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section aria-label={t('withdraw.history')}>
      <ul className="withdrawal-list" data-testid="withdrawal-list">
        {items.map((withdrawal) => (
          <li
            key={withdrawal.id}
            data-testid={`withdrawal-${withdrawal.id}`}
            data-status={withdrawal.status}
          >
            <div className="withdrawal-summary">
              <strong>{money(withdrawal.amount)}</strong>
              <span>{new Date(withdrawal.createdAt).toLocaleString(i18n.language)}</span>
              <span
                className={`status status-${withdrawal.status}`}
                data-testid="withdrawal-status"
              >
                {t(`withdraw.status_${withdrawal.status}`)}
                {withdrawal.autoConfirmed && ` (${t('withdraw.autoConfirmed')})`}
              </span>
            </div>
            {withdrawal.status === 'partiallyReceived' && withdrawal.receivedAmount && (
              <p>
                {t('withdraw.partialDetails', {
                  received: money(withdrawal.receivedAmount),
                  remaining: money(withdrawal.remainingAmount ?? '0'),
                })}
              </p>
            )}
            <WithdrawalAnswers withdrawal={withdrawal} onAnswered={apply} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="records-pager" aria-label={t('records.pages')}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('records.previous')}
          </Button>
          <span>{t('records.pageOf', { page, pages, total })}</span>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('records.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
