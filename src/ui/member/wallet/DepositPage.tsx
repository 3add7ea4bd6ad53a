import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { errorFor } from '../../components/forms/errorFields';
import { Button } from '../../components/Button';
import { PillButton } from '../../components/Pill';
import { formatMoney, parseMoney } from '../../../shared/money';
import { useQuery } from '../../hooks/useQuery';
import { useDepositStatus } from './useDepositStatus';
import { useMoneyRequest } from './useMoneyRequest';
import { useRgRefusalText } from '../../core/rgRefusal';
import { walletFeature } from '../../../app/features/wallet';
import { useFeature } from '../../core/useFeature';

/** What the deposit call answers: the request, pending until the channel confirms it. */
interface DepositAnswer {
  id: string;
  amount: string;
}

/**
 * Deposit through the channel the operator enabled (the built-in one is labelled "demo": it
 * credits with nothing paid): the request is pending until the channel confirms, then the
 * balance moves (live, in every tab). A retry after a network error reuses the same idempotency
 * key, so it can never deposit twice.
 */
export function DepositPage() {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(parseMoney(amount), i18n.language);
  // The amount typed or tapped (a quick amount fills it).
  const [amount, setAmount] = useState('');
  const errorText = useErrorText();
  const refusalText = useRgRefusalText();
  const walletModule = useFeature(walletFeature);
  const channelsQuery = useQuery('deposit-channels', () => walletModule.depositChannels());
  const channels = channelsQuery.state.kind === 'ready' ? channelsQuery.state.value : null;
  const channel = channels ? channels[0] : null;
  // A responsible-gaming limit's refusal says what it leaves (issue 17): kept beside the code.
  const [said, setSaid] = useState<string | null>(null);
  // The money-request machine: the amount checked, one request at a time, and a retry after a
  // network error sent with the same idempotency key (it can never deposit twice).
  const request = useMoneyRequest<DepositAnswer>(async (amount, idempotencyKey) => {
    setSaid(null);
    // The button waits for a channel; a submit without one fails as unknown_error.
    if (!channel) throw new Error('no deposit channel');
    try {
      return await walletModule.deposit({ channel: channel.channel, amount, idempotencyKey });
    } catch (error) {
      setSaid(refusalText(error));
      throw error;
    }
  });
  const state = request.state;
  // The amount's refusals under it (a limit's in its own words), the rest (the channel, the
  // network) above the button (errorFields.ts).
  const code = state.kind === 'editing' ? state.error : null;
  const formError = errorFor(code, '*', ['amount']);
  const watched = useDepositStatus(state.kind === 'done' ? state.result.id : null);
  const status =
    state.kind !== 'done'
      ? null
      : watched?.status === 'credited'
        ? { kind: 'credited' as const, amount: watched.amount }
        : { kind: 'pending' as const, amount: state.result.amount };

  if (status) {
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
              // A fresh form: the amount cleared, the limit's room asked again.
              setAmount('');
              channelsQuery.refresh();
              request.reset();
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
  if (channels && !channel) {
    return <EmptyState title={t('wallet.noDepositChannel')} />;
  }

  return (
    <form
      className="auth-form deposit-form"
      noValidate
      aria-busy={state.kind === 'sending'}
      onSubmit={(event) => {
        event.preventDefault();
        const amount = String(new FormData(event.currentTarget).get('amount') ?? '').trim();
        setSaid(null);
        request.submit(amount);
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
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={
          channel
            ? t('wallet.depositRange', { min: money(channel.min), max: money(channel.max) })
            : undefined
        }
        error={errorFor(code, 'amount') ? (said ?? errorText(code)) : null}
      />
      {channel && channel.quickAmounts.length > 0 && (
        <div
          className="pill-row"
          role="group"
          aria-label={t('wallet.quickAmounts')}
          data-testid="deposit-quick-amounts"
        >
          <ul>
            {channel.quickAmounts.map((quick) => (
              <PillButton key={quick} pressed={amount === quick} onClick={() => setAmount(quick)}>
                {money(quick)}
              </PillButton>
            ))}
          </ul>
        </div>
      )}
      {channel && channel.limitLeft !== null && (
        <p className="field-hint" data-testid="deposit-limit-left">
          {t('wallet.depositLimitLeft', { amount: money(channel.limitLeft) })}
        </p>
      )}
      {formError && (
        <p role="alert" className="field-error">
          {said ?? errorText(formError)}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        disabled={state.kind === 'sending' || !channel}
        data-testid="deposit-submit"
      >
        {state.kind === 'sending' ? t('common.loading') : t('menu.deposit')}
      </Button>
    </form>
  );
}
