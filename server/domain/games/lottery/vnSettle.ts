import {
  isVnResult,
  lineHits,
  lineWin,
  specialPrize,
  type VnLine,
  type VnResult,
} from '../../../../src/shared/vnLotto';
import { drawLineHits, type DrawLine } from '../../../../src/shared/drawBets';
import { drawShapeOf, periodStarting } from '../../../../src/shared/lottery';
import { parseMoney, toMoneyString } from '../../../../src/shared/money';
import { runSteps, StepRefused } from '../../../db/steps';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import { commit } from '../../../platform/unitOfWork';
import {
  accrualProbesSql,
  accrualSteps,
  BET_ACCRUALS,
  chooseAccruals,
  foldsSome,
  type SettledBet,
  settleAccruals,
} from '../../accruals/bet';
import { foldSoon } from '../../accruals/fold';
import { knownHouseShardId, walletId } from '../../ledger/accounts';
import type { BalanceChange } from '../../ledger/amounts';
import { ledgerRefusal, postedFromStep, type PostingRequest, postingStep } from '../../ledger/post';
import { usageStep } from '../../responsibleGaming/usage';
import { bigWin } from '../demoVendor/rounds';
import { numbersOf } from './draws';
import { slipGameOf, type StoredLine } from './vnSlips';

/**
 * The scheduled lotteries' settlement (issue 34, finding 4): the slips placed by vnSlips.ts are
 * settled when their draw opens (a Vietnamese game's against its prize tiers, another's against
 * its numbers), or voided when it never will; and the development tool that opens a draw early
 * with a given result.
 */

/** How long after its close a slip whose draw has not opened waits before it is voided. */
const VOID_AFTER_MINUTES = 15;

interface DueSlip {
  id: string;
  member_id: string;
  node_id: string;
  vendor: string;
  game_type: string;
  game_name: string;
  numero: string;
  stake: string;
  lines: StoredLine[] | string;
  /** Null while the slip's draw has not opened. */
  numbers: number[] | string | null;
  prizes: VnResult | string | null;
}

/**
 * Settles the open slips whose draws have opened, and voids those whose draws never will (their
 * game disabled or drawing on another grid since): one unit of work per slip, each claiming its
 * slip still open under its row lock, so processes running this together settle a slip once.
 * Run by the lotteryDraws job after it opens draws; answers how many were settled and voided.
 */
