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
 * ("Lô 2 số · 1 ăn 3.5").
 */
function BetTypes({
  types,
  value,
  onChange,
}: {
  types: VnLottoSession['betTypes'];
  value: VnBetType;
  onChange: (betType: VnBetType) => void;
}) {
  const { t, i18n } = useTranslation();
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
          <span className="vn-bet-type-name">{t(`play.vn.betType_${type.betType}`)}</span>
          <span className="vn-bet-type-odds">
            {t('play.vn.odds', { odds: oddsInLanguage(type.odds, i18n.language) })}
          </span>
        </button>
      ))}
    </div>
  );
}

/**
 * The 00–99 grid: toggle buttons (aria-pressed), one tab stop, the arrows move by one and by a
 * row. A xiên of K numbers takes no more than K: the others are unavailable until one is
 * unpicked.
 */
function NumberGrid({
  picked,
  full,
  onToggle,
}: {
  picked: readonly string[];
  full: boolean;
  onToggle: (number: string) => void;
}) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextIndex(event.key, focus, TWO_DIGIT_NUMBERS.length, 10);
    if (next === null) return;
    event.preventDefault();
    setFocus(next);
    grid.current?.querySelectorAll<HTMLElement>('button')[next]?.focus();
  };
  return (
    <div
      className="vn-grid"
      role="group"
      aria-label={t('play.vn.numbers')}
      ref={grid}
      onKeyDown={move}
    >
      {TWO_DIGIT_NUMBERS.map((number, index) => {
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
            {number}
          </button>
        );
      })}
    </div>
  );
}

export type AddResult = { added: number } | { problem: string; value?: Record<string, unknown> };

/** What the picker tells the player: why nothing was added (by a field), or what was. */
export type PickerFeedback =
  | { kind: 'error'; text: string; field?: 'bacang' | 'multiplier' }
  | { kind: 'added'; count: number }
  | null;

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
}: {
  vn: VnLottoSession;
  betLevels: readonly string[];
  money: (amount: string) => string;
  onAdd: (lines: VnLine[]) => AddResult;
  /** The game keeps it, so that one message at a time shows (the slip's or the picker's). */
  feedback: PickerFeedback;
  onFeedback: (feedback: PickerFeedback) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [betType, setBetType] = useState<VnBetType>(vn.betTypes[0]?.betType ?? 'lo2');
  const [picked, setPicked] = useState<string[]>([]);
  const [bacang, setBacang] = useState('');
  const [unit, setUnit] = useState(betLevels[0] ?? '1.00');
  const [multiplier, setMultiplier] = useState('1');
  const shape = betTypeShape(betType);
  const format: VnFormat = vn.format;
  const xien = shape.picks > 1;
  const threeDigits = shape.digits === 3;
  const multiplierValue = Number(multiplier);
  const multiplierValid =
    /^\d+$/.test(multiplier) && multiplierValue >= 1 && multiplierValue <= vn.maxMultiplier;

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

  const setMultiplierBy = (step: number) => {
    // Out of range: from the nearest end (above the most: the most; empty or 0: 1).
    const base = multiplierValid
      ? multiplierValue
      : multiplierValue > vn.maxMultiplier
        ? vn.maxMultiplier
        : 1;
    setMultiplier(String(Math.min(vn.maxMultiplier, Math.max(1, base + step))));
    setFeedback(null);
  };

  const add = () => {
    if (!betLevels.includes(unit)) {
      setFeedback({ kind: 'error', text: t('play.vn.unitInvalid') });
      return;
    }
    if (!multiplierValid) {
      setFeedback({
        kind: 'error',
        field: 'multiplier',
        text: t('play.vn.multiplierInvalid', { max: vn.maxMultiplier }),
      });
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
    const made = linesOf(betType, numbers, unit, multiplierValue);
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
  const multiplierError = feedback?.kind === 'error' && feedback.field === 'multiplier';

  return (
    <section className="vn-card vn-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="vn-title">
        {t('play.vn.betType')}
      </h2>
      <BetTypes types={vn.betTypes} value={betType} onChange={chooseType} />
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
      <div className="vn-stake-row">
        <div className="vn-field">
          <label htmlFor={`${id}-unit`}>{t('play.vn.unit')}</label>
          <select
            id={`${id}-unit`}
            value={unit}
            data-testid="vn-unit"
            onChange={(event) => {
              setFeedback(null);
              setUnit(event.target.value);
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
              aria-disabled={multiplierValid && multiplierValue <= 1}
              onClick={() => setMultiplierBy(-1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              id={`${id}-multiplier`}
              type="number"
              inputMode="numeric"
              min={1}
              max={vn.maxMultiplier}
              step={1}
              value={multiplier}
              aria-invalid={multiplierError || undefined}
              aria-describedby={multiplierError ? `${id}-feedback` : undefined}
              data-testid="vn-multiplier"
              onChange={(event) => {
                setFeedback(null);
                setMultiplier(event.target.value.replace(/\D/g, '').slice(0, 4));
              }}
              onBlur={() => {
                if (!multiplierValid && multiplier !== '') setMultiplierBy(0);
              }}
            />
            <button
              type="button"
              className="vn-step"
              aria-label={t('play.vn.raiseMultiplier')}
              aria-disabled={multiplierValid && multiplierValue >= vn.maxMultiplier}
              onClick={() => setMultiplierBy(1)}
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
    </section>
  );
}
