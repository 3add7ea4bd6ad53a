import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Downline } from '../../../api/contracts';
import {
  type ContractType,
  contractTermsProblem,
  formatRate,
  parseRateBasisPoints,
  payBasisOf,
} from '../../../shared/contracts';
import { useErrorText } from '../../components/forms/useErrorText';
import { errorFor } from '../../components/forms/errorFields';
import { Field } from '../../components/Field';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';
import { Button } from '../../components/Button';
import { useQuery } from '../../hooks/useQuery';

/** The form's fields, by name: a refusal of one shows under it (errorFields.ts). */
const FORM_FIELDS = ['downlineId', 'rate', 'activeMembers', 'periodBet', 'profitLoss'];

/** A typed rate in basis points, or null while it is not one. */
function basisPointsOf(rate: string): number | null {
  try {
    return parseRateBasisPoints(rate.trim());
  } catch {
    return null;
  }
}

/**
 * Who earns what under the offer being written (issue 34): the downline is paid the typed rate
 * on its team's valid bets (the dividend: net loss), the agent keeps the difference up to the
 * most it may offer (the rate it holds, under the cap). Said in figures once the rate is one
 * the agent may offer; in words before that.
 */
function OfferSplit({
  id,
  type,
  downline,
  rate,
  max,
}: {
  id: string;
  type: ContractType;
  downline: string | null;
  rate: string;
  max: string | null;
}) {
  const { t } = useTranslation();
  const basis = payBasisOf(type);
  const offered = basisPointsOf(rate);
  const most = max === null ? null : basisPointsOf(max);
  const figures =
    downline !== null && offered !== null && offered > 0 && most !== null && offered <= most;
  return (
    <p id={id} className="field-hint" data-testid="offer-split">
      {figures
        ? t(`contracts.offerSplit_${basis}`, {
            downline,
            rate: formatRate(offered),
            max,
            keep: formatRate(most - offered),
          })
        : t(`contracts.offerSplitWords_${basis}`)}
    </p>
  );
}

/**
 * The upline offers a contract of one type to a direct downline (spec 4/6): rate and the
 * terms' minimums, checked with the same rules the server uses before it is sent, and the
 * highest rate the agent may offer (the platform's cap and what it holds itself: issue 11).
 */
