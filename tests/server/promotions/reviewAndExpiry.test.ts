import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../../src/shared/money';
import type { PromotionList } from '../../../src/shared/promotions';
import type { RewardList } from '../../../src/shared/rewards';
import type { VipLevelDefinition } from '../../../src/shared/vip';
import type { PlatformConfig } from '../../../server/config/schema';
import { expireRewards } from '../../../server/domain/rewards/expiry';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, mainBalance, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { foldAccruals } from '../../../server/domain/accruals/fold';

/**
 * What the operator reviews and what time ends (issue 14), through the real server on both
 * engines: an application to a bonus is approved once however many answers race, or rejected;
 * a reward not claimed in time is never paid and ends as expired; a VIP campaign pays once to
 * a member whose level rises to it, and a VIP level's promotions are listed to that level only.
 */
const level = (n: number, validBet: string): VipLevelDefinition => ({
  level: n,
  name: { EN: `Level ${n}` },
  validBet,
  deposit: '0.00',
  rebatePercent: { default: '0.00' },
  upgradeBonus: '0.00',
  withdrawalDailyMax: null,
});

const config = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  vip: {
    period: { kind: 'rolling', days: 30 },
    upgradeBonusWagering: 0,
    levels: [level(0, '0.00'), level(1, '20.00'), level(2, '1000.00')],
  },
});

const definition = (
  code: string,
  type: string,
  terms: object,
  audience: object = { kind: 'all' },
) => ({
  code,
  type,
  content: { EN: { title: `${code} title`, summary: '', terms: '' } },
  banner: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  audience,
  terms,
});

