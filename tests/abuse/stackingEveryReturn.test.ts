import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/shared/money';
import type { RewardList } from '../../src/shared/rewards';
import type { VipStatus } from '../../src/shared/vip';
import { settleDueSalaries } from '../../server/domain/salary/settle';
import { bearer, encryptedCall } from '../support/identityClient';
import { ledgerSum, newKey } from '../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../support/testServer';
import {
  abuseConfig,
  churn,
  deposit,
  get,
  launchSlot,
  openAgent,
  openDownline,
  post,
  shipPromotions,
} from './abuseClient';
import { LOWEST_EDGE, bookOf, markOf, reportBook } from './ledgerBook';

/**
 * Strategy `stacking-every-return` (issue 28): at every VIP level, a player takes every return
 * the platform pays per bet at once — the level's rebate and the shipped slots rebate
 * promotion, points converted at the configured rate, the daily slots mission, and, through an
 * agent chain of its own (agent → sub-agent → player, every contract at its cap), the salaries
 * and the dividend — and claims them all. What it is paid per unit of real turnover stays below
 * the slot's house edge (1 − RTP), so the strategy's expected value is negative.
 *
 * The level is set by the period's totals (as the VIP tests move them); the upgrade bonus the
 * next level would pay for the turnover between the two thresholds is added at its best ratio,
 * as the returns budget counts it (server/domain/economics/returnsBudget.ts).
 */
const LEVELS = [0, 1, 2, 3, 4, 5];

describe.each(engines)('stacking-every-return on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig({ missions: true }) });
    await shipPromotions(server, ['SLOTS_REBATE']);
  });
  afterAll(() => server.close());

  /** The best upgrade bonus per unit of turnover at `level`: the next level's, over the way. */
  const upgradeRatio = (level: number) => {
    const levels = server.deps.config.vip.levels;
    const here = levels.find((one) => one.level === level)!;
    const next = levels.find((one) => one.level === level + 1);
    if (!next) return 0;
    return (
      Number(parseMoney(next.upgradeBonus)) /
      Number(parseMoney(next.validBet) - parseMoney(here.validBet))
    );
  };

  it.each(LEVELS)(
    'stacking-every-return: at VIP level %i every return together pays less than the house edge',
    async (level) => {
      const boss = await openAgent(server);
      const sub = await openDownline(server, boss.token, 'agent');
      const mark = await markOf(server);
      const player = await openDownline(server, sub.token, 'player');
      // The period's totals at exactly the level's thresholds (a day ago).
      const definition = server.deps.config.vip.levels.find((one) => one.level === level)!;
      await server.deps.db.query(
        `insert into vip_daily_totals (member_id, day, valid_bet, deposit)
         values ($1, (now() at time zone 'UTC')::date - 1, $2, $3)`,
        [
          player.id,
          parseMoney(definition.validBet).toString(),
          parseMoney(definition.deposit).toString(),
        ],
      );
      // Below the next level's deposit threshold: the level holds through the test.
      await deposit(server, player.token, '60.00');
      const launch = await launchSlot(server, player.token);

      // 100 rounds at the smallest bet (the daily slots mission's best ratio), then 1,000.00
      // in rounds of 50.00; pairs and losses in turn, so the balance holds.
      await churn(server, player, launch, '1.00', 50);
      expect((await get<VipStatus>(server, player.token, '/wps/vip')).level).toBe(level);
      const missions = (await get<RewardList>(server, player.token, '/wps/rewards')).waiting.filter(
        (reward) => reward.source === 'mission',
      );
      expect(missions.map((reward) => reward.amount)).toEqual(['0.10']);
      for (const reward of missions) {
        const claimed = await post(server, player.token, `/wps/rewards/${reward.id}/claim`);
        expect(claimed.body.success, JSON.stringify(claimed.body)).toBe(true);
      }
      await churn(server, player, launch, '50.00', 10);
      expect((await get<VipStatus>(server, player.token, '/wps/vip')).level).toBe(level);

      // Claim every return: the rebate, the points in whole steps, the agents' periods.
      const rebate = await post(server, player.token, '/wps/rebate/claim');
      expect(rebate.body.success, JSON.stringify(rebate.body)).toBe(true);
      const { points } = await get<{ points: number }>(
        server,
        player.token,
        '/wps/relay/MCS2_getPointBalance',
      );
      const step = server.deps.config.points.convert.step;
      const converted = await encryptedCall(
        server,
        '/wps/relay/MCS2_convertPoint',
        'POST',
        { points: Math.floor(points / step) * step, idempotencyKey: newKey() },
        bearer(player.token),
      );
      expect(converted.body.success, JSON.stringify(converted.body)).toBe(true);
      await settleDueSalaries(server.deps, new Date(Date.now() + 3 * 24 * 60 * 60_000));

      const book = await bookOf(server, [boss.id, sub.id, player.id], mark);
      reportBook(`stacking-every-return, VIP ${level} (${engine})`, book);
      expect(book.realStake).toBe(110_000n);
      const turnover = Number(book.realStake);
      const returned = book.ev - book.expectedPlay;
      const perUnit = returned / turnover + upgradeRatio(level);
      process.stdout.write(
        `[abuse] stacking-every-return, VIP ${level} (${engine}): returns ` +
          `${(perUnit * 100).toFixed(4)} % of real turnover (upgrade bonus ` +
          `${(upgradeRatio(level) * 100).toFixed(4)} %) against the edge ` +
          `${(LOWEST_EDGE * 100).toFixed(4)} %\n`,
      );
      // Every return was paid: the rebate, the points, the mission, a salary and a dividend.
      expect(book.gifts.bonus).toBeGreaterThan(0n);
      expect(book.gifts.points_convert).toBeGreaterThan(0n);
      expect(book.released.face).toBe(10n);
      expect(book.gifts.salary).toBeGreaterThan(0n);
      expect(book.dividend.expected).toBeGreaterThan(0);
      expect(perUnit).toBeLessThan(LOWEST_EDGE);
      expect(book.ev + upgradeRatio(level) * turnover).toBeLessThan(0);
      expect(await ledgerSum(server)).toBe(0n);
    },
  );
});
