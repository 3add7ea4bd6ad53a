import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalView } from '../../../src/shared/backOffice';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, newKey, withdraw } from '../../support/moneyClient';
import { call, startTestServer, type TestServer } from '../../support/testServer';
import { newStaff, staffLogin, type TestStaff } from './staffClient';

/**
 * The back office's live socket (issue 30): a staff socket joins a room per role once its
 * session proved the second factor; the four-eyes queue hears an ask at once in the rooms of
 * the roles that may decide it, the dashboards hear that money moved (a nudge, no figures), and
 * a role that may not read them hears neither.
 */
describe('the back office live socket', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      config: (base) => ({
        ...base,
        backOffice: { approvals: { ...base.backOffice.approvals, bonus: '100.00' } },
      }),
    });
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server.close();
  });

  async function socketOf(token: string): Promise<Socket> {
    const { io } = await import('socket.io-client');
    const socket = io(`${server.url}/chat`, {
      transports: ['websocket'],
      forceNew: true,
      auth: { staffToken: token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** Every event of these names the socket hears from now on. */
  const heard = (socket: Socket, names: string[]) => {
    const events: { name: string; payload: unknown }[] = [];
    for (const name of names) socket.on(name, (payload: unknown) => events.push({ name, payload }));
    return events;
  };

  it('tells the deciders of an ask at once, and the dashboards that money moved', async () => {
    const asker = await newStaff(server, 'live.asker', ['finance']);
    const decider = await newStaff(server, 'live.decider', ['finance']);
    const marketing = await newStaff(server, 'live.mkt', ['marketing']);
    const deciderHeard = heard(await socketOf(decider.token), ['opsApproval', 'opsFigures']);
    const marketingHeard = heard(await socketOf(marketing.token), ['opsApproval', 'opsFigures']);
    // A session that did not prove the second factor joins no back-office room.
    const made = await call(server, '/ops/support/staff', {
      method: 'POST',
      headers: bearer(server.opsToken),
      json: { name: 'live.nocode', roles: ['finance'] },
    });
    const { password } = made.body.value as { password: string };
    const plain = (await staffLogin(server, { name: 'live.nocode', password })).body.value as {
      token: string;
    };
    const plainHeard = heard(await socketOf(plain.token), ['opsApproval', 'opsFigures']);

    const bonus = (staff: TestStaff, amount: string) =>
      call(server, '/ops/bonus', {
        method: 'POST',
        headers: bearer(staff.token),
        json: { account: 'player3', amount, reason: 'live', idempotencyKey: newKey() },
      });
    const asked = await bonus(asker, '150.00');
    expect(asked.status).toBe(202);
    const { id } = (asked.body.value as { pending: ApprovalView }).pending;
    await expect.poll(() => deciderHeard.map((event) => event.name)).toContain('opsApproval');
    expect(deciderHeard.find((event) => event.name === 'opsApproval')!.payload).toEqual({
      id,
      status: 'pending',
    });

    // Money moves (a bonus under the amount): the dashboards' nudge, within its second.
    expect((await bonus(asker, '20.00')).status).toBe(200);
    await expect.poll(() => deciderHeard.map((event) => event.name)).toContain('opsFigures');

    // The decision reaches the queue too.
    await call(server, `/ops/approvals/${id}/approve`, {
      method: 'POST',
      headers: bearer(decider.token),
      json: {},
    });
    await expect
      .poll(() => deciderHeard.map((event) => JSON.stringify(event.payload)))
      .toContain(JSON.stringify({ id, status: 'approved' }));
    // Marketing may not decide a bonus nor read the figures; a session without its second
    // factor hears nothing of the back office.
    expect(marketingHeard).toEqual([]);
    expect(plainHeard).toEqual([]);
  });

  it("puts a member's new withdrawal request in the finance queue at once", async () => {
    const finance = await newStaff(server, 'live.queue', ['finance']);
    const support = await newStaff(server, 'live.support', ['support']);
    const financeHeard = heard(await socketOf(finance.token), ['opsWithdrawal']);
    const supportHeard = heard(await socketOf(support.token), ['opsWithdrawal']);
    // Under this server's four-eyes amount for a bonus (100.00): credited at once.
    await grant(server, 'player2', '90.00');
    const requested = await withdraw(server, await loginToken(server, 'player2'), {
      amount: '60.00',
    });
    expect(requested.body.code ?? null).toBeNull();
    const { id } = requested.body.value as { id: string };
    await expect
      .poll(() =>
        financeHeard.map((event) => (event.payload as { withdrawal: { id: string } }).withdrawal),
      )
      .toContainEqual(expect.objectContaining({ id, status: 'requested', amount: '60.00' }));
    expect(supportHeard).toEqual([]);
  });

  it("tells the feedback queue of a member's feedback, and only the roles that read it", async () => {
    const support = await newStaff(server, 'live.fb', ['support']);
    const marketing = await newStaff(server, 'live.fbm', ['marketing']);
    const supportHeard = heard(await socketOf(support.token), ['opsFeedback', 'opsRedemption']);
    const marketingHeard = heard(await socketOf(marketing.token), ['opsFeedback']);
    const sent = await call(server, '/wps/feedback', {
      method: 'PUT',
      headers: bearer(await loginToken(server, 'player4')),
      json: { category: 'other', text: 'The live queue', remark: null, images: [] },
    });
    expect(sent.body.success).toBe(true);
    await expect.poll(() => supportHeard.map((event) => event.name)).toContain('opsFeedback');
    expect(supportHeard.map((event) => event.name)).not.toContain('opsRedemption');
    expect(marketingHeard).toEqual([]);
  });
});
