import { useTranslation } from 'react-i18next';
import {
  drawBetShapeOf,
  type DrawLine,
  type DrawLottoSession,
  drawPayout,
  type DrawResultEntry,
} from '../../shared/drawBets';
import { parseMoney, toMoneyString } from '../../shared/money';
import { lineWin } from '../../shared/vnLotto';
import type { PlayApi } from '../playApi';
import { DrawPicker, usePositionLabel, useValueLabel } from './DrawPicker';
import { DrawResults } from './DrawResults';
import { type AnyLine, lineStake } from './slip';
import { SlipGame } from './SlipGame';
import type { Loadable } from './useVnLotto';

/**
 * A scheduled lottery other than the Vietnamese one on the game page (issue 34, finding 4): SSC,
 * K3, PK10, 11X5, LOTTO, KENO, THAI, LAO, 4D… The draw taking bets with its countdown, the
 * group's bet types (src/shared/drawBets.ts), a slip placed as one ticket on that draw, the
 * player's tickets settled at the draw, and the last draws' numbers.
 */
export function DrawLottoGame({
  api,
  launch,
  draw,
  betLevels,
  onBalance,
  money,
}: {
  api: PlayApi;
  launch: string;
  draw: DrawLottoSession;
  betLevels: readonly string[];
  onBalance: (balance: string) => void;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const positionLabel = usePositionLabel(draw.kind);
  const describe = (line: AnyLine) => {
    const drawLine = line as DrawLine;
    const value = drawLine.numbers[0] ?? '';
    const shape = drawBetShapeOf(draw.group, drawLine.betType);
    const win = shape
      ? toMoneyString(lineWin(parseMoney(lineStake(drawLine)), drawPayout(shape, value), 1))
      : '0.00';
    return {
      name: t(`play.draws.betType_${drawLine.betType}`),
      pick:
        drawLine.position === undefined
          ? valueLabel(value)
          : `${positionLabel(drawLine.position)} · ${valueLabel(value)}`,
      wins: t('play.vn.wins', { amount: money(win) }),
    };
  };
  return (
    <SlipGame
      api={api}
      launch={launch}
      vn={draw}
      onBalance={onBalance}
      money={money}
      describe={describe}
      Picker={DrawPicker}
      pickerProps={{ draw, betLevels, money }}
      results={(results: Loadable<DrawResultEntry[]>, onRetry) => (
        <DrawResults results={results} onRetry={onRetry} />
      )}
    />
  );
}
