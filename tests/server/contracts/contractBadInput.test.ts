import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { addMember, termsAt } from './contractClient';

type Reply = Awaited<ReturnType<typeof call>>;

/** A refusal is a 4xx envelope with a code, never a 500; an answer is a success envelope. */
function expectHandled(reply: Reply) {
  expect(reply.status).toBeLessThan(500);
  if (reply.status >= 400) {
    expect(reply.body.success).toBe(false);
    expect(reply.body.code).toMatch(/^[a-z_]+$/);
    expect(reply.body.message ?? '').not.toMatch(/\n\s+at /);
  } else {
    expect(reply.body.success).toBe(true);
  }
}

describe.each(engines)('contract calls with bad input on %s', (engine) => {
  let server: TestServer;
  const tokens = { agent: '', player: '' };
  beforeAll(async () => {
    server = await startTestServer(engine);
    await addMember(server, 'ctr_fuzz', { upline: 'agent1' });
    tokens.agent = await loginToken(server, 'agent1');
    tokens.player = await loginToken(server, 'player2');
  });
  afterAll(() => server.close());

  const post = (path: string, token: string, body: string) =>
    call(server, path, {
      method: 'POST',
      body,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
  const actPaths = [
    '/wps/agent/contracts',
    '/wps/relay/MCS2_processContractHourSalary',
    '/wps/relay/MCSFE_processRealTimeSalaryContract',
  ];

  it('never fails with a 500 whatever JSON is posted, by either side', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actPaths),
        fc.constantFrom('agent', 'player'),
        fc.jsonValue(),
        async (path, who: 'agent' | 'player', payload) => {
          expectHandled(await post(path, tokens[who], JSON.stringify(payload)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never fails with a 500 on offers with arbitrary terms, ids and actions', async () => {
    const action = fc.constantFrom(
      'offer',
      'accept',
      'reject',
      'withdrawOffer',
      'requestTermination',
      'acceptTermination',
      'rejectTermination',
      'supersede',
      'nothing',
    );
    const id = fc.oneof(
      fc.string({ maxLength: 24 }),
      fc.bigInt({ min: 0n, max: 10n ** 19n }).map(String),
      fc.integer(),
    );
    const term = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 12 }), fc.double());
    const terms = fc.oneof(
      fc.record(
        { rate: term, activeMembers: term, periodBet: term, profitLoss: term },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    const body = fc.record(
      {
        action,
        contractId: id,
        contractType: fc.constantFrom('dividend', 'dailySalary', 'weekly', 42),
        downline: fc.oneof(
          fc.constant('ctr_fuzz'),
          fc.string({ maxLength: 80 }),
          fc.string({ maxLength: 20, unit: 'binary' }),
        ),
        downlineId: id,
        terms,
      },
      { requiredKeys: ['action'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...actPaths), body, async (path, payload) => {
        expectHandled(await post(path, tokens.agent, JSON.stringify(payload)));
      }),
      { numRuns: 120 },
    );
  });

  it('never fails with a 500 on the read calls, whatever the query', async () => {
    const paths = [
      '/wps/agent/contracts',
      '/wps/agent/downlines',
      '/wps/agent/contracts/current',
      '/wps/relay/MCS2_processDividendReq',
      '/wps/relay/MCS2_processDailySalContract',
    ];
    const key = fc.constantFrom('type', 'role', 'state', 'page', 'pageSize', 'keyword', 'x');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(
          fc.tuple(
            key,
            fc.oneof(fc.string({ maxLength: 30 }), fc.string({ maxLength: 10, unit: 'binary' })),
          ),
          { maxLength: 4 },
        ),
        async (path, pairs) => {
          const query = new URLSearchParams(pairs).toString();
          expectHandled(await call(server, `${path}?${query}`, { headers: bearer(tokens.agent) }));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('refuses control characters in an account name without reaching the database', async () => {
    for (const downline of ['ctr\u0000fuzz', '\u0000', 'ctr_fuzz\ud800']) {
      const reply = await post(
        '/wps/agent/contracts',
        tokens.agent,
        JSON.stringify({
          action: 'offer',
          contractType: 'dividend',
          downline,
          terms: termsAt('1'),
        }),
      );
      expectHandled(reply);
      expect(reply.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers a well-formed offer after all that', async () => {
    const reply = await call(server, '/wps/agent/contracts', {
      method: 'POST',
      headers: bearer(tokens.agent),
      json: {
        action: 'offer',
        contractType: 'hourlySalary',
        downline: 'player3',
        terms: termsAt('1'),
      },
    });
    expect(reply.body.success).toBe(true);
  });
});
