import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { errorFor } from '../../components/forms/errorFields';
import type { MoneyRequestState } from '../../../machines/moneyRequest';
import { Button } from '../../components/Button';

/**
 * An amount form for a money request: its own fields above, the amount, the outcome, submit. A
 * refusal shows under the field it belongs to (errorFields.ts): the amount's here, those of the
 * fields named in `fields` by the caller's own fields (errorFor), the rest above the button.
 */
export function AmountForm<T>({
  state,
  onAmount,
  submitLabel,
  submitTestId,
  done,
  fields = [],
  amount,
  children,
}: {
  state: MoneyRequestState<T>;
  onAmount: (amount: string) => void;
  submitLabel: string;
  submitTestId: string;
  done: (result: T) => ReactNode;
  /** The names of the fields in `children`, which show their own errors. */
  fields?: readonly string[];
  /** The amount held by the caller (a Max button fills it); absent: the field keeps its own. */
  amount?: { value: string; onChange: (value: string) => void };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const code = state.kind === 'editing' ? state.error : null;
  const formError = errorFor(code, '*', ['amount', ...fields]);
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
        {...(amount
          ? { value: amount.value, onChange: (event) => amount.onChange(event.target.value) }
          : {})}
        error={errorText(errorFor(code, 'amount'))}
      />
      {formError && (
        <p role="alert" className="field-error">
          {errorText(formError)}
        </p>
      )}
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
