import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldAccruals, foldBatch } from '../../../server/domain/accruals/fold';
import { pointsEarned } from '../../../server/domain/points/points';
import { type Bettor, prepareBettors } from '../../support/bettors';
import { ledgerSum, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** The fold's advisory lock (migration 050): held here, every folder waits. */
const FOLD_LOCK = 7_201_050;
const BETS_EACH = 6;

/**
 * Issue 31: the accruals that only count (salary, VIP, rebate, points, missions) are queued with
 * the bet and folded in after its answer, many bets together. Whatever folds them — the bets'
 * own folds, a job, another process — and however the folds interleave or fail, every answered
 * bet is folded exactly once, to the same figures as one bet at a time.
 */
describe.each(engines)('the accruals folded in after the answers on %s', (engine) => {
  let server: TestServer;
  let bettors: Bettor[];
  let drawType: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    bettors = await prepareBettors(server.deps, 4, `fold${engine}`);
    const [draw] = await server.deps.db.query<{ game_type: string }>(
      `select game_type from games where engine = 'draw' and enabled order by node_id limit 1`,
    );
    drawType = draw!.game_type;
  });
  afterAll(() => server?.close());

  const bet = async (bettor: Bettor, index: number) => {
    const path = index % 2 === 0 ? 'spin' : 'draw';
    const reply = await call(server, `/wps/demo-vendor/${path}`, {
      method: 'POST',
      json: {
        launch: path === 'spin' ? bettor.slot : bettor.draw,
        bet: '1.00',
        roundId: newKey(),
        ...(path === 'draw' ? { pick: 7 } : {}),
      },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };
  const allBets = () =>
    Promise.all(
      bettors.flatMap((bettor) =>
        Array.from({ length: BETS_EACH }, (_, index) => bet(bettor, index)),
      ),
    );

  /** What the bettors' bets made and what was folded from them, in minor units. */
  async function figures() {
    const ids = `{${bettors.map((bettor) => bettor.id).join(',')}}`;
    const [row] = await server.deps.db.query<Record<string, string>>(
      `select
         (select count(*) from bets where member_id = any($1::bigint[]))::text as bets,
         (select coalesce(sum(valid_bet_amount), 0) from bets
          where member_id = any($1::bigint[]))::text as valid,
         (select count(*) from bet_accrual_queue where member_id = any($1::bigint[]))::text
           as queued,
         (select count(*) from salary_accruals a join bets b on b.id = a.bet_id
          where b.member_id = any($1::bigint[]))::text as salary_rows,
         (select coalesce(sum(a.amount), 0) from salary_accruals a join bets b on b.id = a.bet_id
          where b.member_id = any($1::bigint[]))::text as salary,
         (select coalesce(sum(valid_bet), 0) from vip_daily_totals
          where member_id = any($1::bigint[]))::text as vip,
         (select coalesce(sum(valid_bet), 0) from rebate_balances
          where member_id = any($1::bigint[]))::text as rebate,
         (select coalesce(sum(balance), 0) from point_balances
          where member_id = any($1::bigint[]))::text as points,
         (select coalesce(sum(amount), 0) from point_entries
          where member_id = any($1::bigint[]) and kind = 'earn')::text as point_entries`,
      [ids],
    );
    return row!;
  }

  /** Each of `bets` bets of 1.00 folded once: what one bet at a time would have written. */
  function expectFoldedOnce(after: Record<string, string>, before: Record<string, string>) {
    const bets = BigInt(after.bets!) - BigInt(before.bets!);
    expect(bets).toBe(BigInt(bettors.length * BETS_EACH));
    const grew = (name: string) => BigInt(after[name]!) - BigInt(before[name]!);
    expect(after.queued).toBe('0');
    // One realTimeSalary contract at 1.00 % from agent1 each: two rows per bet of 1.00, the
    // bettor's 0.01 and agent1's difference (0.50 % of 1.00, truncated to 0), issue 34.
    expect(grew('salary_rows')).toBe(2n * bets);
    expect(grew('salary')).toBe(bets);
    expect(grew('vip')).toBe(grew('valid'));
    expect(grew('rebate')).toBe(grew('valid'));
    // Half the bets are spins (RNG), half lottery bets (the draw game's type).
    const earned = (gameType: string) =>
      pointsEarned(server.deps.config.points, { gameType, valid: 100n });
    const perBet = (earned('RNG') + earned(drawType)) / 2n;
    expect(perBet).toBeGreaterThan(0n);
    expect(grew('points')).toBe(bets * perBet);
    expect(grew('point_entries')).toBe(bets * perBet);
  }

  it('folds every answered bet once, whoever folds it', async () => {
    const before = await figures();
    await allBets();
    // The bets' own folds run after their answers; a job and another caller fold too.
    await Promise.all([foldAccruals(server.deps), foldBatch(server.deps, 3)]);
    await foldAccruals(server.deps);
    expectFoldedOnce(await figures(), before);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it.runIf(engine === 'postgres')(
    'folds a batch once when folders wait on each other and one fails half-way',
    async () => {
      const before = await figures();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let taken!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      // A folder that holds the fold's lock, folds every queued bet, then dies before its
      // commit (as a process killed mid-fold): its work is rolled back, the bets stay queued.
      const dying = server.deps.db
        .transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock($1)', [FOLD_LOCK]);
          taken();
          await released;
          const [row] = await tx.query<{ folded: { bets: number } }>(
            'select accrual_fold(1000) as folded',
          );
          expect(row!.folded.bets).toBe(bettors.length * BETS_EACH);
          throw new Error('killed mid-fold');
        })
        .catch((error: unknown) => error as Error);
      await lockTaken;
      // Every bet is answered while its fold waits for the lock.
      await allBets();
      expect((await figures()).queued).toBe(String(bettors.length * BETS_EACH));
      // Two more folders wait too, as other processes' would, in small and large batches.
      const others = [foldBatch(server.deps, 5), foldBatch(server.deps, 1000)];
      release();
      expect(((await dying) as Error).message).toBe('killed mid-fold');
      await Promise.all(others);
      await foldAccruals(server.deps);
      expectFoldedOnce(await figures(), before);
      expect(await ledgerSum(server)).toBe(0n);
    },
  );
});
