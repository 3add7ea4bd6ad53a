import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerFeedback } from './SlipGame';

/** A picker's unit (one of the bet levels) and multiplier (1 to the most), as typed. */
export function useStake(betLevels: readonly string[], maxMultiplier: number) {
  const [unit, setUnit] = useState(betLevels[0] ?? '1.00');
  const [multiplier, setMultiplier] = useState('1');
  const multiplierValue = Number(multiplier);
  const multiplierValid =
    /^\d+$/.test(multiplier) && multiplierValue >= 1 && multiplierValue <= maxMultiplier;
  const setMultiplierBy = (step: number) => {
    // Out of range: from the nearest end (above the most: the most; empty or 0: 1).
    const base = multiplierValid
      ? multiplierValue
      : multiplierValue > maxMultiplier
        ? maxMultiplier
        : 1;
    setMultiplier(String(Math.min(maxMultiplier, Math.max(1, base + step))));
  };
  /** Why no line can be added with this stake, or null. */
  const problem = (t: TFunction): PickerFeedback => {
    if (!betLevels.includes(unit)) return { kind: 'error', text: t('play.vn.unitInvalid') };
    if (!multiplierValid) {
      return {
        kind: 'error',
        field: 'multiplier',
        text: t('play.vn.multiplierInvalid', { max: maxMultiplier }),
      };
    }
    return null;
  };
  return {
    unit,
    setUnit,
    multiplier,
    setMultiplier,
    multiplierValue,
    multiplierValid,
    setMultiplierBy,
    problem,
  };
}

export type Stake = ReturnType<typeof useStake>;

/**
 * The unit and the multiplier (a stepper and its field), Add to slip, and the picker's message
 * (why nothing was added, or what was): the end of every lottery's picker.
 */
export function StakeFields({
  id,
  stake,
  betLevels,
  maxMultiplier,
  money,
  feedback,
  onFeedback: setFeedback,
  onAdd: add,
}: {
  /** The picker's id: the fields' ids and the message's start with it. */
  id: string;
  stake: Stake;
  betLevels: readonly string[];
  maxMultiplier: number;
  money: (amount: string) => string;
  feedback: PickerFeedback;
  onFeedback: (feedback: PickerFeedback) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const multiplierError = feedback?.kind === 'error' && feedback.field === 'multiplier';
  return (
    <>
      <div className="vn-stake-row">
        <div className="vn-field">
          <label htmlFor={`${id}-unit`}>{t('play.vn.unit')}</label>
          <select
            id={`${id}-unit`}
            value={stake.unit}
            data-testid="vn-unit"
            onChange={(event) => {
              setFeedback(null);
              stake.setUnit(event.target.value);
            }}
          >
            {betLevels.map((level) => (
              <option key={level} value={level}>
                {money(level)}
              </option>
            ))}
          </select>
        </div>
        <div className="vn-field">
          <label htmlFor={`${id}-multiplier`}>{t('play.vn.multiplier')}</label>
          <div className="vn-stepper">
            <button
              type="button"
              className="vn-step"
              aria-label={t('play.vn.lowerMultiplier')}
              aria-disabled={stake.multiplierValid && stake.multiplierValue <= 1}
              onClick={() => {
                setFeedback(null);
                stake.setMultiplierBy(-1);
              }}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              id={`${id}-multiplier`}
              type="number"
              inputMode="numeric"
              min={1}
              max={maxMultiplier}
              step={1}
              value={stake.multiplier}
              aria-invalid={multiplierError || undefined}
              aria-describedby={multiplierError ? `${id}-feedback` : undefined}
              data-testid="vn-multiplier"
              onChange={(event) => {
                setFeedback(null);
                stake.setMultiplier(event.target.value.replace(/\D/g, '').slice(0, 4));
              }}
              onBlur={() => {
                if (!stake.multiplierValid && stake.multiplier !== '') stake.setMultiplierBy(0);
              }}
            />
            <button
              type="button"
              className="vn-step"
              aria-label={t('play.vn.raiseMultiplier')}
              aria-disabled={stake.multiplierValid && stake.multiplierValue >= maxMultiplier}
              onClick={() => {
                setFeedback(null);
                stake.setMultiplierBy(1);
              }}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </div>
      </div>
      <button type="button" className="vn-add" data-testid="vn-add" onClick={add}>
        {t('play.vn.add')}
      </button>
      <div id={`${id}-feedback`} className="vn-feedback">
        {feedback?.kind === 'error' && (
          <p role="alert" className="play-error" data-testid="vn-error">
            {feedback.text}
          </p>
        )}
        {feedback?.kind === 'added' && (
          <p role="status" className="vn-added" data-testid="vn-added">
            {t('play.vn.added', { count: feedback.count })}
          </p>
        )}
      </div>
    </>
  );
}
