import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RewardList } from '../../src/shared/rewards';
import { ledgerSum } from '../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../support/testServer';
import {
  LOSE,
  abuseConfig,
  balances,
  deposit,
  get,
  issueBonus,
  launchSlot,
  post,
  register,
  shipPromotions,
  spin,
  withdrawal,
  type Member,
} from './abuseClient';
import { bookOf, markOf, reportBook } from './ledgerBook';

/**
 * Strategy `parallel-claims` (issue 28): many requests at the same moment, hoping two of them
 * pass a check the other has not yet changed — one reward claimed twenty times, a claim raced
 * against a forfeit, a withdrawal and a bet, a deposit bonus claimed while its deposit is being
 * withdrawn. Every reward is paid at most once, the books sum to zero, no bonus money becomes
 * withdrawable, and nothing is withdrawn while a bonus is being wagered.
 */
describe.each(engines)('parallel-claims on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig() });
    await shipPromotions(server, ['WELCOME_DEPOSIT']);
  });
  afterAll(() => server.close());

  /** How many times the ledger paid a reward (its posting's key is `reward:<id>`). */
  const paidTimes = async (reward: string) => {
    const [row] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where idempotency_key = $1`,
      [`reward:${reward}`],
    );
    return row!.n;
  };
  /**
   * Withdrawals held while a bonus was being wagered: a hold posted after a claim's bonus and
   * before that bonus ended (released or forfeited). Ledger transaction ids order them.
   */
  const holdsDuringWagering = async (member: Member) => {
    const rows = await server.deps.db.query<{ hold: string }>(
      `select h.id::text as hold from ledger_transactions h
       where h.member_id = $1 and h.kind = 'withdrawal_hold'
         and exists (select 1 from ledger_transactions c
           join ledger_entries e on e.transaction_id = c.id
           join ledger_accounts a on a.id = e.account_id and a.kind = 'bonus'
           where c.member_id = $1 and c.kind = 'bonus' and c.id < h.id
             and not exists (select 1 from ledger_transactions f
               where f.member_id = $1 and f.kind in ('bonus_forfeit', 'bonus_release')
                 and f.id > c.id and f.id < h.id))`,
      [member.id],
    );
    return rows.map((row) => row.hold);
  };
  /** What the member may have in real money: its deposits, less withdrawals, plus real play. */
  const realMoneyAccounted = async (member: Member, deposited: bigint) => {
    const [row] = await server.deps.db.query<{ held: string; play: string }>(
      `select
         (select coalesce(sum(amount), 0) from withdrawals where member_id = $1)::text as held,
         (select coalesce(sum((win_amount - bonus_win_amount) - (bet_amount - bonus_bet_amount)), 0)
          from bets where member_id = $1)::text as play`,
      [member.id],
    );
    return deposited - BigInt(row!.held) + BigInt(row!.play);
  };

  it('parallel-claims: one reward claimed twenty times at once is paid once', async () => {
    const mark = await markOf(server);
    const member = await register(server);
    const reward = await issueBonus(server, member.id, 2_000n, 60_000n);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post(server, member.token, `/wps/rewards/${reward}/claim`)),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply).toMatchObject({ status: 409, body: { code: 'reward_claimed' } });
    }
    expect(await paidTimes(reward)).toBe(1);
    expect(await balances(server, member.token)).toEqual({ real: 0n, bonus: 2_000n });
    const book = await bookOf(server, [member.id], mark);
    reportBook(`parallel-claims, 20 claims (${engine})`, book);
    expect(book.ev).toBe(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('parallel-claims: a claim raced against a forfeit, a withdrawal and a bet leaks no bonus money', async () => {
    const mark = await markOf(server);
    const member = await register(server);
    await deposit(server, member.token, '400.00');
    const launch = await launchSlot(server, member.token);
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const reward = await issueBonus(server, member.id, 2_000n, 60_000n);
      const [claim, forfeit, out, bet] = await Promise.all([
        post(server, member.token, `/wps/rewards/${reward}/claim`),
        post(server, member.token, '/wps/rewards/bonus/forfeit'),
        withdrawal(server, member.token, '50.00'),
        spin(server, member, launch, '10.00', LOSE),
      ]);
      outcomes.push([claim, forfeit, out, bet].map((reply) => reply.body.code ?? 'ok').join(' / '));
      expect(bet.body.success, JSON.stringify(bet.body)).toBe(true);
      expect(await paidTimes(reward)).toBe(claim.body.success ? 1 : 0);
      if (!forfeit.body.success) expect(forfeit.body.code).toBe('no_open_bonus');
      if (!out.body.success) expect(out.body.code).toBe('wagering_open');
      // Whoever won each race, the next round starts without a bonus in wagering.
      const ended = await post(server, member.token, '/wps/rewards/bonus/forfeit');
      if (!ended.body.success) expect(ended.body.code).toBe('no_open_bonus');
      expect((await balances(server, member.token)).bonus).toBe(0n);
      expect(await ledgerSum(server)).toBe(0n);
    }
    process.stdout.write(`[abuse] parallel-claims races (${engine}): ${outcomes.join(' | ')}\n`);
    expect(await holdsDuringWagering(member)).toEqual([]);
    // Every cent of real money is the member's own deposit and its real play: none came from
    // a bonus.
    expect((await balances(server, member.token)).real).toBe(
      await realMoneyAccounted(member, 40_000n),
    );
    const book = await bookOf(server, [member.id], mark);
    reportBook(`parallel-claims, claim/forfeit/withdraw/bet races (${engine})`, book);
    expect(book.released.face).toBe(0n);
    expect(book.gifts).toEqual({ bonus: 0n, points_convert: 0n, salary: 0n });
    expect(book.ev).toBeLessThanOrEqual(0);
  });

  it('parallel-claims: a deposit bonus claimed ten times while its deposit is withdrawn is paid at most once, never with the deposit gone', async () => {
    const mark = await markOf(server);
    const members: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const member = await register(server);
      members.push(member.id);
      expect(
        (await post(server, member.token, '/wps/promotions/WELCOME_DEPOSIT/sign')).body.success,
      ).toBe(true);
      await deposit(server, member.token, '100.00');
      const reward = await vi.waitFor(async () => {
        const [waiting] = (await get<RewardList>(server, member.token, '/wps/rewards')).waiting;
        expect(waiting?.promotion?.code).toBe('WELCOME_DEPOSIT');
        return waiting!.id;
      });
      const [out, ...claims] = await Promise.all([
        withdrawal(server, member.token, '100.00'),
        ...Array.from({ length: 10 }, () =>
          post(server, member.token, `/wps/rewards/${reward}/claim`),
        ),
      ]);
      const paid = claims.filter((reply) => reply.body.success);
      expect(paid.length).toBeLessThanOrEqual(1);
      expect(await paidTimes(reward)).toBe(paid.length);
      const state = (await get<RewardList>(server, member.token, '/wps/rewards')).history.find(
        (one) => one.id === reward,
      )?.state;
      if (out.body.success) {
        // The deposit left first: no claim was paid, the bonus is void.
        expect(paid).toHaveLength(0);
        expect(state).toBe('void');
      } else {
        expect(out.body.code).toBe('wagering_open');
        expect(paid).toHaveLength(1);
        expect(await balances(server, member.token)).toEqual({ real: 10_000n, bonus: 10_000n });
      }
      expect(await holdsDuringWagering(member)).toEqual([]);
      expect(await ledgerSum(server)).toBe(0n);
    }
    const book = await bookOf(server, members, mark);
    reportBook(`parallel-claims, deposit bonus vs withdrawal (${engine})`, book);
    expect(book.released.face).toBe(0n);
    expect(book.ev).toBe(0);
  });
});
