import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_AMOUNT_PATTERN, parseMoney } from '../../shared/money';
import {
  type LimitChange,
  type LimitView,
  RG_PERIODS,
  type RgLimitKind,
  type RgStatus,
} from '../../shared/responsibleGaming';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { useErrorText } from '../components/forms/useErrorText';
import { placeError } from '../components/forms/errorFields';
import { errorCodeOf, errorFieldOf } from '../core/apiErrors';
import { useRgFormat } from './rgFormat';
import { rgFeature } from '../../app/features/responsibleGaming';
import { useFeature } from '../core/useFeature';

/** What a field shows under it: what is used and left, and a change still waiting. */
function useLimitHint(): (limit: LimitView) => string {
  const { t } = useTranslation();
  const format = useRgFormat();
  return (limit) => {
    const resets = format.date(limit.resetsAt);
    const used =
      limit.limit === null
        ? t('rg.usedNoLimit', { used: format.money(limit.used), resets })
        : t('rg.used', {
            used: format.money(limit.used),
            limit: format.money(limit.limit),
            left: format.money(limit.left ?? '0.00'),
            resets,
          });
    if (!limit.pending) return used;
    const pending =
      limit.pending.limit === null
        ? t('rg.pendingRemoval', { at: format.date(limit.pending.at) })
        : t('rg.pendingRaise', {
            limit: format.money(limit.pending.limit),
            at: format.date(limit.pending.at),
          });
    return `${used} · ${pending}`;
  };
}

/** The amount a field asks for, as the server's limit (null: none), or 'invalid'. */
function requested(text: string): string | null | 'invalid' {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return MONEY_AMOUNT_PATTERN.test(trimmed) ? trimmed : 'invalid';
}

const same = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : parseMoney(a) === parseMoney(b);

/**
 * One kind of money limit (deposit, loss, wager) for a day, a week and a month: each field
 * holds the limit in force (empty: none), with what is used and left this period and any
 * change waiting for the cooling-off delay. Saving sends only the fields that changed.
 */
export function LimitsCard({
  kind,
  status,
  onSaved,
}: {
  kind: RgLimitKind;
  status: RgStatus;
  onSaved: (status: RgStatus) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rgModule = useFeature(rgFeature);
  const hint = useLimitHint();
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const limits = RG_PERIODS.map((period) =>
    status.limits.find((limit) => limit.kind === kind && limit.period === period)!,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes: LimitChange[] = [];
    const problems: Record<string, string | null> = {};
    for (const limit of limits) {
      const asked = requested(String(form.get(limit.period) ?? ''));
      if (asked === 'invalid') problems[limit.period] = errorText('amount_invalid');
      // A field changed when it differs from what will be in force: the waiting change if
      // there is one (asking for the limit in force again cancels it), else the limit.
      else if (!same(asked, limit.pending ? limit.pending.limit : limit.limit))
        changes.push({ kind, period: limit.period, limit: asked });
    }
    setErrors(problems);
    setSaved(false);
    if (Object.keys(problems).length > 0 || changes.length === 0) return;
    setSending(true);
    try {
      onSaved(await rgModule.setLimits(changes));
      setSaved(true);
    } catch (error) {
      // Under the period's field when the refusal names one, else above the button.
      const placed = placeError(errorCodeOf(error), RG_PERIODS, errorFieldOf(error));
      if (placed) setErrors({ [placed.field ?? 'form']: errorText(placed.code) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title={t(`rg.kind_${kind}`)} className="rg-limits" data-testid={`rg-limits-${kind}`}>
      <p className="reward-note">{t(`rg.kindHint_${kind}`)}</p>
      <form className="rg-form" noValidate onSubmit={submit} aria-busy={sending}>
        <div className="rg-fields">
          {limits.map((limit) => (
            <Field
              key={`${limit.period}:${limit.limit ?? ''}:${limit.pending?.at ?? ''}`}
              label={t(`rg.periodLimit_${limit.period}`)}
              name={limit.period}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('rg.noLimit')}
              defaultValue={limit.limit ?? ''}
              error={errors[limit.period]}
              hint={hint(limit)}
            />
          ))}
        </div>
        <p className="reward-note">{t('rg.emptyMeansNone')}</p>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        {saved && (
          <p role="status" className="rg-saved">
            {t('rg.saved')}
          </p>
        )}
        <Button type="submit" variant="primary" busy={sending} data-testid={`rg-save-${kind}`}>
          {t('rg.saveLimits')}
        </Button>
      </form>
    </Card>
  );
}
