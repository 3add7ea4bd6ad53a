import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../src/shared/agentReports';
import { bearer, encryptedCall, loginReply, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { pageOf } from './agentClient';

const PATH = '/wps/agent/team/register';

describe.each(engines)('registerCenter on %s', (engine) => {
  let server: TestServer;
  let agent: string;
  let player: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    agent = await loginToken(server, 'agent1');
    player = await loginToken(server, 'player2');
  });
  afterAll(() => server.close());

  const register = (body: unknown, token = agent) =>
    encryptedCall(server, PATH, 'POST', body, bearer(token));
  const valid = (username: string) => ({
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
  });

  it('opens a direct downline that can log in and shows in team management at level 1', async () => {
    const reply = await register({ ...valid('newbie1'), nickname: 'New Bie' });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ account: 'newbie1', kind: 'player' });
    const team = await pageOf<TeamMember>(server, agent, '/wps/agent/team/members', {
      account: 'newbie1',
    });
    expect(team.items).toEqual([
      expect.objectContaining({
        account: 'newbie1',
        nickname: 'New Bie',
        level: 1,
        kind: 'player',
        uplineAccount: 'agent1',
      }),
    ]);
    const login = await loginReply(server, { username: 'newbie1', password: 'abc12345' });
    expect(login.body.success).toBe(true);
    // The agent chose the password: the member must choose its own at first login.
    expect(login.body.value).toMatchObject({ defaultPassword: true });
    const [row] = await server.deps.db.query<{ password_hash: string; type: number }>(
      `select password_hash, type from members where account = 'newbie1'`,
    );
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(Number(row!.type)).toBe(0);
  });

  it('opens a sub-agent (type 2) whose own team starts empty', async () => {
    const reply = await register({ ...valid('subagent1'), kind: 'agent' });
    expect(reply.body.value).toMatchObject({ account: 'subagent1', kind: 'agent' });
    const login = await loginReply(server, {
      username: 'subagent1',
      password: 'abc12345',
      portal: 'agent',
    });
    expect(login.body.success).toBe(true);
    const token = (login.body.value as { token: string }).token;
    const team = await pageOf(server, token, '/wps/agent/team/members');
    expect(team.total).toBe(0);
    const [row] = await server.deps.db.query<{ type: number; affiliate_code: string }>(
      `select type, affiliate_code from members where account = 'subagent1'`,
    );
    expect(row).toMatchObject({ affiliate_code: 'SUBAGENT1' });
    expect(Number(row!.type)).toBe(2);
  });

  it('refuses a taken name in any case, and one of two racing requests', async () => {
    for (const name of ['player2', 'PLAYER2', 'Agent1']) {
      const reply = await register(valid(name));
      expect(reply.status, name).toBe(409);
      expect(reply.body.code).toBe('username_taken');
    }
    const [first, second] = await Promise.all([
      register(valid('racer1')),
      register(valid('racer1')),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
  });

  it('refuses names and passwords the registration rules refuse, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [valid('ab'), 'username'],
      [valid('1abc'), 'username'],
      [valid('abc def'), 'username'],
      [valid('x'.repeat(17)), 'username'],
      [{ ...valid('goodname1'), password: 'ab1', confirmPassword: 'ab1' }, 'password'],
      [
        { ...valid('goodname1'), password: 'lettersonly', confirmPassword: 'lettersonly' },
        'password',
      ],
      [{ ...valid('goodname1'), password: '', confirmPassword: '' }, 'password'],
      [{ ...valid('goodname1'), confirmPassword: 'abc12346' }, 'confirmPassword'],
      [{ ...valid('goodname1'), nickname: 'n'.repeat(40) }, 'nickname'],
    ];
    for (const [body, field] of cases) {
      const reply = await register(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('field_invalid');
      expect(reply.body.value).toMatchObject({ field });
    }
    const [count] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from members where account = 'goodname1'`,
    );
    expect(count!.n).toBe(0);
  });

  it('refuses players, guests, plain bodies and unknown fields; never a 500', async () => {
    expect((await register(valid('byplayer1'), player)).status).toBe(403);
    expect((await encryptedCall(server, PATH, 'POST', valid('byguest1'))).status).toBe(401);
    const plain = await call(server, PATH, {
      method: 'POST',
      json: valid('plain1'),
      headers: bearer(agent),
    });
    expect(plain.status).toBe(400);
    const extra = await register({ ...valid('extra1'), type: 1 });
    expect(extra).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const wrongKind = await register({ ...valid('extra1'), kind: 'boss' });
    expect(wrongKind).toMatchObject({ status: 400, body: { code: 'invalid_request' } });

    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            username: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null)),
            password: fc.oneof(fc.string({ maxLength: 30 }), fc.boolean()),
            confirmPassword: fc.string({ maxLength: 30 }),
            nickname: fc.oneof(fc.string({ maxLength: 70 }), fc.constant(undefined)),
            kind: fc.constantFrom('player', 'agent', 'x', undefined),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const reply = await register(body);
          expect(reply.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: 25 },
    );
  });
});
