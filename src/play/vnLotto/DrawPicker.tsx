import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DrawBetType,
  type DrawLine,
  drawLineProblem,
  type DrawLottoSession,
} from '../../shared/drawBets';
import { BetTypes, NumberGrid } from './BetPicker';
import { oddsInLanguage, randomPick } from './slip';
import type { PickerProps } from './SlipGame';
import { StakeFields, useStake } from './StakeFields';

/** How many values a row of the grid holds: all of a short list, seven sums, else ten. */
export function gridColumns(values: number): number {
  return values <= 7 ? values : values === 14 ? 7 : 10;
}

/** A value as the grid and the slip say it: "Big", "Small", or the number itself. */
export function useValueLabel() {
  const { t } = useTranslation();
  return (value: string) =>
    value === 'big' || value === 'small' ? t(`play.draws.${value}`) : value;
}

/** A position as the picker and the slip say it: "Digit 3" (a digit draw), "Place 3" (a race). */
export function usePositionLabel(kind: DrawLottoSession['kind']) {
  const { t } = useTranslation();
  return (position: number) =>
    t(kind === 'cars' ? 'play.draws.placeN' : 'play.draws.positionN', { n: position });
}

/**
 * The picker of a scheduled lottery other than the Vietnamese one (issue 34): the group's bet
 * types with their odds and rule, the position where the bet type takes one (a digit's, a car's
 * place), the values as a grid (one line each), quick picks, the unit and the multiplier, and
 * Add to slip.
 */
export function DrawPicker({
  draw,
  betLevels,
  money,
  onAdd,
  feedback,
  onFeedback: setFeedback,
}: PickerProps<DrawLine> & {
  draw: DrawLottoSession;
  betLevels: readonly string[];
  money: (amount: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const valueLabel = useValueLabel();
  const positionLabel = usePositionLabel(draw.kind);
  const [betType, setBetType] = useState<DrawBetType>(draw.betTypes[0]!.betType);
  const [position, setPosition] = useState(1);
  const [picked, setPicked] = useState<string[]>([]);
  const stake = useStake(betLevels, draw.maxMultiplier);
  const type = draw.betTypes.find((candidate) => candidate.betType === betType)!;

  const oddsOf = (odds: readonly string[]) => {
    const values = odds.map(Number);
    const low = Math.min(...values);
    const high = Math.max(...values);
    const text = (value: number) => oddsInLanguage(String(value), i18n.language);
    return low === high
      ? t('play.vn.odds', { odds: text(low) })
      : t('play.draws.oddsRange', { min: text(low), max: text(high) });
  };

  const chooseType = (next: DrawBetType) => {
    if (next === betType) return;
    setBetType(next);
    setFeedback(null);
    setPicked([]);
    setPosition(1);
  };

  const toggle = (value: string) => {
    setFeedback(null);
    setPicked((current) =>
      current.includes(value) ? current.filter((other) => other !== value) : [...current, value],
    );
  };

  const add = () => {
    const stakeProblem = stake.problem(t);
    if (stakeProblem) {
      setFeedback(stakeProblem);
      return;
    }
    if (picked.length === 0) {
      setFeedback({ kind: 'error', text: t('play.vn.pickFirst') });
      return;
    }
    const lines: DrawLine[] = [...picked]
      .sort((a, b) => type.values.indexOf(a) - type.values.indexOf(b))
      .map((value) => ({
        betType,
        ...(type.positions > 0 ? { position } : {}),
        numbers: [value],
        unit: stake.unit,
        multiplier: stake.multiplierValue,
      }));
    for (const line of lines) {
      const problem = drawLineProblem(draw.group, line, draw.maxMultiplier);
      if (problem) {
        setFeedback({ kind: 'error', text: t(`errors.${problem}`) });
        return;
      }
    }
    const answer = onAdd(lines);
    if ('problem' in answer) {
      setFeedback({ kind: 'error', text: t(answer.problem, answer.value) });
      return;
    }
    setPicked([]);
    setFeedback({ kind: 'added', count: answer.added });
  };

  return (
    <section className="vn-card vn-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="vn-title">
        {t('play.vn.betType')}
      </h2>
      <BetTypes
        types={draw.betTypes.map((candidate) => ({
          betType: candidate.betType,
          name: t(`play.draws.betType_${candidate.betType}`),
          odds: oddsOf(candidate.odds),
        }))}
        value={betType}
        onChange={chooseType}
      />
      <p className="vn-rule" data-testid="vn-rule">
        {t(`play.draws.rule_${betType}`, { count: draw.shape.count, max: draw.shape.max })}
      </p>
      {type.positions > 0 && (
        <div className="vn-field">
          <label htmlFor={`${id}-position`}>
            {t(draw.kind === 'cars' ? 'play.draws.place' : 'play.draws.position')}
          </label>
          <select
            id={`${id}-position`}
            value={position}
            data-testid="draw-position"
            onChange={(event) => {
              setFeedback(null);
              setPosition(Number(event.target.value));
            }}
          >
            {Array.from({ length: type.positions }, (_, index) => (
              <option key={index} value={index + 1}>
                {positionLabel(index + 1)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="vn-pick-bar">
        <p className="vn-progress" aria-live="polite">
          {t('play.vn.picked', { count: picked.length })}
        </p>
        <div className="vn-quick">
          <button
            type="button"
            className="vn-chip"
            data-testid="vn-random"
            onClick={() => {
              setFeedback(null);
              setPicked((current) => [...current, ...randomPick(type.values, 1, current)]);
            }}
          >
            {t('play.vn.random')}
          </button>
          <button
            type="button"
            className="vn-chip"
            data-testid="vn-clear"
            onClick={() => {
              setFeedback(null);
              setPicked([]);
            }}
          >
            {t('play.vn.clear')}
          </button>
        </div>
      </div>
      <NumberGrid
        key={betType}
        picked={picked}
        full={false}
        onToggle={toggle}
        values={type.values}
        columns={gridColumns(type.values.length)}
        label={t('play.draws.values')}
        valueLabel={valueLabel}
      />
      <StakeFields
        id={id}
        stake={stake}
        betLevels={betLevels}
        maxMultiplier={draw.maxMultiplier}
        money={money}
        feedback={feedback}
        onFeedback={setFeedback}
        onAdd={add}
      />
    </section>
  );
}
