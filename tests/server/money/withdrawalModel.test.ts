import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  canApply,
  type WithdrawalEvent,
  withdrawalConfirmationMachine,
} from '../../../src/shared/withdrawalConfirmation';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import { autoConfirmWithdrawals } from '../../../server/domain/withdrawals/autoConfirm';
import { loginToken } from '../../support/identityClient';
import {
  answer,
  grant,
  ledgerSum,
  mainBalance,
  opsCall,
  uploadProof,
  withdraw,
} from '../../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';
import { operatorPays } from './withdrawalConfig';

/**
 * The withdrawal lifecycle machine's paths (all shortest and simple paths) driven through the
 * real server: each machine event becomes the API call that sends it, the server's status must
 * equal the machine's state after every step, every event the state refuses is refused by the
 * server, and the money ends where the final state says.
 */
const events: WithdrawalEvent[] = [
  { type: 'withdrawal.reject' },
  { type: 'withdrawal.pay' },
  { type: 'withdrawal.confirmReceived' },
  { type: 'withdrawal.reportNotReceived', proofImageId: 'uploaded' },
  { type: 'withdrawal.reportPartial', receivedMinor: '6000', remainingMinor: '4000' },
  { type: 'withdrawal.confirmAllReceived' },
  { type: 'withdrawal.forceReceived' },
  { type: 'withdrawal.refund' },
  { type: 'withdrawal.autoConfirm' },
];
const model = createTestModel(withdrawalConfirmationMachine, { events });
const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

const AMOUNT = '100.00';
const operatorAction: Partial<Record<WithdrawalEvent['type'], string>> = {
  'withdrawal.pay': 'pay',
  'withdrawal.reject': 'reject',
  'withdrawal.refund': 'refund',
  'withdrawal.forceReceived': 'forceReceived',
};

describe.each(engines)('withdrawal lifecycle through the server on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: operatorPays });
    token = await loginToken(server, 'player1');
    await grant(server, 'player1', String(paths.length * 100 + 100));
  });
  afterAll(() => server.close());

  /** Sends one machine event the way its actor would: player, operator, or the job. */
  async function send(id: string, event: WithdrawalEvent) {
    const action = operatorAction[event.type];
    if (action) return opsCall(server, `/ops/withdrawals/${id}`, { action });
    if (event.type === 'withdrawal.autoConfirm') {
      const later = new Date(Date.now() + 24 * 60 * 60_000);
      await autoConfirmWithdrawals(server.deps, later);
      return null;
    }
    if (event.type === 'withdrawal.confirmReceived')
      return answer(server, token, id, { answer: 'received' });
    if (event.type === 'withdrawal.confirmAllReceived')
      return answer(server, token, id, { answer: 'allReceived' });
    if (event.type === 'withdrawal.reportPartial')
      return answer(server, token, id, { answer: 'partial', receivedAmount: '60.00' });
    const proof = (await uploadProof(server, token)).body.value as { id: string };
    return answer(server, token, id, { answer: 'notReceived', proofImageId: proof.id });
  }

  async function statusOf(id: string): Promise<string> {
    const [row] = await server.deps.db.query<{ status: string }>(
      'select status from withdrawals where id = $1',
      [id],
    );
    return row!.status;
  }

  const refusalsChecked = new Set<string>();

  it(`follows all ${paths.length} paths; the server agrees with the machine at every step`, async () => {
    for (const path of paths) {
      const before = BigInt((await mainBalance(server, token)).replace('.', ''));
      const made = await withdraw(server, token, { amount: AMOUNT });
      expect(made.body.success, path.description).toBe(true);
      const { id } = made.body.value as WithdrawalView;

      for (const step of path.steps) {
        const event = step.event as WithdrawalEvent | { type: 'xstate.init' };
        if (event.type !== 'xstate.init') {
          const reply = await send(id, event);
          if (reply) expect(reply.body.success, `${path.description}: ${event.type}`).toBe(true);
        }
        const state = String(step.state.value);
        expect(await statusOf(id), path.description).toBe(state);

        // Once per state: everything the machine refuses here, the server refuses too.
        if (!refusalsChecked.has(state)) {
          refusalsChecked.add(state);
          for (const refused of events.filter((candidate) => !canApply(state, candidate))) {
            if (refused.type === 'withdrawal.autoConfirm') continue; // The job skips such rows.
            const reply = await send(id, refused);
            expect(reply!.body.code, `${state} refuses ${refused.type}`).toBe(
              'withdrawal_illegal_transition',
            );
            expect(await statusOf(id)).toBe(state);
          }
        }
      }

      // The money ends where the final state says: paid out, returned, or still held.
      const final = String(path.steps.at(-1)!.state.value);
      const after = BigInt((await mainBalance(server, token)).replace('.', ''));
      const returned = final === 'refunded' || final === 'rejected';
      expect(after, `${path.description} ends ${final}`).toBe(returned ? before : before - 10000n);
    }
    expect(refusalsChecked.size).toBe(8);
    expect(await ledgerSum(server)).toBe(0n);
  }, 120_000);

  it('holds exactly the amounts of the withdrawals still open', async () => {
    const [held] = await server.deps.db.query<{ balance: string }>(
      `select balance::text from ledger_accounts where kind = 'house' and name = 'withdrawals_held'`,
    );
    const [open] = await server.deps.db.query<{ total: string }>(
      `select coalesce(sum(amount), 0)::text as total from withdrawals
       where status in ('requested', 'awaitingConfirmation', 'notReceived', 'partiallyReceived')`,
    );
    expect(held!.balance).toBe(open!.total);
  });
});
