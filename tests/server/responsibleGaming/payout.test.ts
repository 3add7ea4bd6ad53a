import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import type { PlatformConfig } from '../../../server/config/schema';
import { issueRewardWithin } from '../../../server/domain/rewards/issue';
import { autoConfirmWithdrawals } from '../../../server/domain/withdrawals/autoConfirm';
import { bearer, encryptedCall } from '../../support/identityClient';
import { grant, ledgerSum, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { type Member, newMember } from './rgClient';

/** Payouts wait for the test (no demo timer), so each step of the lifecycle is the test's. */
const config = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  payments: {
    ...base.payments,
    withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
  },
});

interface Payout {
  account: string;
  withdrawal: WithdrawalView;
  paid: string;
  lockedBonus: string | null;
  replayed: boolean;
}

/**
 * The operator's payout for a member on a break or self-excluded (issue 17: the member cannot
 * log in to withdraw): `npm run ops -- rg payout <account>` asks for an ordinary withdrawal of
 * the main wallet's free balance (bonus money still locked by its wagering stays), recorded in
 * the member's responsible-gaming history; refused for a member not excluded or with nothing to
 * pay; a retry with the same request key answers the first payout, a second run with another
 * key pays nothing (in parallel too, on PostgreSQL). On both engines.
 */
describe.each(engines)('operator payout during an exclusion on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config });
  });
  afterAll(() => server.close());

  const payout = (account: string, requestKey = newKey()) =>
    opsCall(server, '/ops/rg/payout', { account, requestKey });
  const exclude = async (member: Member, kind = 'timeOut', duration = '7d') => {
    const done = await encryptedCall(
      server,
      '/wps/rg/exclusion',
      'POST',
      { password: 'abc12345', kind, duration },
      bearer(member.token),
    );
    expect(done.status).toBe(200);
  };
  const mainOf = async (member: Member) => {
    const [row] = await server.deps.db.query<{ balance: string }>(
      `select balance::text from ledger_accounts where member_id = $1 and kind = 'main'`,
      [member.id],
    );
    return BigInt(row?.balance ?? '0');
  };
  const withdrawalsOf = async (member: Member) =>
    server.deps.db.query<{ id: string; amount: string }>(
      'select id::text, amount::text from withdrawals where member_id = $1',
      [member.id],
    );

  it('pays the free balance once, leaves the locked bonus, and records it', async () => {
    const member = await newMember(server, 'pay');
    await grant(server, member.account, '200.00');
    // A bonus claimed and still being wagered: 30.00 locked in the bonus balance (issue 28).
    const reward = (await issueRewardWithin(server.deps.db, {
      memberId: member.id,
      source: 'mission',
      sourceKey: `test:${newKey()}`,
      houseAccount: 'promotions',
      amount: 3000n,
      wageringRequired: 30000n,
    }))!;
    const claimed = await call(server, `/wps/rewards/${reward}/claim`, {
      method: 'POST',
      headers: bearer(member.token),
    });
    expect(claimed.body, JSON.stringify(claimed.body)).toMatchObject({ success: true });
    expect(await mainOf(member)).toBe(20000n);

    // Not excluded: the member withdraws itself.
    expect((await payout(member.account)).body).toMatchObject({ code: 'rg_not_excluded' });
    await exclude(member);
    // Bad input: a key too short, an unknown member.
    expect((await payout(member.account, 'short')).status).toBe(400);
    expect((await payout('nobody9999')).body.code).toBe('not_found');
    const sumBefore = await ledgerSum(server);

    const key = newKey();
    const first = await payout(member.account, key);
    expect(first.status).toBe(200);
    const made = first.body.value as Payout;
    expect(made).toMatchObject({
      account: member.account,
      paid: '200.00',
      lockedBonus: '30.00',
      replayed: false,
      withdrawal: { amount: '200.00', status: 'requested' },
    });
    expect(await mainOf(member)).toBe(0n);
    // A retry with the key answers the same withdrawal; another run finds nothing free to pay.
    const retry = await payout(member.account, key);
    expect(retry.body.value).toMatchObject({
      replayed: true,
      paid: '200.00',
      withdrawal: { id: made.withdrawal.id },
    });
    const again = await payout(member.account);
    expect(again).toMatchObject({ status: 409, body: { code: 'rg_payout_nothing' } });
    expect(again.body.message).toContain('locked by its wagering requirement');
    expect(await withdrawalsOf(member)).toHaveLength(1);
    expect(await ledgerSum(server)).toBe(sumBefore);

    // The member's history says who, when and how much.
    const view = await opsCall(server, `/ops/rg/${member.account}`);
    const history = (view.body.value as { history: Record<string, unknown>[] }).history;
    expect(history[0]).toMatchObject({ actor: 'operator', subject: 'payout', new: '200.00' });
    expect(Date.now() - new Date(history[0]!.at as string).getTime()).toBeLessThan(60_000);

    // The ordinary lifecycle: the operator pays, nobody answers, it counts as received.
    const paid = await opsCall(server, `/ops/withdrawals/${made.withdrawal.id}`, { action: 'pay' });
    expect((paid.body.value as WithdrawalView).status).toBe('awaitingConfirmation');
    await autoConfirmWithdrawals(
      server.deps,
      new Date(Date.now() + 31 * 60_000),
      made.withdrawal.id,
    );
    const [row] = await server.deps.db.query<{ status: string }>(
      'select status from withdrawals where id = $1',
      [made.withdrawal.id],
    );
    expect(row?.status).toBe('received');
  });

  it('refuses a self-excluded member whose main wallet is empty', async () => {
    const member = await newMember(server, 'pay');
    await exclude(member, 'selfExclusion', '6m');
    const empty = await payout(member.account);
    expect(empty).toMatchObject({ status: 409, body: { code: 'rg_payout_nothing' } });
    expect(empty.body.message).toContain('main wallet is empty');
    expect(await withdrawalsOf(member)).toHaveLength(0);
  });

  it('pays once for parallel runs, with the same key or with two', async () => {
    const twoKeys = await newMember(server, 'pay');
    const oneKey = await newMember(server, 'pay');
    for (const member of [twoKeys, oneKey]) {
      await grant(server, member.account, '120.00');
      await exclude(member, 'selfExclusion', '1y');
    }
    const [a, b] = await Promise.all([payout(twoKeys.account), payout(twoKeys.account)]);
    const codes = [a, b].map((reply) => (reply.body.success ? 'paid' : reply.body.code)).sort();
    expect(codes).toEqual(['paid', 'rg_payout_nothing']);
    expect(await withdrawalsOf(twoKeys)).toEqual([expect.objectContaining({ amount: '12000' })]);
    expect(await mainOf(twoKeys)).toBe(0n);

    const key = newKey();
    const both = await Promise.all([payout(oneKey.account, key), payout(oneKey.account, key)]);
    const answers = both.map((reply) => reply.body.value as Payout);
    expect(answers.map((answer) => answer.withdrawal.id)).toEqual([
      answers[0]!.withdrawal.id,
      answers[0]!.withdrawal.id,
    ]);
    expect(answers.map((answer) => answer.replayed).sort()).toEqual([false, true]);
    expect(await withdrawalsOf(oneKey)).toHaveLength(1);
    expect(await mainOf(oneKey)).toBe(0n);
  });
});
