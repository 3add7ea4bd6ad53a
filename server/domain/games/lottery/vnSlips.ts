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
  type VnResult,
  type VnResultEntry,
  type VnSlipAnswer,
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
  type DrawResultEntry,
  type SlipTicket,
} from '../../../../src/shared/drawBets';
import { drawShapeOf, periodAt, periodStarting } from '../../../../src/shared/lottery';
import { parseMoney, toMoneyString } from '../../../../src/shared/money';
import type { Queryable } from '../../../db/types';
import { runSteps } from '../../../db/steps';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import { commit } from '../../../platform/unitOfWork';
import { knownHouseShardId } from '../../ledger/accounts';
import { ledgerRefusal, postedFromStep, type PostingRequest, postingStep } from '../../ledger/post';
import { reserveBetWithin } from '../../responsibleGaming/enforce';
import { STAKE_ACCOUNTS_SQL, type StakeAccount } from '../../wallet/stakes';
import type { Launch } from '../demoVendor/launches';
import { intervalOf, numbersOf } from './draws';
import { type ExposedLine, reserveVnExposure } from './vnExposure';

/**
 * Bet slips on the scheduled lotteries' draws (issue 34, finding 4): the Vietnamese lottery's
 * and, with the bet types of src/shared/drawBets.ts, every other lottery group's. A slip is placed
 * on the draw taking bets (its stake leaves the main wallet for the house at once, real money
 * only) and settled when that draw opens: its lines are checked against the drawn prize tiers
 * (src/shared/vnLotto.ts) or numbers (src/shared/drawBets.ts), the win paid, and the betting record written with what the bet earns,
 * in one unit of work per slip. docs/decisions.md "The Vietnam lottery".
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

async function realVnGame(deps: Platform, launch: Launch): Promise<SlipGame> {
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

/** A line as stored with its slip: what was placed, and its hits and win once settled. */
export type StoredLine = (VnLine | DrawLine) & {
  stake: string;
  payout: number;
  hits?: number;
  win?: string;
};

/** Thrown inside a placement's transaction when its slip id was placed before: rolls it back. */
class SlipPlaced extends Error {
  constructor() {
    super('slip already placed');
  }
}

/**
 * Places a slip on the draw the player saw (`numero`): refused (draw_closed) when that draw no
 * longer takes bets. Responsible gaming first (the stake counts as wagered now), then the whole
 * stake from the main wallet's real money (a slip waits for its draw: bonus money, whose balance
 * may be released or forfeited meanwhile, plays the instant games), the slip and its posting in
 * one transaction. A slip id placed before answers its ticket again.
 */