export function OfferContractForm({
  type,
  onOffered,
}: {
  type: ContractType;
  onOffered: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const contractsModule = useFeature(agentFeature).contracts;
  // Without the list the form shows no one to offer to; without the limits it still works
  // (the server refuses a rate above them).
  const downlineQuery = useQuery('offer-downlines', () =>
    contractsModule.downlines({ pageSize: 100 }).then(
      (page) => page.items,
      (): Downline[] => [],
    ),
  ).state;
  const limitsQuery = useQuery('offer-limits', () => contractsModule.limits()).state;
  const downlines = downlineQuery.kind === 'ready' ? downlineQuery.value : null;
  const limits = limitsQuery.kind === 'ready' ? limitsQuery.value : null;
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // What the split sentence speaks of: the chosen downline and the typed rate (the fields stay
  // the browser's own; the form's change events report them).
  const [draft, setDraft] = useState<{ downlineId: string | null; rate: string | null }>({
    downlineId: null,
    rate: null,
  });

  // The form waits for the limits too (or their failure): the rate's default is the most the
  // agent may offer, and a field drawn before they came would be redrawn under a typing hand.
  if (downlines === null || limitsQuery.kind === 'loading')
    return <p role="status">{t('common.loading')}</p>;
  if (downlines.length === 0) return <p>{t('contracts.noDownlines')}</p>;
  const max = limits?.[type].max ?? null;
  const defaultRate = max !== null && parseRateBasisPoints(max) < 100 ? max : '1.00';
  const offerable = downlines.filter((downline) => !downline.excluded);
  const chosen =
    downlines.find((downline) => downline.id === draft.downlineId && !downline.excluded) ??
    offerable[0] ??
    null;
  // Each refusal under its field (errorFields.ts); the rest above the button.
  const fieldError = (field: string) => errorText(errorFor(error, field));
  const formError = errorFor(error, '*', FORM_FIELDS);
  if (max !== null && parseRateBasisPoints(max) === 0) {
    return (
      <p role="status" data-testid="offer-contract-no-rate">
        {t('contracts.noRateHeld', { type: t(`contracts.type_${type}`) })}
      </p>
    );
  }
  return (
    <form
      className="auth-form offer-form"
      aria-label={t('contracts.offer')}
      noValidate
      aria-busy={sending}
      data-testid="offer-contract"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        setDraft({
          downlineId: String(data.get('downlineId') ?? ''),
          rate: String(data.get('rate') ?? ''),
        });
      }}
      onSubmit={async (event) => {
        event.preventDefault();
        // A new try: the last one's outcome goes (a success beside a new error misleads).
        setDone(null);
        const data = new FormData(event.currentTarget);
        const terms = {
          rate: String(data.get('rate') ?? '').trim(),
          activeMembers: Number(data.get('activeMembers') ?? 0),
          periodBet: String(data.get('periodBet') ?? '0.00').trim() || '0.00',
          profitLoss: String(data.get('profitLoss') ?? '0.00').trim() || '0.00',
        };
        const problem = contractTermsProblem(terms);
        if (problem) {
          setError(`contract_term_${problem}`);
          return;
        }
        if (max !== null && parseRateBasisPoints(terms.rate) > parseRateBasisPoints(max)) {
          setError('contract_rate_above_held');
          return;
        }
        setSending(true);
        setError(null);
        try {
          const offered = await contractsModule.offer({
            contractType: type,
            downlineId: String(data.get('downlineId')),
            terms,
          });
          setDone(offered.downline.account);
          onOffered();
        } catch (failure) {
          setError((failure as { code?: string }).code ?? 'unknown_error');
        } finally {
          setSending(false);
        }
      }}
    >
      <label className="form-field">
        {t('contracts.downline')}
        <select name="downlineId">
          {downlines.map((downline) => (
            // A member on a break or self-excluded can be offered nothing (issue 17).
            <option key={downline.id} value={downline.id} disabled={downline.excluded}>
              {downline.excluded
                ? t('contracts.excludedDownline', { account: downline.account })
                : downline.account}
            </option>
          ))}
        </select>
        {fieldError('downlineId') && (
          <span role="alert" className="field-error">
            {fieldError('downlineId')}
          </span>
        )}
      </label>
      <Field
        label={t('contracts.ratePercent')}
        name="rate"
        error={fieldError('rate')}
        inputMode="decimal"
        defaultValue={defaultRate}
        aria-describedby={
          max !== null ? `offer-rate-max-${type} offer-split-${type}` : `offer-split-${type}`
        }
      />
      {max !== null && (
        <p id={`offer-rate-max-${type}`} className="field-hint" data-testid="offer-rate-max">
          {t('contracts.rateUpTo', { max })}
        </p>
      )}
      <OfferSplit
        id={`offer-split-${type}`}
        type={type}
        downline={chosen?.account ?? null}
        rate={draft.rate ?? defaultRate}
        max={max}
      />
      <Field
        label={t('contracts.activeMembers')}
        name="activeMembers"
        error={fieldError('activeMembers')}
        inputMode="numeric"
        defaultValue="0"
      />
      <Field
        label={t('contracts.periodBet')}
        name="periodBet"
        error={fieldError('periodBet')}
        inputMode="decimal"
        defaultValue="0.00"
      />
      <Field
        label={t('contracts.profitLoss')}
        name="profitLoss"
        error={fieldError('profitLoss')}
        inputMode="decimal"
        defaultValue="0.00"
      />
      {formError && (
        <p role="alert" className="field-error">
          {errorText(formError)}
        </p>
      )}
      {done && <p role="status">{t('contracts.offered', { account: done })}</p>}
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? t('common.loading') : t('contracts.offer')}
      </Button>
    </form>
  );
}
