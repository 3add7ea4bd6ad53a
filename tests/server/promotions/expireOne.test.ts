import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueRewardWithin } from '../../../server/domain/rewards/issue';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** The development tools' expiry of one reward (the testers' paths) tells its member too. */
describe.each(engines)('expiring one reward on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it('publishes the member’s reward change after the expiry commits', async () => {
    const [member] = await server.deps.db.query<{ id: string }>(
      `select id::text from members where account = 'player3'`,
    );
    const reward = await issueRewardWithin(server.deps.db, {
      memberId: member!.id,
      source: 'mission',
      sourceKey: `test:expire-one-${engine}`,
      houseAccount: 'promotions',
      amount: 100n,
      wageringRequired: 0n,
    });
    const heard: string[] = [];
    server.deps.changes.on('reward', (change) => heard.push(`${change.memberId}:${change.reason}`));
    const reply = await call(server, `/wps/dev/rewards/${reward}/expire`, { method: 'POST' });
    expect(reply.body.value).toMatchObject({ ran: true, rewards: 1 });
    expect(heard).toEqual([`${member!.id}:expired`]);
  });
});
