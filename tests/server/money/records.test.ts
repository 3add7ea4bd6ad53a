import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountRecordItem,
  BetRecordItem,
  BonusItem,
  DepositRecordItem,
  Page,
  ProfitDay,
} from '../../../src/shared/records';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, newKey, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { operatorPays } from './withdrawalConfig';

/** The records pages' calls over real movements: what each lists, filters, pages and sums. */
describe.each(engines)('records on %s', (engine) => {
  let server: TestServer;
  let token: string;
  const today = new Date();

  async function records<T>(path: string, query: Record<string, string | number> = {}, as = token) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    const reply = await call(server, `${path}?${search}`, { headers: bearer(as) });
    if (!reply.body.success) return reply.body as { code: string; success: false };
    return reply.body.value as Page<T>;
  }
  const page = async <T>(path: string, query: Record<string, string | number> = {}) => {
    const result = await records<T>(path, query);
    if (!('items' in result)) throw new Error(`${path} failed: ${result.code}`);
    return result;
  };

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
    token = await loginToken(server, 'player1');
    // Money moves of every kind: a bonus, a deposit, a transfer, a withdrawal.
    await grant(server, 'player1', '500.00');
    await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(token),
      json: { channel: 'DEMO', amount: '200.00', idempotencyKey: newKey() },
    });
    for (let wait = 0; wait < 50; wait += 1) {
      const [row] = await server.deps.db.query<{ status: string }>(
        `select status from deposits order by id desc limit 1`,
      );
      if (row?.status === 'credited') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await call(server, '/wps/relay/GCS_walletTransfer', {
      method: 'POST',
      headers: bearer(token),
      json: { from: 'MAIN', to: 'PG', amount: '50.00', idempotencyKey: newKey() },
    });
    await withdraw(server, token, { amount: '100.00' });
    // Two rounds of play (issue 5's vendor writes these through the ledger).
    await server.deps.db.query(
      `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
         valid_bet_amount, win_amount, settled_at)
       select id, v.vendor, 'slot1', 'Lucky Slot', v.round, v.bet, v.bet, v.win, now()
       from members, (values ('PG', 'r1', 1000, 2500), ('EG2', 'r2', 3000, 0))
         as v (vendor, round, bet, win)
       where account = 'player1'`,
    );
  });
  afterAll(() => server.close());

  it('lists every ledger entry of the member in the account record, newest first', async () => {
    const all = await page<AccountRecordItem>('/wps/records/account');
    expect(all.items.map((item) => item.kind)).toEqual([
      'withdrawal_hold',
      'wallet_transfer',
      'wallet_transfer',
      'deposit',
      'bonus',
    ]);
    const hold = all.items[0]!;
    expect(hold).toMatchObject({ wallet: 'MAIN', amount: '-100.00', balanceAfter: '550.00' });

    const deposits = await page<AccountRecordItem>('/wps/records/account', { type: 'deposit' });
    expect(deposits.items.map((item) => item.amount)).toEqual(['200.00']);
    const second = await page<AccountRecordItem>('/wps/records/account', { pageSize: 2, page: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual(
      all.items.slice(2, 4).map((item) => item.id),
    );
  });

  it('filters by date range, and refuses reversed, too long and unknown filters', async () => {
    const lastYear = new Date(today.getTime() - 365 * 86_400_000);
    const old = await page<AccountRecordItem>('/wps/records/account', {
      from: lastYear.toISOString(),
      to: new Date(lastYear.getTime() + 86_400_000).toISOString(),
    });
    expect(old).toMatchObject({ items: [], total: 0 });
    const reversed = await records('/wps/records/account', {
      from: today.toISOString(),
      to: lastYear.toISOString(),
    });
    expect(reversed).toMatchObject({ code: 'date_range_invalid' });
    const tooLong = await records('/wps/records/account', { from: lastYear.toISOString() });
    expect(tooLong).toMatchObject({ code: 'date_range_invalid' });
    expect(await records('/wps/records/account', { type: 'lottery' })).toMatchObject({
      code: 'invalid_request',
    });
    expect(await records('/wps/records/account', { page: 0 })).toMatchObject({
      code: 'invalid_request',
    });
  });

  it('shows the rounds with totals in the betting record, by vendor', async () => {
    const bets = await page<BetRecordItem>('/wps/records/bets');
    expect(bets.total).toBe(2);
    expect(bets.totals).toEqual({
      betAmount: '40.00',
      validBetAmount: '40.00',
      winAmount: '25.00',
      profit: '-15.00',
    });
    const pg = await page<BetRecordItem>('/wps/records/bets', { type: 'PG' });
    expect(pg.items).toEqual([
      expect.objectContaining({ vendor: 'PG', gameName: 'Lucky Slot', profit: '15.00' }),
    ]);
  });

  it('sums each local day in profit and loss', async () => {
    const profit = await page<ProfitDay>('/wps/records/profit', { tz: 0 });
    expect(profit.items).toHaveLength(1);
    expect(profit.totals).toEqual({
      betAmount: '40.00',
      validBetAmount: '40.00',
      winAmount: '25.00',
      profit: '-15.00',
      deposits: '200.00',
      withdrawals: '100.00',
      bonus: '500.00',
    });
    // The same moment is another day for a player 14 hours ahead when UTC is past 10:00.
    const ahead = await page<ProfitDay>('/wps/records/profit', { tz: 14 * 60 });
    const localDay = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    expect(ahead.items[0]!.day).toBe(localDay);
  });

  it('lists bonuses with their reason, and deposits by status', async () => {
    const bonus = await page<BonusItem>('/wps/records/bonus');
    expect(bonus.items).toEqual([
      expect.objectContaining({ amount: '500.00', reason: 'test funds' }),
    ]);
    expect(bonus.totals).toEqual({ amount: '500.00' });
    const credited = await page<DepositRecordItem>('/wps/deposit/records', { type: 'credited' });
    expect(credited.items).toEqual([
      expect.objectContaining({ amount: '200.00', status: 'credited' }),
    ]);
    const pending = await page<DepositRecordItem>('/wps/deposit/records', { type: 'pending' });
    expect(pending.total).toBe(0);
  });

  it('shows a member only their own records', async () => {
    const other = await loginToken(server, 'player2');
    for (const path of ['/wps/records/account', '/wps/records/bets', '/wps/records/bonus']) {
      expect(await records(path, {}, other)).toMatchObject({ total: 0, items: [] });
    }
  });
});
