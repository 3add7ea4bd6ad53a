import { useTranslation } from 'react-i18next';
import { useRgRefusalText } from '../ui/core/rgRefusal';
import type { RoundState } from './useRound';

/** The last round's outcome, or why the round was refused. */
export function RoundResult({
  state,
  money,
}: {
  state: RoundState;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const refusalText = useRgRefusalText();
  if (state.kind === 'idle' && state.error) {
    return (
      <p role="alert" className="play-error" data-testid="round-error">
        {refusalText({ code: state.error, value: state.errorValue }) ??
          t(`errors.${state.error}`, { defaultValue: t('errors.unknown') })}
      </p>
    );
  }
  if (!state.last) return null;
  const won = state.last.win !== '0.00';
  return (
    <p role="status" className={won ? 'play-win' : 'play-loss'} data-testid="round-result">
      {won ? t('play.won', { amount: money(state.last.win) }) : t('play.noWin')}
    </p>
  );
}