export async function settleVnSlips(
  deps: Platform,
  limit = 500,
): Promise<{ settled: number; voided: number }> {
  const due = await deps.db.query<DueSlip>(
    `select s.id::text, s.member_id::text, s.node_id, g.vendor, g.game_type, en.name as game_name,
       s.numero, s.stake::text, s.lines, d.numbers, d.prizes
     from vn_slips s
     join games g on g.node_id = s.node_id
     join game_names en on en.node_id = s.node_id and en.language = 'EN'
     left join lottery_draws d on d.node_id = s.node_id and d.numero = s.numero
     where s.status = 'open'
       and (d.numbers is not null
         or s.closes_at < now() - make_interval(mins => $2))
     order by s.id limit $1`,
    [limit, VOID_AFTER_MINUTES],
  );
  let settled = 0;
  let voided = 0;
  let failed: unknown = null;
  for (const slip of due) {
    // One slip that cannot be settled (a database error) must not hold up the others: each
    // is its own unit of work, and the first failure is thrown once the rest are done.
    try {
      if (slip.numbers === null) {
        if (await voidSlip(deps, slip)) voided += 1;
      } else if (await settleSlip(deps, slip)) {
        settled += 1;
      }
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed !== null) throw failed;
  return { settled, voided };
}

async function settleSlip(deps: Platform, slip: DueSlip): Promise<boolean> {
  const prizes =
    typeof slip.prizes === 'string' ? (JSON.parse(slip.prizes) as VnResult) : slip.prizes;
  const numbers = numbersOf(slip.numbers!);
  const placed =
    typeof slip.lines === 'string' ? (JSON.parse(slip.lines) as StoredLine[]) : slip.lines;
  const lines = placed.map((line) => {
    // A Vietnamese draw has its prize tiers; another's lines are checked against its numbers.
    const hits = prizes
      ? lineHits(line as VnLine, prizes)
      : drawLineHits(line as DrawLine, numbers);
    const win = lineWin(parseMoney(line.stake), line.payout, hits);
    return { ...line, hits, win: toMoneyString(win) };
  });
  const win = lines.reduce((sum, line) => sum + parseMoney(line.win), 0n);
  const stake = BigInt(slip.stake);
  const memberId = slip.member_id;
  try {
    return await commit(deps, async (work) => {
      const { tx } = work;
      const probes = accrualProbesSql(BET_ACCRUALS);
      const [also] = await tx.query<Record<string, unknown> & { settled_at: Date | string }>(
        // The member's row first, as a bet takes it, so a settlement and the member's bets
        // (and the accruals both write) are counted one after the other.
        `select now() as settled_at${probes ? `, ${probes}` : ''}
         from members where id = $1 for no key update`,
        [memberId],
      );
      const at = new Date(also!.settled_at);
      const settled: SettledBet = {
        id: '',
        memberId,
        gameType: slip.game_type,
        valid: stake,
        stake,
        win,
        bonusStake: 0n,
        bonusWin: 0n,
        at,
      };
      const chosen = chooseAccruals(deps, settled, BET_ACCRUALS, also);
      const main = await walletId(tx, memberId, null);
      const house = await knownHouseShardId(deps.db, tx, 'vendors', memberId);
      const winPosting: PostingRequest | null =
        win > 0n
          ? {
              idempotencyKey: `vnslip:${slip.id}:win`,
              kind: 'win',
              memberId,
              postings: [
                { accountId: house, amount: -win },
                { accountId: main, amount: win },
              ],
            }
          : null;
      const before = [
        // The win counts for the loss limits when it is paid (the stake counted when placed).
        ...(win > 0n ? [usageStep(memberId, at, { wagered: 0n, won: win })] : []),
        ...(winPosting ? [postingStep(winPosting)] : []),
      ];
      const answers = await runSteps(tx, [
        ...before,
        {
          fn: 'record_vn_slip_step',
          require: 'recorded',
          args: {
            slip: slip.id,
            vendor: slip.vendor,
            gameName: slip.game_name,
            win: win.toString(),
            lines,
            at: at.toISOString(),
            outcome: { numero: slip.numero, lines, ...(prizes ? { prizes } : { numbers }) },
          },
        },
        ...accrualSteps(memberId, chosen),
      ]).catch((error: unknown) => {
        if (error instanceof StepRefused) throw error;
        throw ledgerRefusal(error);
      });
      if (winPosting) {
        const posted = await postedFromStep(tx, winPosting, answers[before.length - 1]);
        const changes: BalanceChange[] = [
          { memberId, wallet: 'MAIN', ...posted.balances.get(main)! },
        ];
        work.changed('balance', changes);
      }
      const recorded = answers[before.length] as { id: string };
      await settleAccruals(work, deps, chosen, answers.slice(before.length + 1), recorded.id);
      if (foldsSome(chosen)) {
        work.afterAnswer(async () => {
          await foldSoon(deps);
          return [];
        });
      }
      if (win >= stake * BigInt(deps.config.games.bigWinMultiple)) {
        work.afterAnswer((platform) =>
          bigWin(platform, memberId, { gameName: slip.game_name, vendor: slip.vendor }, win),
        );
      }
      return true;
    });
  } catch (error) {
    // Settled or voided by another process since it was read: nothing to do.
    if (error instanceof StepRefused) return false;
    throw error;
  }
}

/** A slip whose draw will not open: voided, its stake returned to the main wallet. */
async function voidSlip(deps: Platform, slip: DueSlip): Promise<boolean> {
  const memberId = slip.member_id;
  return commit(deps, async (work) => {
    const { tx } = work;
    const [row] = await tx.query<{ at: Date | string }>(
      `update vn_slips set status = 'void', win = 0, settled_at = now()
       where id = $1 and status = 'open' returning settled_at as at`,
      [slip.id],
    );
    if (!row) return false;
    const stake = BigInt(slip.stake);
    const main = await walletId(tx, memberId, null);
    const house = await knownHouseShardId(deps.db, tx, 'vendors', memberId);
    const refund: PostingRequest = {
      idempotencyKey: `vnslip:${slip.id}:void`,
      kind: 'bet_refund',
      memberId,
      postings: [
        { accountId: house, amount: -stake },
        { accountId: main, amount: stake },
      ],
    };
    const answers = await runSteps(tx, [
      usageStep(memberId, new Date(row.at), { wagered: 0n, won: stake }),
      postingStep(refund),
    ]).catch((error: unknown) => {
      throw ledgerRefusal(error);
    });
    const posted = await postedFromStep(tx, refund, answers[1]);
    work.changed('balance', [{ memberId, wallet: 'MAIN', ...posted.balances.get(main)! }]);
    return true;
  });
}

/** Whether `numbers` is a draw of this shape: its count, in its range, distinct when it must. */
function isDrawOf(group: string, numbers: unknown): numbers is number[] {
  const shape = drawShapeOf(group);
  return (
    Array.isArray(numbers) &&
    numbers.length === shape.count &&
    numbers.every(
      (number) => Number.isInteger(number) && number >= shape.min && number <= shape.max,
    ) &&
    (!shape.distinct || new Set(numbers).size === numbers.length)
  );
}

/**
 * Development tools only (`/wps/dev/vn-lotto/draw`): opens a lottery game's draw `numero` now
 * with the given result — a Vietnamese game's prize tiers (`prizes`), another's numbers — before
 * its close, so an end-to-end test need not wait for the schedule, and settles its slips.
 * Refused for a draw already opened with another result and for a result of another shape. The
 * draw job leaves an opened draw as it is.
 */
export async function rigVnDraw(
  deps: Platform,
  gameCode: string,
  numero: string,
  result: { prizes?: unknown; numbers?: unknown },
): Promise<{ settled: number; voided: number }> {
  const game = await slipGameOf(deps, gameCode);
  if (!game) throw new ApiError(404, 'game_not_found', 'Not a lottery game.');
  const prizes = game.format ? result.prizes : null;
  if (game.format ? !isVnResult(game.format, prizes) : !isDrawOf(game.group, result.numbers)) {
    throw new ApiError(
      400,
      'invalid_request',
      `Not a result of the ${game.format ?? game.group} draws.`,
    );
  }
  const numbers = prizes
    ? specialPrize(prizes as VnResult)
        .split('')
        .map(Number)
    : (result.numbers as number[]);
  const period = periodStarting(game.interval, periodStartOf(numero, game.interval));
  const rows = await deps.db.query(
    `insert into lottery_draws (node_id, numero, opens_at, closes_at, numbers, prizes)
     values ($1, $2, $3, $4, $5::smallint[], $6) on conflict do nothing returning 1`,
    [
      gameCode,
      numero,
      period.opensAt,
      period.closesAt,
      `{${numbers.join(',')}}`,
      prizes ? JSON.stringify(prizes) : null,
    ],
  );
  if (rows.length === 0) {
    // Out already: the same result asked again (a test run again) settles what is left.
    const [out] = await deps.db.query<{ same: boolean }>(
      `select numbers = $3::smallint[] and prizes is not distinct from $4::jsonb as same
       from lottery_draws where node_id = $1 and numero = $2`,
      [gameCode, numero, `{${numbers.join(',')}}`, prizes ? JSON.stringify(prizes) : null],
    );
    if (!out?.same) throw new ApiError(409, 'draw_opened', `Draw ${numero} is already out.`);
  }
  return settleVnSlips(deps);
}

/** The Unix second a numero's period starts at (`YYYYMMDD-NNNN`, periods from 1). */
function periodStartOf(numero: string, intervalSeconds: number): number {
  const day = Date.UTC(
    Number(numero.slice(0, 4)),
    Number(numero.slice(4, 6)) - 1,
    Number(numero.slice(6, 8)),
  );
  return day / 1000 + (Number(numero.slice(9)) - 1) * intervalSeconds;
}
