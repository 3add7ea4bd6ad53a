import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LaunchChatResult,
  SupportLoginResult,
  SupportPlayerPanel,
} from '../../../src/shared/chat';
import { addStaff } from '../../../server/domain/chat/staff';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, newKey, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { operatorPays } from '../money/withdrawalConfig';

/**
 * The support console's player panel (`GET /wps/support/rooms/:room/player`): a member's
 * account, balance, VIP level, last deposits and withdrawals and the open withdrawal, as the
 * ledger's strings; only staff whose roles may read member money get it.
 */
describe.each(engines)('support player panel on %s', (engine) => {
  let server: TestServer;
  let player: string;
  let room = '';
  let guestRoom = '';

  const staffLogin = async (name: string, password: string) => {
    const reply = await call(server, '/wps/support/session', {
      method: 'POST',
      json: { name, password },
    });
    expect(reply.body.success, reply.body.code).toBe(true);
    return (reply.body.value as SupportLoginResult).token;
  };
  const panel = (token: string, of = room) =>
    call(server, `/wps/support/rooms/${of}/player`, { headers: bearer(token) });

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (config) => {
        const base = operatorPays(config);
        return {
          ...base,
          payments: {
            ...base.payments,
            deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
          },
        };
      },
    });
    player = await loginToken(server, 'player3');
    await grant(server, 'player3', '300.00');
    await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(player),
      json: { channel: 'DEMO', amount: '200.50', idempotencyKey: newKey() },
    });
    for (let wait = 0; wait < 50; wait += 1) {
      const [row] = await server.deps.db.query<{ status: string }>(
        `select d.status from deposits d join members m on m.id = d.member_id
         where m.account = 'player3' order by d.id desc limit 1`,
      );
      if (row?.status === 'credited') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const held = await withdraw(server, player, { amount: '140.25' });
    expect(held.body.success, held.body.code).toBe(true);
    const launched = await call(server, '/wps/relay/CBS_launchChat', {
      method: 'POST',
      headers: bearer(player),
      json: {},
    });
    expect(launched.body.success, launched.body.code).toBe(true);
    room = (launched.body.value as LaunchChatResult).room;
    const guest = await call(server, '/wps/relay/CBS_launchChat', { method: 'POST', json: {} });
    guestRoom = (guest.body.value as LaunchChatResult).room;
  });
  afterAll(() => server.close());

  it("shows support the member's account, balance, VIP level and money moves as strings", async () => {
    const token = await staffLogin('support1', 'Passw0rd!');
    const reply = await panel(token);
    expect(reply.body.success, reply.body.code).toBe(true);
    const value = reply.body.value as SupportPlayerPanel;
    expect(value.member).toMatchObject({ account: 'player3', status: 'active' });
    expect(typeof value.balance).toBe('string');
    expect(value.balance).toMatch(/^-?\d+\.\d{2}$/);
    expect(value.vipLevel).toBeGreaterThanOrEqual(0);
    expect(value.deposits[0]).toMatchObject({ amount: '200.50' });
    expect(value.withdrawals[0]).toMatchObject({ amount: '140.25', status: 'requested' });
    expect(value.openWithdrawal).toMatchObject({ amount: '140.25', status: 'requested' });
    expect(value.deposits.length).toBeLessThanOrEqual(5);
    expect(value.withdrawals.length).toBeLessThanOrEqual(5);

    const guest = await panel(token, guestRoom);
    expect(guest.body.success, guest.body.code).toBe(true);
    expect((guest.body.value as SupportPlayerPanel).member).toBeNull();
  });

  it('refuses a player, a staff role that may not read member money, and no token', async () => {
    const asPlayer = await panel(player);
    expect(asPlayer.status).toBe(401);
    expect(asPlayer.body.code).toBe('support_not_logged_in');

    const made = await addStaff(server.deps.db, { name: 'marketer9', roles: ['marketing'] });
    const marketer = await staffLogin('marketer9', made.password);
    const asMarketer = await panel(marketer);
    expect(asMarketer.status).toBe(403);
    expect(asMarketer.body.code).toBe('forbidden_role');
    expect(JSON.stringify(asMarketer.body)).not.toContain('140.25');

    const nobody = await call(server, `/wps/support/rooms/${room}/player`);
    expect(nobody.status).toBe(401);
  });
});
