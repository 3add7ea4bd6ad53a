import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnyLine,
  type LineErrors,
  type LineText,
  lineStake,
  type SlipLine,
  slipTotal,
} from './slip';

/**
 * The bet slip (issue 34): each line with its type, numbers, unit × multiplier = stake and what
 * it wins per hit, its multiplier editable and the line removable; the total; Place bets for
 * the open draw. `message` is the last placement's outcome (placed, or why not).
 */
export function BetSlip<L extends AnyLine>({
  lines,
  describe,
  maxLines,
  maxMultiplier,
  numero,
  canPlace,
  placing,
  money,
  onMultiplier,
  onRemove,
  onPlace,
  message,
  lineErrors = null,
}: {
  lines: readonly SlipLine<L>[];
  /** The line's bet type, pick and win, as the game names them. */
  describe: (line: AnyLine) => LineText;
  maxLines: number;
  maxMultiplier: number;
  numero: string;
  /** False while the open draw takes no bets (it is being drawn). */
  canPlace: boolean;
  placing: boolean;
  money: (amount: string) => string;
  onMultiplier: (key: string, text: string, done: boolean) => void;
  onRemove: (key: string) => void;
  onPlace: () => void;
  message: ReactNode;
  /** A refusal of some lines (a number past the house's limit), shown under each of them. */
  lineErrors?: LineErrors;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="vn-card vn-slip" aria-labelledby={`${id}-title`} data-testid="vn-slip">
      <h2 id={`${id}-title`} className="vn-title">
        {t('play.vn.slip')}{' '}
        <span className="vn-count">
          {lines.length}/{maxLines}
        </span>
      </h2>
      {lines.length === 0 ? (
        <p className="vn-empty">{t('play.vn.slipEmpty')}</p>
      ) : (
        <ol className="vn-slip-lines">
          {lines.map((line, index) => {
            const label = index + 1;
            const multiplierId = `${id}-m-${line.key}`;
            const errorId = `${id}-e-${line.key}`;
            const error = lineErrors?.keys.includes(line.key) ? lineErrors.text : null;
            const text = describe(line);
            return (
              <li
                key={line.key}
                className={error ? 'vn-slip-line vn-slip-line-refused' : 'vn-slip-line'}
                data-testid="vn-slip-line"
                data-refused={error ? 'true' : undefined}
              >
                <div className="vn-slip-head">
                  <span className="vn-slip-type">{text.name}</span>
                  <span className="vn-slip-numbers">{text.pick}</span>
                  <button
                    type="button"
                    className="vn-remove"
                    aria-label={t('play.vn.removeLine', { line: label })}
                    onClick={() => onRemove(line.key)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                <div className="vn-slip-stake">
                  <span>{money(line.unit)} ×</span>
                  <span className="vn-stepper vn-stepper-small">
                    <button
                      type="button"
                      className="vn-step"
                      aria-label={`${t('play.vn.lowerMultiplier')} (${label})`}
                      aria-disabled={line.multiplier <= 1}
                      onClick={() =>
                        line.multiplier > 1 &&
                        onMultiplier(line.key, String(line.multiplier - 1), true)
                      }
                    >
                      <span aria-hidden="true">−</span>
                    </button>
                    <input
                      id={multiplierId}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={maxMultiplier}
                      step={1}
                      aria-label={t('play.vn.lineMultiplier', { line: label })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      value={line.draft ?? String(line.multiplier)}
                      onChange={(event) => onMultiplier(line.key, event.target.value, false)}
                      onBlur={(event) => onMultiplier(line.key, event.target.value, true)}
                    />
                    <button
                      type="button"
                      className="vn-step"
                      aria-label={`${t('play.vn.raiseMultiplier')} (${label})`}
                      aria-disabled={line.multiplier >= maxMultiplier}
                      onClick={() =>
                        line.multiplier < maxMultiplier &&
                        onMultiplier(line.key, String(line.multiplier + 1), true)
                      }
                    >
                      <span aria-hidden="true">+</span>
                    </button>
                  </span>
                  <strong className="vn-money">= {money(lineStake(line))}</strong>
                </div>
                <p className="vn-slip-win">{text.wins}</p>
                {error && (
                  <p
                    id={errorId}
                    role="alert"
                    className="play-error vn-line-error"
                    data-testid="vn-line-error"
                  >
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <p className="vn-total">
        {t('play.vn.total')}:{' '}
        <strong className="vn-money" data-testid="vn-slip-total">
          {money(slipTotal(lines))}
        </strong>
      </p>
      <button
        type="button"
        className="play-action vn-place"
        data-testid="vn-place"
        data-numero={numero}
        disabled={lines.length === 0 || placing || !canPlace}
        aria-describedby={`${id}-draw`}
        onClick={onPlace}
      >
        {placing ? t('play.vn.placing') : t('play.vn.place')}
      </button>
      <p id={`${id}-draw`} className="vn-for-draw">
        {canPlace ? t('play.vn.forDraw', { numero }) : t('play.vn.betsClosed')}
      </p>
      <div className="vn-feedback">{message}</div>
    </section>
  );
}
