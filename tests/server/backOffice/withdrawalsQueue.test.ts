import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import { catchUpDemoChannel } from '../../../server/jobs/demoChannelCatchUp';
import { scheduleDemoPayout } from '../../../server/domain/withdrawals/demoChannel';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { newStaff, type TestStaff } from './staffClient';

/**
 * The back office's withdrawals queue (issue 30): filtered by member as well as status; a
 * rejection carries its reason; and the demo channel pays by itself only up to `demoPayMax` —
 * a larger request waits for finance, even when the catch-up job finds it overdue.
 */
describe.each(engines)('back office withdrawals queue on %s', (engine) => {
  let server: TestServer;
  let finance: TestStaff;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        payments: {
          ...base.payments,
          withdrawal: { ...base.payments.withdrawal, demoPaySeconds: 3600, demoPayMax: '100.00' },
        },
      }),
    });
    finance = await newStaff(server, 'fin.queue', ['finance']);
  });
  afterAll(() => server.close());

  const as = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(finance.token),
      ...(json === undefined ? {} : { json }),
    });

  it('leaves a request above demoPayMax to finance, filters by member, rejects with a reason', async () => {
    await grant(server, 'player3', '1000.00');
    const token = await loginToken(server, 'player3');
    const small = (await withdraw(server, token, { amount: '100.00' })).body
      .value as WithdrawalView;
    const large = (await withdraw(server, token, { amount: '100.01' })).body
      .value as WithdrawalView;
    expect(scheduleDemoPayout(server.deps, small)).toBe(true);
    expect(scheduleDemoPayout(server.deps, large)).toBe(false);

    // Both overdue: the catch-up job pays the small one only.
    await server.deps.db.query(
      `update withdrawals set created_at = now() - interval '2 hours' where id in ($1, $2)`,
      [small.id, large.id],
    );
    await catchUpDemoChannel(server.deps);
    const mine = await as('/ops/withdrawals?account=PLAYER3');
    expect(mine.status).toBe(200);
    const statuses = Object.fromEntries(
      (mine.body.value as (WithdrawalView & { account: string })[]).map((row) => [
        row.id,
        row.status,
      ]),
    );
    expect(statuses).toMatchObject({ [small.id]: 'awaitingConfirmation', [large.id]: 'requested' });
    expect((await as('/ops/withdrawals?account=player1')).body.value).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: large.id })]),
    );

    const rejected = await as(`/ops/withdrawals/${large.id}`, {
      action: 'reject',
      reason: 'Payee name does not match',
    });
    expect(rejected.status).toBe(200);
    expect((rejected.body.value as WithdrawalView).status).toBe('rejected');
    const again = await as(`/ops/withdrawals/${large.id}`, { action: 'pay' });
    expect(again.body.code).toBe('withdrawal_illegal_transition');
  });
});
