import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeamlessWallet } from '../../../src/shared/seamless';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** The /seamless section's call (issue 16): the vendors drawing on the main wallet directly. */
describe.each(engines)('seamless wallet on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await loginToken(server, 'player2');
  });
  afterAll(() => server.close());

  it('lists every game vendor as drawing on the main wallet, and the transfer wallets', async () => {
    const reply = await call(server, '/wps/v2/wallets/seamless', { headers: bearer(token) });
    expect(reply.status).toBe(200);
    const wallet = reply.body.value as SeamlessWallet;
    const vendors = await server.deps.db.query<{ n: number }>(
      'select count(distinct vendor)::int as n from games where enabled',
    );
    expect(wallet.direct).toHaveLength(vendors[0]!.n);
    const pg = wallet.direct.find((vendor) => vendor.vassalage === 'PG')!;
    expect(pg.games).toBeGreaterThan(0);
    expect(pg.gameTypes).toContain('RNG');
    expect(wallet.ownWallets).toEqual(server.deps.config.payments.vendorWallets);
    expect(wallet.isSingle).toBe(server.deps.config.payments.vendorWallets.length === 0);
  });

  it('refuses a guest and unknown parameters', async () => {
    expect((await call(server, '/wps/v2/wallets/seamless')).status).toBe(401);
    const extra = await call(server, '/wps/v2/wallets/seamless?wallet=PG', {
      headers: bearer(token),
    });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('invalid_request');
  });
});