describe.each(engines)('applications, expiry and VIP campaigns on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config });
    for (const promotion of [
      definition('LOYAL', 'appliedBonus', { amount: '7.00', wageringMultiplier: 0 }),
      definition('VIP_CAMPAIGN', 'vipUpgradeBonus', {
        amount: '4.00',
        wageringMultiplier: 0,
        level: 1,
      }),
      definition(
        'VIP_ONLY',
        'appliedBonus',
        { amount: '1.00', wageringMultiplier: 0 },
        {
          kind: 'vipAtLeast',
          level: 1,
        },
      ),
    ]) {
      const created = await opsCall(server, '/ops/promotions', {
        mode: 'create',
        definition: promotion,
      });
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    }
  });
  afterAll(() => server.close());

  const post = (token: string, path: string, json?: unknown) =>
    call(server, path, { method: 'POST', headers: bearer(token), json });
  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const review = (code: string, account: string, decision: 'approve' | 'reject') =>
    opsCall(server, '/ops/applications', { code, account, decision });
  const stateIn = async (token: string, code: string) =>
    (await get<PromotionList>(token, '/wps/promotions')).items.find((item) => item.code === code)
      ?.state;

  it('approves an application once however many answers race; a rejection pays nothing', async () => {
    const token = await loginToken(server, 'player1');
    const applied = await post(token, '/wps/promotions/LOYAL/apply');
    expect(applied.body).toMatchObject({ success: true, value: { state: 'applying' } });
    expect(await stateIn(token, 'LOYAL')).toBe('applying');
    // A second application, and an opt-in this promotion does not take, are refused.
    expect(await post(token, '/wps/promotions/LOYAL/apply')).toMatchObject({
      status: 409,
      body: { code: 'promotion_state' },
    });
    expect(await post(token, '/wps/promotions/LOYAL/sign')).toMatchObject({
      status: 400,
      body: { code: 'invalid_request' },
    });
    const waiting = await opsCall(server, '/ops/applications?code=LOYAL');
    expect(waiting.body.value).toEqual([
      expect.objectContaining({
        code: 'LOYAL',
        account: 'player1',
        state: 'applying',
        amount: '7.00',
      }),
    ]);

    // Five approvals at once: one issues the bonus, the others find it answered.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => review('LOYAL', 'player1', 'approve')),
    );
    expect(answers.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of answers.filter((one) => !one.body.success)) {
      expect(reply).toMatchObject({ status: 409, body: { code: 'promotion_state' } });
    }
    expect(await review('LOYAL', 'player1', 'reject')).toMatchObject({
      status: 409,
      body: { code: 'promotion_state', value: { state: 'issued' } },
    });
    const rewards = await get<RewardList>(token, '/wps/rewards');
    const bonus = rewards.waiting.filter((reward) => reward.promotion?.code === 'LOYAL');
    expect(bonus).toEqual([expect.objectContaining({ amount: '7.00', wageringRequired: null })]);
    const before = parseMoney(await mainBalance(server, token));
    expect((await post(token, `/wps/rewards/${bonus[0]!.id}/claim`)).body.success).toBe(true);
    expect(parseMoney(await mainBalance(server, token))).toBe(before + 700n);
    expect((await opsCall(server, '/ops/applications?code=LOYAL')).body.value).toEqual([]);

    // Another member is rejected: nothing is issued, the card says so.
    const other = await loginToken(server, 'player2');
    expect((await post(other, '/wps/promotions/LOYAL/apply')).body.success).toBe(true);
    expect(await review('LOYAL', 'player2', 'reject')).toMatchObject({
      body: { success: true, value: { state: 'rejected', rewardId: null } },
    });
    expect(await stateIn(other, 'LOYAL')).toBe('rejected');
    expect(await review('LOYAL', 'player2', 'approve')).toMatchObject({ status: 409 });
    const theirs = await get<RewardList>(other, '/wps/rewards');
    expect(theirs.waiting.some((reward) => reward.promotion?.code === 'LOYAL')).toBe(false);
    // No application, nothing to answer.
    expect(await review('LOYAL', 'player3', 'approve')).toMatchObject({ status: 404 });
    const all = await opsCall(server, '/ops/applications?code=LOYAL&all=true');
    expect((all.body.value as { state: string }[]).map((row) => row.state)).toEqual([
      'claimed',
      'rejected',
    ]);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('never pays a reward past its end; the job closes it as expired and tells the member', async () => {
    const token = await loginToken(server, 'player3');
    expect((await post(token, '/wps/promotions/LOYAL/apply')).body.success).toBe(true);
    const approved = await review('LOYAL', 'player3', 'approve');
    const rewardId = (approved.body.value as { rewardId: string }).rewardId;
    const [issued] = await server.deps.db.query<{ days: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400)::int as days
       from rewards where id = $1`,
      [rewardId],
    );
    expect(issued!.days).toBe(30);
    await server.deps.db.query(
      `update rewards set expires_at = now() - interval '1 second' where id = $1`,
      [rewardId],
    );
    // Past its end and before the job: the claim refuses it already.
    expect(await post(token, `/wps/rewards/${rewardId}/claim`)).toMatchObject({
      status: 409,
      body: { code: 'reward_expired' },
    });
    const [memberRow] = await server.deps.db.query<{ id: string }>(
      `select id::text from members where account = 'player3'`,
    );
    const told: string[] = [];
    const stop = server.deps.changes.on('reward', (change) => {
      if (change.memberId === memberRow!.id) told.push(change.reason);
    });
    const result = await expireRewards(server.deps);
    stop();
    expect(result).toMatchObject({ ran: true, failed: 0 });
    expect(result.rewards).toBeGreaterThanOrEqual(1);
    expect(told).toEqual(['expired']);
    const list = await get<RewardList>(token, '/wps/rewards');
    expect(list.waiting.some((reward) => reward.id === rewardId)).toBe(false);
    expect(list.history.find((reward) => reward.id === rewardId)?.state).toBe('expired');
    const [participation] = await server.deps.db.query<{ state: string; context: object }>(
      `select pp.state, pp.context from promotion_participations pp
       join rewards r on r.participation_id = pp.id where r.id = $1`,
      [rewardId],
    );
    expect(participation).toEqual({
      state: 'closed',
      context: { wagering: false, outcome: 'expired' },
    });
    // A second run finds nothing more of it.
    expect((await expireRewards(server.deps)).rewards).toBe(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('pays a VIP campaign once to a member who rises to its level; a VIP level’s promotions wait for it', async () => {
    const token = await loginToken(server, 'player4');
    const listed = async () =>
      (await get<PromotionList>(token, '/wps/promotions')).items.map((item) => item.code);
    expect(await listed()).not.toContain('VIP_ONLY');
    expect(await post(token, '/wps/promotions/VIP_ONLY/apply')).toMatchObject({
      status: 403,
      body: { code: 'promotion_not_eligible' },
    });
    await grant(server, 'player4', '100.00');
    const launch = await launchFirstSlot(server, token);
    for (let i = 0; i < 3; i++) {
      const spin = await call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch, bet: '10.00', roundId: newKey() },
      });
      expect(spin.body.success, JSON.stringify(spin.body)).toBe(true);
    }
    const campaign = (await get<RewardList>(token, '/wps/rewards')).waiting.filter(
      (reward) => reward.promotion?.code === 'VIP_CAMPAIGN',
    );
    expect(campaign).toEqual([expect.objectContaining({ amount: '4.00', detail: { level: '1' } })]);
    expect(await listed()).toContain('VIP_ONLY');
    expect((await post(token, '/wps/promotions/VIP_ONLY/apply')).body.success).toBe(true);
    // Losing the level and reaching it again pays nothing more.
    await server.deps.db.query(
      `update member_vip set level = 0 where member_id = (select id from members where account = 'player4')`,
    );
    const spin = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet: '10.00', roundId: newKey() },
    });
    expect(spin.body.success).toBe(true);
    // The level is worked out when the bet is folded in, after its answer (issue 31).
    await foldAccruals(server.deps);
    const [vip] = await server.deps.db.query<{ level: number }>(
      `select level from member_vip where member_id = (select id from members where account = 'player4')`,
    );
    expect(vip!.level).toBe(1);
    const again = (await get<RewardList>(token, '/wps/rewards')).waiting.filter(
      (reward) => reward.promotion?.code === 'VIP_CAMPAIGN',
    );
    expect(again).toHaveLength(1);
    expect(await ledgerSum(server)).toBe(0n);
  });
});
