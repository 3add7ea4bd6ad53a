import { drawRtp } from '../../server/domain/games/demoVendor/drawEngine';
import { slotRtp } from '../../server/domain/games/demoVendor/slotEngine';
import type { TestServer } from '../support/testServer';

/**
 * A strategy's expected value, free of luck (issue 28: "computed from the games' paytables and
 * the rounds played, not from luck"), in minor units, for a set of members (the abuser and its
 * colluders) since a mark:
 *
 * - every round's real-money stake at the game's exact return: stake_real × (RTP − 1);
 * - everything the house paid them as real money that is not a round's win: plain rewards and
 *   rebates (`bonus` into a main wallet), points converted, salaries (`salary`, the dividend
 *   apart);
 * - a bonus with a wagering requirement only if it was released (met), at its face value plus
 *   the expected result of the bonus money it staked (bonus_stake × (RTP − 1)); a bonus
 *   forfeited, expired, lost or void gave them nothing;
 * - a dividend at its expected value: each accrual's share × the bet's expected real loss,
 *   stake_real × (1 − RTP), not what luck made the period's loss.
 *
 * The actual figures (what the rigged rounds and the settlements did) are kept beside it.
 */
export const RTP: Record<string, number> = { slot: slotRtp(), draw: drawRtp() };
/** The lowest house edge of the demo vendor's games (the slot's 3.851 %). */
export const LOWEST_EDGE = 1 - Math.max(...Object.values(RTP));

export interface Mark {
  transaction: string;
  bet: string;
  requirement: string;
  accrual: string;
}

export interface Book {
  /** Real-money stakes and their actual result (wins less stakes), minor units. */
  realStake: bigint;
  realResult: bigint;
  /** Σ stake_real × (RTP − 1). */
  expectedPlay: number;
  /** Money the house paid into their main wallets that is not a win, by kind. */
  gifts: { bonus: bigint; points_convert: bigint; salary: bigint };
  /** Bonuses whose requirement was met: face value, what was released, the expected value. */
  released: { face: bigint; actual: bigint; expected: number };
  dividend: { paid: bigint; expected: number };
  /** The luck-free expected value of the strategy, minor units (≤ 0: the house never pays). */
  ev: number;
  /** What actually happened with the rigged rounds, minor units. */
  actual: bigint;
}

/** Where the books stand now: everything after it belongs to the strategy under test. */
export async function markOf(server: TestServer): Promise<Mark> {
  const [row] = await server.deps.db.query<Mark>(
    `select (select coalesce(max(id), 0) from ledger_transactions)::text as transaction,
       (select coalesce(max(id), 0) from bets)::text as bet,
       (select coalesce(max(id), 0) from wagering_requirements)::text as requirement,
       (select coalesce(max(id), 0) from salary_accruals)::text as accrual`,
  );
  return row!;
}

function rtpOf(engine: string): number {
  const rtp = RTP[engine];
  if (rtp === undefined) throw new Error(`no paytable RTP known for engine ${engine}`);
  return rtp;
}

