import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../../shared/money';
import {
  answersIn,
  PROOF_IMAGE_MAX_BYTES,
  PROOF_IMAGE_TYPES,
  type WithdrawalView,
} from '../../../shared/withdrawals';
import { useErrorText } from '../../components/forms/useErrorText';
import { Button } from '../../components/Button';
import { withdrawalsFeature } from '../../../app/features/withdrawals';
import { useFeature } from '../../core/useFeature';

type Form = null | 'partial' | 'notReceived';

/**
 * The player's answers to a paid withdrawal (spec 4): exactly those the lifecycle machine
 * accepts in its state (answersIn), so the page never offers what the server would refuse.
 */
export function WithdrawalAnswers({
  withdrawal,
  onAnswered,
}: {
  withdrawal: WithdrawalView;
  onAnswered: (next: WithdrawalView) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const withdrawalsModule = useFeature(withdrawalsFeature);
  const [form, setForm] = useState<Form>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState('');
  const answers = answersIn(withdrawal.status);
  if (answers.length === 0) return null;

  async function send(work: () => Promise<WithdrawalView>, label: string) {
    setBusy(label);
    setError(null);
    try {
      onAnswered(await work());
      setForm(null);
    } catch (failure) {
      setError((failure as { code?: string }).code ?? 'unknown_error');
    } finally {
      setBusy(null);
    }
  }

  const amount = parseMoney(withdrawal.amount);
  const receivedMinor = /^\d{1,15}(\.\d{1,2})?$/.test(received) ? parseMoney(received) : null;
  const remaining =
    receivedMinor !== null && receivedMinor > 0n && receivedMinor < amount
      ? amount - receivedMinor
      : null;

  return (
    <div className="withdrawal-answers" aria-busy={busy !== null}>
      <div className="button-row">
        {answers.includes('received') && (
          <Button
            variant="primary"
            disabled={busy !== null}
            onClick={() =>
              void send(
                () => withdrawalsModule.answer(withdrawal.id, { answer: 'received' }),
                'received',
              )
            }
          >
            {t('withdraw.answer_received')}
          </Button>
        )}
        {answers.includes('allReceived') && (
          <Button
            variant="primary"
            disabled={busy !== null}
            onClick={() =>
              void send(
                () => withdrawalsModule.answer(withdrawal.id, { answer: 'allReceived' }),
                'allReceived',
              )
            }
          >
            {t('withdraw.answer_allReceived')}
          </Button>
        )}
        {answers.includes('partial') && (
          <Button
            aria-expanded={form === 'partial'}
            onClick={() => setForm(form === 'partial' ? null : 'partial')}
          >
            {t('withdraw.answer_partial')}
          </Button>
        )}
        {answers.includes('notReceived') && (
          <Button
            aria-expanded={form === 'notReceived'}
            onClick={() => setForm(form === 'notReceived' ? null : 'notReceived')}
          >
            {t('withdraw.answer_notReceived')}
          </Button>
        )}
      </div>

      {form === 'partial' && (
        <form
          className="inline-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (remaining === null) {
              setError('partial_amount_invalid');
              return;
            }
            void send(
              () =>
                withdrawalsModule.answer(withdrawal.id, {
                  answer: 'partial',
                  receivedAmount: received,
                }),
              'partial',
            );
          }}
        >
          <label>
            {t('withdraw.amountReceived')}
            <input
              name="receivedAmount"
              inputMode="decimal"
              value={received}
              onChange={(event) => setReceived(event.target.value)}
            />
          </label>
          <p aria-live="polite">
            {remaining !== null &&
              t('withdraw.remaining', { amount: formatMoney(remaining, i18n.language) })}
          </p>
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {busy === 'partial' ? t('common.loading') : t('withdraw.send')}
          </Button>
        </form>
      )}

      {form === 'notReceived' && (
        <form
          className="inline-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const file = new FormData(event.currentTarget).get('proof');
            if (!(file instanceof File) || file.size === 0) {
              setError('proof_required');
              return;
            }
            if (!(PROOF_IMAGE_TYPES as readonly string[]).includes(file.type)) {
              setError('image_type_invalid');
              return;
            }
            if (file.size > PROOF_IMAGE_MAX_BYTES) {
              setError('image_too_large');
              return;
            }
            void send(async () => {
              const proof = await withdrawalsModule.uploadProof(file);
              return withdrawalsModule.answer(withdrawal.id, {
                answer: 'notReceived',
                proofImageId: proof.id,
              });
            }, 'notReceived');
          }}
        >
          <label>
            {t('withdraw.proof')}
            <input type="file" name="proof" accept={PROOF_IMAGE_TYPES.join(',')} />
          </label>
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {busy === 'notReceived' ? t('withdraw.uploading') : t('withdraw.send')}
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="field-error">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
