import { MAX_LINES, type VnLine, type VnSlipAnswer } from '../../../../src/shared/vnLotto';
import type { DrawLine, SlipTicket } from '../../../../src/shared/drawBets';
import { parseMoney, toMoneyString } from '../../../../src/shared/money';
import { runSteps } from '../../../db/steps';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import { commit } from '../../../platform/unitOfWork';
import { knownHouseShardId } from '../../ledger/accounts';
import { ledgerRefusal, postedFromStep, type PostingRequest, postingStep } from '../../ledger/post';
import { reserveBetWithin } from '../../responsibleGaming/enforce';
import { STAKE_ACCOUNTS_SQL, type StakeAccount } from '../../wallet/stakes';
import type { Launch } from '../demoVendor/launches';
import { type ExposedLine, reserveVnExposure } from './vnExposure';
import { linePrice, openVnDraw, realVnGame } from './vnGames';
import { type StoredLine, ticketsOf } from './vnTickets';

/**
 * Bet slips on the scheduled lotteries' draws (issue 34, finding 4): the Vietnamese lottery's
 * and, with the bet types of src/shared/drawBets.ts, every other lottery group's. A slip is placed
 * on the draw taking bets (its stake leaves the main wallet for the house at once, real money
 * only) and settled when that draw opens: its lines are checked against the drawn prize tiers
 * (src/shared/vnLotto.ts) or numbers (src/shared/drawBets.ts), the win paid, and the betting record written with what the bet earns,
 * in one unit of work per slip. docs/decisions.md "The Vietnam lottery".
 *
 * This module places slips, and exports the rest, kept by subject: the games, their open draw,
 * sessions and line prices (`vnGames.ts`), and the tickets and results a player reads
 * (`vnTickets.ts`). Settlement is vnSettle.ts's.
 */

export {
  cutoffSeconds,
  drawLottoSession,
  linePrice,
  openVnDraw,
  type SlipGame,
  slipGameOf,
  vnGameOf,
  vnLottoSession,
  vnOpenDrawOf,
} from './vnGames';
export { type StoredLine, vnResults, vnTickets } from './vnTickets';

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