export async function placeVnSlip(
  deps: Platform,
  launch: Launch,
  request: { slipId: string; numero: string; lines: readonly (VnLine | DrawLine)[] },
  language: string,
): Promise<VnSlipAnswer<SlipTicket>> {
  const game = await realVnGame(deps, launch);
  const memberId = launch.memberId!;
  if (request.lines.length === 0 || request.lines.length > MAX_LINES) {
    throw new ApiError(400, 'invalid_request', `A slip has 1 to ${MAX_LINES} lines.`);
  }
  const levels = new Set(deps.config.games.betLevels.map((level) => parseMoney(level)));
  const lines: StoredLine[] = request.lines.map((line) => {
    const price = linePrice(game, line);
    const problem = 'problem' in price ? price.problem : null;
    if (problem === 'lotto_numbers_invalid') {
      throw new ApiError(400, problem, 'Pick the numbers this bet type needs.');
    }
    const unit = parseMoney(line.unit);
    if (problem === 'bet_invalid' || !levels.has(unit)) {
      throw new ApiError(400, 'bet_invalid', 'Choose one of the offered bets.');
    }
    return {
      betType: line.betType,
      ...('position' in line && line.position !== undefined ? { position: line.position } : {}),
      numbers: [...line.numbers],
      unit: toMoneyString(unit),
      multiplier: line.multiplier,
      stake: toMoneyString(unit * BigInt(line.multiplier)),
      payout: (price as { payout: number }).payout,
    } as StoredLine;
  });
  const stake = lines.reduce((sum, line) => sum + parseMoney(line.stake), 0n);
  const open = openVnDraw(game.interval, deps.clock.now());
  if (request.numero !== open.numero) {
    throw new ApiError(
      409,
      'draw_closed',
      `Draw ${request.numero} no longer takes bets; draw ${open.numero} does.`,
    );
  }
  try {
    return await commit(deps, async (work) => {
      const { tx } = work;
      const { also, usageStep: usage } = await reserveBetWithin(
        tx,
        deps,
        { memberId, sessionId: launch.sessionId, stake, win: 0n },
        { alsoRead: STAKE_ACCOUNTS_SQL, deferUsage: true },
      );
      const accounts = also.stake_accounts as StakeAccount[];
      const main = accounts.find((account) => account.kind === 'main');
      if (!main || BigInt(main.balance) < stake) {
        throw new ApiError(
          409,
          'insufficient_funds',
          'A lottery ticket is paid from real money, and the balance is too low.',
        );
      }
      const [slip] = await tx.query<{ id: string }>(
        `insert into vn_slips (member_id, slip_key, node_id, numero, closes_at, lines, stake)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (member_id, slip_key) do nothing returning id::text`,
        [
          memberId,
          request.slipId,
          game.nodeId,
          open.numero,
          open.closesAt,
          JSON.stringify(lines),
          stake.toString(),
        ],
      );
      if (!slip) throw new SlipPlaced();
      // The liability cap per number of the Vietnamese bet types: refused (number_limit) before
      // anything is charged. The other lotteries' bets (drawBets) pay fixed odds on one drawn
      // number among ten to eighty, without the popular-number risk of a đề; not capped yet.
      if (game.format !== null) {
        await reserveVnExposure(
          tx,
          deps.config.lottery.liabilityCaps,
          {
            nodeId: game.nodeId,
            numero: open.numero,
            closesAt: open.closesAt,
          },
          lines as ExposedLine[],
        );
      }
      const house = await knownHouseShardId(deps.db, tx, 'vendors', memberId);
      const posting: PostingRequest = {
        idempotencyKey: `vnslip:${memberId}:${request.slipId}:stake`,
        kind: 'bet',
        memberId,
        postings: [
          { accountId: main.id, amount: -stake },
          { accountId: house, amount: stake },
        ],
      };
      const answers = await runSteps(tx, [...(usage ? [usage] : []), postingStep(posting)]).catch(
        (error: unknown) => {
          throw ledgerRefusal(error);
        },
      );
      const posted = await postedFromStep(tx, posting, answers[usage ? 1 : 0]);
      const moved = posted.balances.get(main.id)!;
      work.changed('balance', [{ memberId, wallet: 'MAIN', ...moved }]);
      const [ticket] = await ticketsOf(tx, memberId, { slipId: slip.id }, language);
      return { ticket: ticket!, balance: toMoneyString(moved.balance) };
    });
  } catch (error) {
    if (error instanceof SlipPlaced) {
      const [ticket] = await ticketsOf(deps.db, memberId, { slipKey: request.slipId }, language);
      if (ticket && ticket.gameCode === game.nodeId) {
        const [row] = await deps.db.query<{ balance: string }>(
          `select balance::text from ledger_accounts where member_id = $1 and kind = 'main'`,
          [memberId],
        );
        return { ticket, balance: toMoneyString(BigInt(row?.balance ?? '0')), replayed: true };
      }
      throw new ApiError(409, 'round_conflict', 'This slip id was already used.');
    }
    throw error;
  }
}

