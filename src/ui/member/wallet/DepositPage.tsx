import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { Button } from '../../components/Button';
import { useQuery } from '../../hooks/useQuery';
import { newIdempotencyKey } from '../../core/requestKeys';
import { useDepositStatus } from './useDepositStatus';
import { useRgRefusalText } from '../../core/rgRefusal';
import { walletFeature } from '../../../app/features/wallet';
import { useFeature } from '../../core/useFeature';

type DepositState =
  /** `error` a code; `said` the player's words when the refusal says more (a limit's left). */
  | { kind: 'editing'; error: string | null; said?: string | null }
  | { kind: 'submitting' }
  | { kind: 'pending'; id: string; amount: string }
  | { kind: 'credited'; amount: string };

/**
 * Deposit through the channel the operator enabled (the built-in one is labelled "demo": it
 * credits with nothing paid): the request is pending until the channel confirms, then the
 * balance moves (live, in every tab). A retry after a network error reuses the same idempotency
 * key, so it can never deposit twice.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const refusalText = useRgRefusalText();
  const walletModule = useFeature(walletFeature);
  const [state, setState] = useState<DepositState>({ kind: 'editing', error: null });
  const key = useRef(newIdempotencyKey());
  const channelsQuery = useQuery('deposit-channels', () => walletModule.depositChannels());
  const watched = useDepositStatus(state.kind === 'pending' ? state.id : null);
  const status: DepositState =
    state.kind === 'pending' && watched?.status === 'credited'
      ? { kind: 'credited', amount: watched.amount }
      : state;

  if (status.kind === 'pending' || status.kind === 'credited') {
    return (
      <section className="deposit-status" role="status" data-testid="deposit-status">
        {status.kind === 'pending' ? (
          <p>
            <span className="spinner" aria-hidden="true" />{' '}
            {t('wallet.depositPending', { amount: status.amount })}
          </p>
        ) : (
          <p>{t('wallet.depositCredited', { amount: status.amount })}</p>
        )}
        {status.kind === 'credited' && (
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

  if (channelsQuery.state.kind === 'failed') {
    return <LoadFailed onRetry={channelsQuery.refresh} />;
  }
  const channels = channelsQuery.state.kind === 'ready' ? channelsQuery.state.value : null;
  const channel = channels ? channels[0] : null;
  if (channels && !channel) {
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
          const deposit = await walletModule.deposit({
            channel: channel.channel,
            amount,
            idempotencyKey: key.current,
          });
          setState({ kind: 'pending', id: deposit.id, amount: deposit.amount });
        } catch (error) {
          setState({
            kind: 'editing',
            error: (error as { code?: string }).code ?? 'unknown_error',
            // A responsible-gaming limit says what it leaves (issue 17).
            said: refusalText(error),
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
        error={state.kind === 'editing' ? (state.said ?? errorText(state.error)) : null}
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
