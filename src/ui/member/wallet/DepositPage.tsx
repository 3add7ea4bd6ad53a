import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../api/wallet';
import type { DepositChannelView } from '../../../shared/paymentChannels';
import type { DepositRecordItem } from '../../../shared/records';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { useServices } from '../../core/ServicesContext';
import { Button } from '../../components/Button';

type DepositState =
  | { kind: 'editing'; error: string | null }
  | { kind: 'submitting' }
  | { kind: 'pending'; id: string; amount: string }
  | { kind: 'credited'; amount: string };

const POLL_MS = 1000;
const POLL_LIMIT = 120;

/**
 * Deposit through the channel the operator enabled (the built-in one is labelled "demo": it
 * credits with nothing paid): the request is pending until the channel confirms, then the
 * balance moves (live, in every tab). A retry after a network error reuses the same idempotency
 * key, so it can never deposit twice.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { walletApi, recordsApi } = useServices();
  const [state, setState] = useState<DepositState>({ kind: 'editing', error: null });
  const key = useRef(newIdempotencyKey());
  const [channels, setChannels] = useState<DepositChannelView[] | 'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    walletApi.depositChannels().then(
      (list) => current && setChannels(list),
      () => current && setChannels('failed'),
    );
    return () => {
      current = false;
    };
  }, [walletApi, attempt]);

  useEffect(() => {
    if (state.kind !== 'pending') return;
    let polls = 0;
    const timer = window.setInterval(async () => {
      polls += 1;
      const records = await recordsApi
        .fetch<DepositRecordItem>('deposits', { type: 'credited' })
        .catch(() => null);
      const record = records?.items.find((candidate) => candidate.id === state.id);
      if (record?.status === 'credited') setState({ kind: 'credited', amount: record.amount });
      if (polls >= POLL_LIMIT) window.clearInterval(timer);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [state, recordsApi]);

  if (state.kind === 'pending' || state.kind === 'credited') {
    return (
      <section className="deposit-status" role="status" data-testid="deposit-status">
        {state.kind === 'pending' ? (
          <p>
            <span className="spinner" aria-hidden="true" />{' '}
            {t('wallet.depositPending', { amount: state.amount })}
          </p>
        ) : (
          <p>{t('wallet.depositCredited', { amount: state.amount })}</p>
        )}
        {state.kind === 'credited' && (
          <Button
            onClick={() => {
              key.current = newIdempotencyKey();
              setState({ kind: 'editing', error: null });
            }}
          >
            {t('wallet.depositAgain')}
          </Button>
        )}
      </section>
    );
  }

  if (channels === 'failed') {
    return (
      <LoadFailed
        onRetry={() => {
          setChannels('loading');
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  const channel = channels === 'loading' ? null : channels[0];
  if (channels !== 'loading' && !channel) {
    return <EmptyState title={t('wallet.noDepositChannel')} />;
  }

  return (
    <form
      className="auth-form deposit-form"
      noValidate
      aria-busy={state.kind === 'submitting'}
      onSubmit={async (event) => {
        event.preventDefault();
        const amount = String(new FormData(event.currentTarget).get('amount') ?? '').trim();
        if (!/^\d{1,15}(\.\d{1,2})?$/.test(amount)) {
          setState({ kind: 'editing', error: 'amount_invalid' });
          return;
        }
        if (!channel) return;
        setState({ kind: 'submitting' });
        try {
          const deposit = await walletApi.deposit({
            channel: channel.channel,
            amount,
            idempotencyKey: key.current,
          });
          setState({ kind: 'pending', id: deposit.id, amount: deposit.amount });
        } catch (error) {
          setState({
            kind: 'editing',
            error: (error as { code?: string }).code ?? 'unknown_error',
          });
        }
      }}
    >
      {channel?.demo && (
        <p data-testid="deposit-channel">
          <span className="badge">{t('wallet.demoBadge')}</span> {t('wallet.depositChannel')}
        </p>
      )}
      <Field
        label={t('wallet.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        error={state.kind === 'editing' ? errorText(state.error) : null}
      />
      <Button
        type="submit"
        variant="primary"
        disabled={state.kind === 'submitting' || !channel}
        data-testid="deposit-submit"
      >
        {state.kind === 'submitting' ? t('common.loading') : t('menu.deposit')}
      </Button>
    </form>
  );
}
