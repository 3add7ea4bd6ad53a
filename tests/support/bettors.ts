import { randomBytes } from 'node:crypto';
import { createLaunch } from '../../server/domain/games/demoVendor/launches';
import { createSession } from '../../server/domain/identity/sessions';
import { houseAccountId, walletId } from '../../server/domain/ledger/accounts';
import { postTransaction } from '../../server/domain/ledger/post';
import { claimReward } from '../../server/domain/rewards/claim';
import { issueRewardWithin } from '../../server/domain/rewards/issue';
import type { AppDeps } from '../../server/deps';

/** A member set up by `prepareBettors`: its main wallet, a session and two real launches. */
export interface Bettor {
  id: string;
  main: string;
  /** A login session's token (for authenticated calls). */
  token: string;
  /** Launch tokens of a catalogue slot and of a number draw (the lottery's demo engine). */
  slot: string;
  draw: string;
}

const key = () => randomBytes(12).toString('base64url');

/**
 * `count` new real members under agent1 with every bet accrual active (issue 31): 1,000,000.00
 * deposited, a realTimeSalary contract with agent1 at 1.00 %, a session limit and loss and
 * wager limits in force that no test reaches, a claimed bonus of 100.00 being wagered (a
 * requirement no test finishes), and a rebate promotion for everyone (made once per call). Points,
 * VIP and the daily missions are on by configuration. Used by the bets benchmark and the test
 * that holds what one bet executes, so both measure the same bet.
 */
export async function prepareBettors(
  deps: AppDeps,
  count: number,
  prefix = `bettor${randomBytes(3).toString('hex')}`,
  /** Loss and wager limits in force (a bet then reads its usage before counting it). */
  limits = true,
): Promise<Bettor[]> {
  const { db } = deps;
  const [agent] = await db.query<{ id: string }>(
    `select id::text from members where account = 'agent1'`,
  );
  const made = await db.query<{ id: string }>(
    `insert into members (account, nickname, password_hash, type, upline_id)
     select $3 || n, 'Bettor ' || n, 'x', 0, $2::bigint
     from generate_series(1, $1) as n returning id::text`,
    [count, agent!.id, prefix],
  );
  await db.query(
    `insert into promotions (code, type, content, starts_at, audience, terms)
     values ($1, 'rebate', '{"EN": {"title": "Bettors rebate", "summary": "", "terms": ""}}',
       now() - interval '1 day', '{"kind": "all"}', '{"percent": "0.30"}')`,
    [`REBATE_${prefix.toUpperCase()}`],
  );
  const [slot] = await db.query<{ node_id: string; vendor: string }>(
    `select node_id, vendor from games
     where engine = 'slot' and enabled and game_type = 'RNG' order by node_id limit 1`,
  );
  const [draw] = await db.query<{ node_id: string; vendor: string }>(
    `select node_id, vendor from games where engine = 'draw' and enabled order by node_id limit 1`,
  );
  if (!slot || !draw) throw new Error('the catalogue has no slot or no draw game');
  const deposits = await houseAccountId(db, 'deposits');
  const bettors: Bettor[] = [];
  for (const { id } of made) {
    const main = await walletId(db, id, null);
    await postTransaction(db, {
      idempotencyKey: `deposit:${id}:${prefix}`,
      kind: 'deposit',
      memberId: id,
      postings: [
        { accountId: deposits, amount: -100_000_000n },
        { accountId: main, amount: 100_000_000n },
      ],
    });
    await db.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       values ($1, $2, 'realTimeSalary', 'active', $3, now())`,
      [
        agent!.id,
        id,
        JSON.stringify({ rate: '1.00', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' }),
      ],
    );
    await db.query(`insert into rg_settings (member_id, session_limit_minutes) values ($1, 600)`, [
      id,
    ]);
    if (limits)
      await db.query(
        `insert into rg_limits (member_id, kind, period, amount)
       values ($1, 'loss', 'day', 1000000000), ($1, 'wager', 'week', 1000000000)`,
        [id],
      );
    const reward = await issueRewardWithin(db, {
      memberId: id,
      source: 'mission',
      sourceKey: `${prefix}:${key()}`,
      houseAccount: 'promotions',
      amount: 10_000n,
      wageringRequired: 1_000_000_000n,
    });
    if (!reward) throw new Error('the bonus was not issued');
    await claimReward(deps, id, reward, 'EN');
    const session = await createSession(db, id);
    const launch = (game: { node_id: string; vendor: string }, engine: 'slot' | 'draw') =>
      createLaunch(deps, {
        memberId: id,
        sessionId: session.sessionId,
        demo: false,
        game: { nodeId: game.node_id, vendor: game.vendor, gameName: game.node_id, engine },
      });
    bettors.push({
      id,
      main,
      token: session.token,
      slot: await launch(slot, 'slot'),
      draw: await launch(draw, 'draw'),
    });
  }
  return bettors;
}
