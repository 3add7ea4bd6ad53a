import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import type { MoneyRequestState } from '../../../machines/moneyRequest';
import { Button } from '../../components/Button';

/** An amount form for a money request: its own fields above, the amount, the outcome, submit. */
export function AmountForm<T>({
  state,
  onAmount,
  submitLabel,
  submitTestId,
  done,
  children,
}: {
  state: MoneyRequestState<T>;
  onAmount: (amount: string) => void;
  submitLabel: string;
  submitTestId: string;
  done: (result: T) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <form
      className="auth-form deposit-form"
      noValidate
      aria-busy={state.kind === 'sending'}
      onSubmit={(event) => {
        event.preventDefault();
        onAmount(String(new FormData(event.currentTarget).get('amount') ?? '').trim());
      }}
    >
      {children}
      <Field
        label={t('wallet.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        error={state.kind === 'editing' ? errorText(state.error) : null}
      />
      {state.kind === 'done' && <p role="status">{done(state.result)}</p>}
      <Button
        type="submit"
        variant="primary"
        disabled={state.kind === 'sending'}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