type TicketRow = {
  id: string;
  slip_key: string;
  node_id: string;
  game_name: string;
  numero: string;
  placed_at: Date | string;
  stake: string;
  status: 'open' | 'settled' | 'void';
  win: string | null;
  settled_at: Date | string | null;
  lines: StoredLine[] | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** A member's tickets: one by its id or key, or a game's newest. */
async function ticketsOf(
  db: Queryable,
  memberId: string,
  which: { slipId: string } | { slipKey: string } | { nodeId: string; limit: number },
  language: string,
): Promise<SlipTicket[]> {
  const [filter, value, limit] =
    'slipId' in which
      ? ['s.id = $3::bigint', which.slipId, 1]
      : 'slipKey' in which
        ? ['s.slip_key = $3', which.slipKey, 1]
        : ['s.node_id = $3', which.nodeId, which.limit];
  const rows = await db.query<TicketRow>(
    `select s.id::text, s.slip_key, s.node_id, coalesce(ln.name, en.name) as game_name, s.numero,
       s.placed_at, s.stake::text, s.status, s.win::text, s.settled_at, s.lines
     from vn_slips s
     join game_names en on en.node_id = s.node_id and en.language = 'EN'
     left join game_names ln on ln.node_id = s.node_id and ln.language = $2
     where s.member_id = $1 and ${filter}
     order by s.placed_at desc, s.id desc limit $4`,
    [memberId, language, value, limit],
  );
  return rows.map((row) => {
    const lines =
      typeof row.lines === 'string' ? (JSON.parse(row.lines) as StoredLine[]) : row.lines;
    return {
      slipId: row.slip_key,
      gameCode: row.node_id,
      gameName: row.game_name,
      numero: row.numero,
      placedAt: iso(row.placed_at),
      stake: toMoneyString(BigInt(row.stake)),
      // A voided slip (its draw never opened) shows as settled with its stake returned.
      status: row.status === 'open' ? 'open' : 'settled',
      win:
        row.status === 'void'
          ? toMoneyString(BigInt(row.stake))
          : row.win === null
            ? null
            : toMoneyString(BigInt(row.win)),
      settledAt: row.settled_at === null ? null : iso(row.settled_at),
      lines: lines.map((line) => ({
        betType: line.betType,
        ...('position' in line && line.position !== undefined ? { position: line.position } : {}),
        numbers: line.numbers,
        unit: line.unit,
        multiplier: line.multiplier,
        stake: line.stake,
        odds: oddsText(line.payout),
        hits: line.hits ?? null,
        win: line.win ?? null,
      })),
    } as SlipTicket;
  });
}

/** The player's tickets of the launched game, newest first. */
export async function vnTickets(
  deps: Platform,
  launch: Launch,
  language: string,
): Promise<SlipTicket[]> {
  const game = await realVnGame(deps, launch);
  return ticketsOf(deps.db, launch.memberId!, { nodeId: game.nodeId, limit: 20 }, language);
}

/**
 * The launched game's opened draws, newest first: a Vietnamese game's with their prize tiers,
 * another's with their numbers.
 */
export async function vnResults(
  deps: Platform,
  launch: Launch,
  limit: number,
): Promise<VnResultEntry[] | DrawResultEntry[]> {
  const game = await realVnGame(deps, launch);
  const rows = await deps.db.query<{
    numero: string;
    opened_at: Date | string;
    numbers: number[] | string;
    prizes: VnResult | string | null;
  }>(
    `select numero, opened_at, numbers, prizes from lottery_draws
     where node_id = $1 and ($3::boolean or prizes is not null)
     order by closes_at desc limit $2`,
    [game.nodeId, limit, game.format === null],
  );
  if (game.format === null) {
    return rows.map((row) => ({
      numero: row.numero,
      openedAt: iso(row.opened_at),
      numbers: numbersOf(row.numbers),
    }));
  }
  return rows.map((row) => ({
    numero: row.numero,
    openedAt: iso(row.opened_at),
    prizes: typeof row.prizes === 'string' ? (JSON.parse(row.prizes) as VnResult) : row.prizes!,
  }));
}
