import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractsApi } from '../../../src/api/contracts';
import { ApiError, createHttp } from '../../../src/api/http';
import { loginToken } from '../../support/identityClient';
import { startTestServer, type TestServer } from '../../support/testServer';
import { termsAt } from './contractClient';

/** The browser's contract module against the real server: the pages' calls, end to end. */
describe('src/api/contracts against the server', () => {
  let server: TestServer;
  let agent: ReturnType<typeof createContractsApi>;
  let player: ReturnType<typeof createContractsApi>;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const client = (token: string) =>
      createContractsApi(
        createHttp(
          { merchantCode: () => 'DEMO', language: () => 'EN', token: () => token },
          `${server.url}/`,
        ),
      );
    agent = client(await loginToken(server, 'agent1'));
    player = client(await loginToken(server, 'player2'));
  });
  afterAll(() => server.close());

  it('offers, answers, reads and lists', async () => {
    const { items } = await agent.downlines({ keyword: 'player2' });
    expect(items).toEqual([
      {
        id: expect.any(String),
        account: 'player2',
        nickname: 'Player Two',
        type: 0,
        excluded: false,
      },
    ]);
    for (const contractType of ['dividend', 'hourlySalary'] as const) {
      const made = await agent.offer({
        contractType,
        downlineId: items[0]!.id,
        terms: termsAt('1.2'),
      });
      expect(made).toMatchObject({ state: 'offered', role: 'upline', actions: ['withdrawOffer'] });
      const current = await player.current(contractType);
      expect(current.asDownline.map((view) => [view.id, view.actions])).toEqual([
        [made.id, ['accept', 'reject']],
      ]);
      expect(await player.answer(made.id, 'accept')).toMatchObject({ status: 'approved' });
      expect((await agent.current(contractType)).asUpline[0]).toMatchObject({
        id: made.id,
        actions: ['requestTermination'],
      });
    }
    const page = await player.list({ role: 'downline', state: 'active', pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
  });

  it('surfaces refusals as ApiError codes', async () => {
    const refusal = await agent
      .offer({ contractType: 'dividend', downline: 'player2', terms: termsAt('3') })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 'contract_rate_not_lower', status: 409 });
    await expect(
      player.offer({ contractType: 'dividend', downline: 'player3', terms: termsAt('1') }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(player.downlines()).rejects.toMatchObject({ code: 'forbidden' });
  });
});
