import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  betTypeShape,
  prizeCount,
  type VnBetType,
  type VnFormat,
  type VnLine,
  type VnLottoSession,
} from '../../shared/vnLotto';
import { linesOf, oddsInLanguage, randomBacang, randomPick, TWO_DIGIT_NUMBERS } from './slip';
import type { PickerProps } from './SlipGame';
import { StakeFields, useStake } from './StakeFields';

/** A roving focus among `count` items laid out in rows of `columns` (arrows, Home, End). */
function nextIndex(key: string, index: number, count: number, columns: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'ArrowDown':
      return columns > 1 ? Math.min(count - 1, index + columns) : (index + 1) % count;
    case 'ArrowUp':
      return columns > 1 ? Math.max(0, index - columns) : (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The bet types as one radio group (one tab stop, arrows move and choose), each with its odds
 * ("Lô 2 số · 1 ăn 3.5"), named and priced by the game.
 */
export function BetTypes<T extends string>({
  types,
  value,
  onChange,
}: {
  types: readonly { betType: T; name: string; odds: string }[];
  value: T;
  onChange: (betType: T) => void;
}) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = types.findIndex((type) => type.betType === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const key =
      rtl && event.key === 'ArrowLeft'
        ? 'ArrowRight'
        : rtl && event.key === 'ArrowRight'
          ? 'ArrowLeft'
          : event.key;
    const next = nextIndex(key, index, types.length, 1);
    if (next === null) return;
    event.preventDefault();
    onChange(types[next]!.betType);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <div
      className="vn-bet-types"
      role="radiogroup"
      aria-label={t('play.vn.betType')}
      ref={group}
      onKeyDown={move}
    >
      {types.map((type) => (
        <button
          key={type.betType}
          type="button"
          role="radio"
          aria-checked={type.betType === value}
          tabIndex={type.betType === value ? 0 : -1}
          className="vn-bet-type"
          data-testid={`vn-bet-type-${type.betType}`}
          onClick={() => onChange(type.betType)}
        >
          <span className="vn-bet-type-name">{type.name}</span>
          <span className="vn-bet-type-odds">{type.odds}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * A grid of values (by default 00–99, ten to a row): toggle buttons (aria-pressed), one tab stop,
 * the arrows move by one and by a row. A xiên of K numbers takes no more than K: the others are
 * unavailable until one is unpicked.
 */
export function NumberGrid({
  picked,
  full,
  onToggle,
  values = TWO_DIGIT_NUMBERS,
  columns = 10,
  label,
  valueLabel = (value) => value,
}: {
  picked: readonly string[];
  full: boolean;
  onToggle: (number: string) => void;
  values?: readonly string[];
  columns?: number;
  /** The grid's name (default: "Numbers 00–99"). */
  label?: string;
  /** What a value's button says ("Big" for big). */
  valueLabel?: (value: string) => string;
}) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextIndex(event.key, focus, values.length, columns);
    if (next === null) return;
    event.preventDefault();
    setFocus(next);
    grid.current?.querySelectorAll<HTMLElement>('button')[next]?.focus();
  };
  return (
    <div
      className="vn-grid"
      role="group"
      aria-label={label ?? t('play.vn.numbers')}
      style={
        columns === 10 ? undefined : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }
      }
      ref={grid}
      onKeyDown={move}
    >
      {values.map((number, index) => {
        const pressed = picked.includes(number);
        const unavailable = full && !pressed;
        return (
          <button
            key={number}
            type="button"
            className="vn-number"
            aria-pressed={pressed}
            aria-disabled={unavailable || undefined}
            tabIndex={index === focus ? 0 : -1}
            data-testid={`vn-number-${number}`}
            onFocus={() => setFocus(index)}
            onClick={() => {
              if (!unavailable) onToggle(number);
            }}
          >
            {valueLabel(number)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The picker (issue 34): the bet type with its odds and rule, the numbers (the 00–99 grid, or
 * a three-digit field for 3 càng), quick picks, the unit and the multiplier, and Add to slip.
 * `onAdd` takes the lines and says how many it added or why it took none.
 */
export function BetPicker({
  vn,
  betLevels,
  money,
  onAdd,
  feedback,
  onFeedback: setFeedback,
}: PickerProps<VnLine> & {
  vn: VnLottoSession;
  betLevels: readonly string[];
  money: (amount: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [betType, setBetType] = useState<VnBetType>(vn.betTypes[0]?.betType ?? 'lo2');
  const [picked, setPicked] = useState<string[]>([]);
  const [bacang, setBacang] = useState('');
  const stake = useStake(betLevels, vn.maxMultiplier);
  const shape = betTypeShape(betType);
  const format: VnFormat = vn.format;
  const xien = shape.picks > 1;
  const threeDigits = shape.digits === 3;

  const chooseType = (next: VnBetType) => {
    if (next === betType) return;
    const nextShape = betTypeShape(next);
    setBetType(next);
    setFeedback(null);
    // Picks carry over between the two-digit types, up to what the new type takes.
    setPicked((current) =>
      nextShape.digits === 3
        ? []
        : nextShape.picks > 1
          ? current.slice(0, nextShape.picks)
          : current,
    );
  };

  const toggle = (number: string) => {
    setFeedback(null);
    setPicked((current) =>
      current.includes(number)
        ? current.filter((other) => other !== number)
        : xien && current.length >= shape.picks
          ? current
          : [...current, number],
    );
  };

  const random = () => {
    setFeedback(null);
    if (threeDigits) setBacang(randomBacang());
    else if (xien) setPicked(randomPick(TWO_DIGIT_NUMBERS, shape.picks));
    else setPicked((current) => [...current, ...randomPick(TWO_DIGIT_NUMBERS, 1, current)]);
  };

  const clear = () => {
    setFeedback(null);
    setPicked([]);
    setBacang('');
  };

  const add = () => {
    const stakeProblem = stake.problem(t);
    if (stakeProblem) {
      setFeedback(stakeProblem);
      return;
    }
    const numbers = threeDigits ? (bacang === '' ? [] : [bacang]) : picked;
    if (threeDigits && !/^\d{3}$/.test(bacang)) {
      setFeedback({ kind: 'error', field: 'bacang', text: t('play.vn.bacangInvalid') });
      return;
    }
    if (numbers.length === 0) {
      setFeedback({ kind: 'error', text: t('play.vn.pickFirst') });
      return;
    }
    if (xien && numbers.length !== shape.picks) {
      setFeedback({ kind: 'error', text: t('play.vn.pickCount', { count: shape.picks }) });
      return;
    }
    const made = linesOf(betType, numbers, stake.unit, stake.multiplierValue);
    if ('problem' in made) {
      setFeedback({ kind: 'error', text: t(`errors.${made.problem}`) });
      return;
    }
    const answer = onAdd(made.lines);
    if ('problem' in answer) {
      setFeedback({ kind: 'error', text: t(answer.problem, answer.value) });
      return;
    }
    setPicked([]);
    setBacang('');
    setFeedback({ kind: 'added', count: answer.added });
  };

  const ruleKey = xien ? 'play.vn.rule_xien' : `play.vn.rule_${betType}`;
  const bacangError = feedback?.kind === 'error' && feedback.field === 'bacang';

  return (
    <section className="vn-card vn-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="vn-title">
        {t('play.vn.betType')}
      </h2>
      <BetTypes
        types={vn.betTypes.map((type) => ({
          betType: type.betType,
          name: t(`play.vn.betType_${type.betType}`),
          odds: t('play.vn.odds', { odds: oddsInLanguage(type.odds, i18n.language) }),
        }))}
        value={betType}
        onChange={chooseType}
      />
      <p className="vn-rule" data-testid="vn-rule">
        {t(ruleKey, { count: shape.picks, prizes: prizeCount(format) })}
      </p>
      <div className="vn-pick-bar">
        <p className="vn-progress" aria-live="polite">
          {threeDigits
            ? t('play.vn.bacangHint')
            : xien
              ? t('play.vn.pickProgress', { picked: picked.length, count: shape.picks })
              : t('play.vn.picked', { count: picked.length })}
        </p>
        <div className="vn-quick">
          <button type="button" className="vn-chip" onClick={random} data-testid="vn-random">
            {t('play.vn.random')}
          </button>
          <button type="button" className="vn-chip" onClick={clear} data-testid="vn-clear">
            {t('play.vn.clear')}
          </button>
        </div>
      </div>
      {threeDigits ? (
        <div className="vn-field vn-bacang">
          <label htmlFor={`${id}-bacang`}>{t('play.vn.bacang')}</label>
          <input
            id={`${id}-bacang`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{3}"
            maxLength={3}
            placeholder="000"
            value={bacang}
            aria-invalid={bacangError || undefined}
            aria-describedby={bacangError ? `${id}-feedback` : undefined}
            data-testid="vn-bacang-input"
            onChange={(event) => {
              setFeedback(null);
              setBacang(event.target.value.replace(/\D/g, '').slice(0, 3));
            }}
          />
        </div>
      ) : (
        <NumberGrid picked={picked} full={xien && picked.length >= shape.picks} onToggle={toggle} />
      )}
      <StakeFields
        id={id}
        stake={stake}
        betLevels={betLevels}
        maxMultiplier={vn.maxMultiplier}
        money={money}
        feedback={feedback}
        onFeedback={setFeedback}
        onAdd={add}
      />
    </section>
  );
}