export async function bookOf(server: TestServer, members: string[], since: Mark): Promise<Book> {
  const db = server.deps.db;
  const ids = members.join(',');
  const inSet = `= any(string_to_array($1, ',')::bigint[])`;
  const rounds = await db.query<{ engine: string | null; stake: string; result: string }>(
    `select g.engine, sum(b.bet_amount - b.bonus_bet_amount)::text as stake,
       sum((b.win_amount - b.bonus_win_amount) - (b.bet_amount - b.bonus_bet_amount))::text
         as result
     from bets b left join games g on g.node_id = b.game_code
     where b.member_id ${inSet} and b.id > $2 group by g.engine`,
    [ids, since.bet],
  );
  let realStake = 0n;
  let realResult = 0n;
  let expectedPlay = 0;
  for (const row of rounds) {
    realStake += BigInt(row.stake);
    realResult += BigInt(row.result);
    expectedPlay += Number(row.stake) * (rtpOf(row.engine ?? 'unknown') - 1);
  }

  const paid = await db.query<{ kind: string; dividend: boolean; amount: string }>(
    `select t.kind, coalesce(s.contract_type = 'dividend', false) as dividend,
       sum(e.amount)::text as amount
     from ledger_transactions t
     join ledger_entries e on e.transaction_id = t.id
     join ledger_accounts a on a.id = e.account_id and a.kind = 'main'
     left join salary_settlements s on s.ledger_transaction_id = t.id
     where a.member_id ${inSet} and t.id > $2
       and t.kind in ('bonus', 'points_convert', 'salary')
     group by 1, 2`,
    [ids, since.transaction],
  );
  const gifts = { bonus: 0n, points_convert: 0n, salary: 0n };
  let dividendPaid = 0n;
  for (const row of paid) {
    if (row.dividend) dividendPaid += BigInt(row.amount);
    else gifts[row.kind as keyof typeof gifts] += BigInt(row.amount);
  }

  const met = await db.query<{
    id: string;
    engine: string | null;
    face: string;
    actual: string;
    stake: string;
  }>(
    `select w.id::text, g.engine, w.bonus::text as face, coalesce(w.released, 0)::text as actual,
       coalesce(sum(b.bonus_bet_amount), 0)::text as stake
     from wagering_requirements w
     left join bets b on b.member_id = w.member_id and b.bonus_bet_amount > 0
       and b.created_at >= w.created_at and b.created_at <= w.closed_at
     left join games g on g.node_id = b.game_code
     where w.member_id ${inSet} and w.id > $2 and w.state = 'met'
     group by w.id, g.engine`,
    [ids, since.requirement],
  );
  const released = { face: 0n, actual: 0n, expected: 0 };
  const seen = new Set<string>();
  for (const row of met) {
    // One requirement may span engines: its face value counts once.
    if (!seen.has(row.id)) {
      released.face += BigInt(row.face);
      released.actual += BigInt(row.actual);
      released.expected += Number(row.face);
      seen.add(row.id);
    }
    if (row.engine) released.expected += Number(row.stake) * (rtpOf(row.engine) - 1);
  }

  const shares = await db.query<{ engine: string | null; share_bp: string; stake: string }>(
    `select g.engine, greatest(0, a.rate_bp - coalesce(a.below_bp, 0))::text as share_bp,
       sum(b.bet_amount - b.bonus_bet_amount)::text as stake
     from salary_accruals a join bets b on b.id = a.bet_id
     left join games g on g.node_id = b.game_code
     where a.agent_id ${inSet} and a.contract_type = 'dividend' and a.id > $2
     group by 1, 2`,
    [ids, since.accrual],
  );
  let dividendExpected = 0;
  for (const row of shares) {
    dividendExpected +=
      (Number(row.share_bp) / 10_000) * Number(row.stake) * (1 - rtpOf(row.engine ?? 'unknown'));
  }

  const giftTotal = gifts.bonus + gifts.points_convert + gifts.salary;
  return {
    realStake,
    realResult,
    expectedPlay,
    gifts,
    released,
    dividend: { paid: dividendPaid, expected: dividendExpected },
    ev: expectedPlay + Number(giftTotal) + released.expected + dividendExpected,
    actual: realResult + giftTotal + released.actual + dividendPaid,
  };
}

const units = (minor: number | bigint) => (Number(minor) / 100).toFixed(2);

/** One line for the test's output: the figures the strategy's assertion rests on. */
export function reportBook(strategy: string, book: Book): string {
  const line =
    `[abuse] ${strategy}: EV ${units(book.ev)} = play ${units(book.expectedPlay)} ` +
    `(real stake ${units(book.realStake)}) + gifts ${units(book.gifts.bonus)} bonus/rebate, ` +
    `${units(book.gifts.points_convert)} points, ${units(book.gifts.salary)} salary + released ` +
    `bonus ${units(book.released.expected)} (face ${units(book.released.face)}) + dividend ` +
    `${units(book.dividend.expected)}; actual with the rigs ${units(book.actual)}`;
  process.stdout.write(`${line}\n`);
  return line;
}
