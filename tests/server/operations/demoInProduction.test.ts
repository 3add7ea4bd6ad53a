import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportLoginResult } from '../../../src/shared/chat';
import { prepareDatabase } from '../../../server/boot';
import { hashPassword } from '../../../server/domain/identity/password';
import { DEMO_PASSWORD } from '../../../server/seed/demoAccounts';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * A database first started in development (demo seed: support1 and the demo players with the
 * published demo password) that later runs with NODE_ENV=production (security review): the
 * production start disables the demo support account while it still has the demo password (its
 * console sessions end, its login is refused), leaves one with a password of its own alone, and
 * warns loudly about demo members still on the demo password. On both engines.
 */
describe.each(engines)('demo logins at a production start on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const staffLogin = (password: string) =>
    call(server, '/wps/support/session', { method: 'POST', json: { name: 'support1', password } });
  const ops = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(server.opsToken),
      ...(json === undefined ? {} : { json }),
    });

  it('disables the demo support account on the demo password and warns about demo members', async () => {
    const signedIn = await staffLogin(DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const { token } = signedIn.body.value as SupportLoginResult;
    expect((await call(server, '/wps/support/me', { headers: bearer(token) })).status).toBe(200);
    // A demo player whose password was changed is no longer a demo login.
    await server.deps.db.query(`update members set password_hash = $1 where account = 'player1'`, [
      await hashPassword('own-Passw0rd-1'),
    ]);

    // A development start changes nothing and says nothing.
    expect(await prepareDatabase(server.deps.db, server.deps.config, false)).toBeNull();
    expect((await call(server, '/wps/support/me', { headers: bearer(token) })).status).toBe(200);

    const warning = await prepareDatabase(server.deps.db, server.deps.config, true);
    expect(warning).toContain('support1 still had the demo password and is now disabled');
    expect(warning).toContain('npm run ops -- support password support1');
    expect(warning).toMatch(/agent1, player2, player3, agent2, player4/);
    expect(warning).not.toMatch(/\bplayer1\b/);
    expect((await call(server, '/wps/support/me', { headers: bearer(token) })).status).toBe(401);
    expect((await staffLogin(DEMO_PASSWORD)).status).toBe(401);
    expect((await ops('/ops/support/staff')).body.value).toContainEqual(
      expect.objectContaining({ name: 'support1', status: 'disabled' }),
    );

    // The operator gives it a password of its own and enables it: a later start leaves it.
    const reset = await ops('/ops/support/staff/support1/password', {});
    const { password } = reset.body.value as { password: string };
    await ops('/ops/support/staff/support1/status', { status: 'active' });
    const again = await prepareDatabase(server.deps.db, server.deps.config, true);
    expect(again).not.toContain('support1');
    expect((await staffLogin(password)).status).toBe(200);
  });
});
