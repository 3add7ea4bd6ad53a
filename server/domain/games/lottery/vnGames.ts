import {
  betTypeShape,
  lineProblem,
  MAX_LINES,
  MAX_MULTIPLIER,
  oddsText,
  VN_BET_TYPES,
  type VnFormat,
  vnFormatOf,
  type VnLine,
  type VnLottoSession,
  type VnOpenDraw,
  isVnBetType,
  type VnBetType,
} from '../../../../src/shared/vnLotto';
import {
  drawBetShapeOf,
  drawBetShapes,
  drawKindOf,
  type DrawLine,
  drawLineProblem,
  type DrawLottoSession,
  drawPayout,
} from '../../../../src/shared/drawBets';
import { drawShapeOf, periodAt, periodStarting } from '../../../../src/shared/lottery';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import type { Launch } from '../demoVendor/launches';
import { intervalOf } from './draws';

/**
 * The scheduled lotteries' games as vnSlips.ts takes slips on them: which game a launch plays,
 * the draw taking bets now, what the game page needs to bet, and the payout a slip's line is
 * placed at.
 */

/** Bets on a draw close this many seconds before it: a tenth of its interval, 3 s to 30 s. */
export function cutoffSeconds(intervalSeconds: number): number {
  return Math.min(30, Math.max(3, Math.floor(intervalSeconds / 10)));
}

/** The draw taking bets at `now`: the current period, or the next once its bets have closed. */
export function openVnDraw(intervalSeconds: number, now: Date): VnOpenDraw {
  let period = periodAt(intervalSeconds, now);
  const cutoff = cutoffSeconds(intervalSeconds) * 1000;
  if (now.getTime() >= period.closesAt.getTime() - cutoff) {
    period = periodStarting(intervalSeconds, period.closesAt.getTime() / 1000);
  }
  return {
    numero: period.numero,
    closesAt: period.closesAt.toISOString(),
    betsCloseAt: new Date(period.closesAt.getTime() - cutoff).toISOString(),
  };
}

/** A game of a lottery group: its draws take slips. `format` is null for a non-Vietnamese one. */
export interface SlipGame {
  nodeId: string;
  group: string;
  format: VnFormat | null;
  interval: number;
}

type VnGame = SlipGame & { format: VnFormat };

/** The launched game as a scheduled lottery game (any lottery group), or null. */
export async function slipGameOf(deps: Platform, nodeId: string): Promise<SlipGame | null> {
  const [row] = await deps.db.query<{ lottery_group: string | null; draw_seconds: number | null }>(
    `select lottery_group, draw_seconds from games
     where node_id = $1 and enabled and engine = 'draw'`,
    [nodeId],
  );
  if (!row?.lottery_group) return null;
  return {
    nodeId,
    group: row.lottery_group,
    format: vnFormatOf(row.lottery_group),
    interval: intervalOf(deps.config.lottery, row.lottery_group, row.draw_seconds),
  };
}

/** The launched game as a Vietnamese lottery game, or null when it is not one. */
export async function vnGameOf(deps: Platform, nodeId: string): Promise<VnGame | null> {
  const game = await slipGameOf(deps, nodeId);
  return game?.format ? (game as VnGame) : null;
}

/** What the game page needs to bet on a real launch of a Vietnamese lottery game, else null. */
export async function vnLottoSession(
  deps: Platform,
  launch: Launch,
): Promise<VnLottoSession | null> {
  if (launch.demo || launch.memberId === null) return null;
  const game = await vnGameOf(deps, launch.nodeId);
  if (!game) return null;
  return {
    format: game.format,
    betTypes: VN_BET_TYPES.map((shape) => ({
      betType: shape.betType,
      picks: shape.picks,
      digits: shape.digits,
      odds: oddsText(shape.payout[game.format]),
    })),
    open: openVnDraw(game.interval, deps.clock.now()),
    maxLines: MAX_LINES,
    maxMultiplier: MAX_MULTIPLIER,
  };
}

/**
 * What the game page needs to bet on a real launch of another scheduled lottery (SSC, K3, PK10,
 * 11X5, LOTTO, KENO, THAI, LAO, 4D…): its group's bet types with their odds, else null.
 */
export async function drawLottoSession(
  deps: Platform,
  launch: Launch,
): Promise<DrawLottoSession | null> {
  if (launch.demo || launch.memberId === null) return null;
  const game = await slipGameOf(deps, launch.nodeId);
  if (!game || game.format) return null;
  const shape = drawShapeOf(game.group);
  return {
    group: game.group,
    kind: drawKindOf(shape),
    shape,
    betTypes: drawBetShapes(shape).map((bet) => ({
      betType: bet.betType,
      positions: bet.positions,
      values: [...bet.values],
      odds: bet.values.map((value) => oddsText(drawPayout(bet, value))),
    })),
    open: openVnDraw(game.interval, deps.clock.now()),
    maxLines: MAX_LINES,
    maxMultiplier: MAX_MULTIPLIER,
  };
}

/** The launch's scheduled lottery game, refused unless a real-money launch of one. */
export async function realVnGame(deps: Platform, launch: Launch): Promise<SlipGame> {
  const game = launch.demo ? null : await slipGameOf(deps, launch.nodeId);
  if (!game || launch.memberId === null) {
    throw new ApiError(400, 'invalid_request', 'Not a real-money scheduled lottery launch.');
  }
  return game;
}

/**
 * A slip's line checked against its game's bet types: the payout (hundredths) it is placed at,
 * or why not. The caller checks the unit.
 */
export function linePrice(
  game: SlipGame,
  line: VnLine | DrawLine,
): { payout: number } | { problem: 'lotto_numbers_invalid' | 'bet_invalid' } {
  if (game.format) {
    const problem = isVnBetType(line.betType)
      ? 'position' in line && line.position !== undefined
        ? 'lotto_numbers_invalid'
        : lineProblem(line as VnLine)
      : 'lotto_numbers_invalid';
    return problem
      ? { problem }
      : { payout: betTypeShape(line.betType as VnBetType).payout[game.format] };
  }
  const problem = drawLineProblem(game.group, line as DrawLine, MAX_MULTIPLIER);
  if (problem) return { problem };
  return { payout: drawPayout(drawBetShapeOf(game.group, line.betType)!, line.numbers[0]!) };
}

/** The draw a launch's game takes bets on now. */
export async function vnOpenDrawOf(deps: Platform, launch: Launch): Promise<VnOpenDraw> {
  const game = await realVnGame(deps, launch);
  return openVnDraw(game.interval, deps.clock.now());
}
