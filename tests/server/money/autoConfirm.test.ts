import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import { autoConfirmWithdrawals } from '../../../server/domain/withdrawals/autoConfirm';
import { JobLock } from '../../../server/db/locks';
import { loginToken } from '../../support/identityClient';
import { answer, grant, opsCall, withdraw } from '../../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';
import { operatorPays } from './withdrawalConfig';

const minutes = (count: number) => new Date(Date.now() + count * 60_000);

describe.each(engines)('withdrawal auto-confirmation job on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: operatorPays });
    token = await loginToken(server, 'player2');
    await grant(server, 'player2', '1000.00');
  });
  afterAll(() => server.close());

  async function paidWithdrawal(): Promise<string> {
    const made = await withdraw(server, token, { amount: '100.00' });
    const { id } = made.body.value as WithdrawalView;
    await opsCall(server, `/ops/withdrawals/${id}`, { action: 'pay' });
    return id;
  }

  const statusOf = async (id: string) =>
    (
      await server.deps.db.query<{ status: string; auto_confirmed: boolean }>(
        'select status, auto_confirmed from withdrawals where id = $1',
        [id],
      )
    )[0]!;

  it('counts a paid withdrawal as received only after the configured minutes', async () => {
    const id = await paidWithdrawal();
    const wait = server.deps.config.payments.withdrawal.autoConfirmMinutes;
    await autoConfirmWithdrawals(server.deps, minutes(wait - 1));
    expect(await statusOf(id)).toMatchObject({ status: 'awaitingConfirmation' });

    const heard: string[] = [];
    const stop = server.deps.changes.on('withdrawal', (change) => heard.push(change.withdrawal.id));
    const run = await autoConfirmWithdrawals(server.deps, minutes(wait + 1));
    stop();
    expect(run).toMatchObject({ ran: true, failed: 0 });
    expect(run.confirmed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toEqual({ status: 'received', auto_confirmed: true });
    expect(heard).toContain(id);
  });

  it('completes a partial receipt nobody finished, and leaves a "not received" report alone', async () => {
    const partial = await paidWithdrawal();
    await answer(server, token, partial, { answer: 'partial', receivedAmount: '30.00' });
    const disputed = await paidWithdrawal();
    await server.deps.db.query(
      `update withdrawals set status = 'notReceived' where id = $1`, // the dispute waits for an operator
      [disputed],
    );
    await autoConfirmWithdrawals(server.deps, minutes(24 * 60));
    expect((await statusOf(partial)).status).toBe('received');
    expect((await statusOf(disputed)).status).toBe('notReceived');
  });

  it.runIf(engine === 'postgres')(
    'does nothing while another process holds the job lock',
    async () => {
      const id = await paidWithdrawal();
      let inside: { ran: boolean } | null = null;
      await server.deps.db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [JobLock.withdrawalAutoConfirm]);
        inside = await autoConfirmWithdrawals(server.deps, minutes(24 * 60));
      });
      expect(inside).toEqual({ ran: false, confirmed: 0, failed: 0 });
      expect((await statusOf(id)).status).toBe('awaitingConfirmation');

      // Two runners at once: each withdrawal is confirmed once in total.
      const second = await paidWithdrawal();
      const runs = await Promise.all([
        autoConfirmWithdrawals(server.deps, minutes(24 * 60)),
        autoConfirmWithdrawals(server.deps, minutes(24 * 60)),
      ]);
      expect(runs.reduce((sum, run) => sum + run.confirmed, 0)).toBe(2);
      expect((await statusOf(second)).status).toBe('received');
      const [payouts] = await server.deps.db.query<{ n: number }>(
        `select count(*)::int as n from ledger_transactions where idempotency_key in ($1, $2)`,
        [`withdrawal:${id}:close`, `withdrawal:${second}:close`],
      );
      expect(payouts!.n).toBe(2);
    },
  );
});
