import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgentContractsView,
  AgentTreeView,
  StaffAccountView,
} from '../../../src/shared/backOfficeAdmin';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { newStaff, type TestStaff } from './staffClient';

/**
 * The back office's admin pages (issue 30): the staff list with two-factor and last seen; an
 * admin cannot take away their own admin access, nor the last admin's; the agents' tree (top
 * agents, then each agent's sub-agents with their level, team and held rates) and an agent's
 * contracts both ways.
 */
describe.each(engines)('back office admin pages on %s', (engine) => {
  let server: TestServer;
  let admin: TestStaff;
  let risk: TestStaff;
  let support: TestStaff;
  beforeAll(async () => {
    server = await startTestServer(engine);
    [admin, risk, support] = await Promise.all([
      newStaff(server, 'adm.one', ['admin']),
      newStaff(server, 'risk.one', ['risk']),
      newStaff(server, 'sup.one', ['support']),
    ]);
  });
  afterAll(() => server.close());

  const as = (staff: TestStaff, path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(staff.token),
      ...(json === undefined ? {} : { json }),
    });

  it('lists the staff with roles, status, two-factor and when last seen (admin only)', async () => {
    const listed = await as(admin, '/ops/staff');
    expect(listed.status).toBe(200);
    const rows = listed.body.value as StaffAccountView[];
    const one = rows.find((row) => row.name === 'risk.one');
    expect(one).toMatchObject({ roles: ['risk'], status: 'active', twoFactor: true });
    expect(one?.lastSeenAt).toEqual(expect.any(String));
    expect((await as(risk, '/ops/staff')).body.code).toBe('forbidden_role');

    // A new account has no two-factor and was never seen.
    const added = await as(admin, '/ops/support/staff', { name: 'new.one', roles: ['finance'] });
    expect(added.status).toBe(200);
    const fresh = ((await as(admin, '/ops/staff')).body.value as StaffAccountView[]).find(
      (row) => row.name === 'new.one',
    );
    expect(fresh).toMatchObject({ twoFactor: false, lastSeenAt: null, roles: ['finance'] });
  });

  it('refuses an admin removing their own admin role or disabling themselves', async () => {
    const own = await as(admin, '/ops/staff/adm.one/roles', {
      roles: ['support'],
      reason: 'trying',
    });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('staff_own_admin');
    const disabled = await as(admin, '/ops/support/staff/adm.one/status', { status: 'disabled' });
    expect(disabled.status).toBe(409);
    expect(disabled.body.code).toBe('staff_own_account');
    // Adding roles to oneself keeps admin: allowed (and ends one's own sessions).
    const more = await as(admin, '/ops/staff/adm.one/roles', {
      roles: ['admin', 'risk'],
      reason: 'also risk',
    });
    expect(more.status).toBe(200);
  });

  it('keeps the last active admin, and lets a second admin demote the first', async () => {
    // The command line (no staff name) may not remove the only admin either.
    const ops = (path: string, json: unknown) =>
      call(server, path, { method: 'POST', headers: bearer(server.opsToken), json });
    const last = await ops('/ops/staff/adm.one/roles', { roles: ['risk'], reason: 'cleanup' });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('staff_last_admin');
    expect((await ops('/ops/support/staff/adm.one/status', { status: 'disabled' })).body.code).toBe(
      'staff_last_admin',
    );

    const second = await newStaff(server, 'adm.two', ['admin']);
    const demoted = await as(second, '/ops/staff/adm.one/roles', {
      roles: ['risk'],
      reason: 'moved to risk',
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.value).toMatchObject({ before: ['admin', 'risk'] });
    // Now adm.two is the last admin: the command line cannot demote it.
    expect(
      (await ops('/ops/staff/adm.two/roles', { roles: ['risk'], reason: 'x' })).body.code,
    ).toBe('staff_last_admin');
  });

  it('reads the agent tree: top agents, then the sub-agents of one', async () => {
    const top = await as(risk, '/ops/agents');
    expect(top.status).toBe(200);
    const tree = top.body.value as AgentTreeView;
    expect(tree.under).toBeNull();
    const agent1 = tree.agents.find((node) => node.account === 'agent1');
    expect(agent1).toMatchObject({ level: 1, subAgents: 1 });
    expect(agent1!.teamSize).toBeGreaterThanOrEqual(9);
    expect(agent1!.held.realTimeSalary).toBe('1.50');
    // A sub-agent is not a top agent.
    expect(tree.agents.some((node) => node.account === 'agent2')).toBe(false);

    const under1 = (await as(risk, '/ops/agents?under=agent1')).body.value as AgentTreeView;
    expect(under1.under).toBe('agent1');
    expect(under1.agents).toEqual([
      expect.objectContaining({
        account: 'agent2',
        level: 2,
        directDownlines: 3,
        subAgents: 1,
        teamSize: 4,
        held: {
          dividend: '25.00',
          dailySalary: '1.20',
          hourlySalary: '1.20',
          realTimeSalary: '1.20',
        },
      }),
    ]);
    const under2 = (await as(risk, '/ops/agents?under=AGENT2')).body.value as AgentTreeView;
    expect(under2.agents).toEqual([
      expect.objectContaining({ account: 'agent3', level: 3, directDownlines: 1, teamSize: 1 }),
    ]);
    const leaf = (await as(risk, '/ops/agents?under=agent3')).body.value as AgentTreeView;
    expect(leaf.agents).toEqual([]);

    const unknown = await as(risk, '/ops/agents?under=nobody1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('agent_not_found');
    expect((await as(risk, '/ops/agents?under=')).status).toBe(400);
    expect((await as(risk, '/ops/agents?other=1')).status).toBe(400);
    expect((await as(support, '/ops/agents')).body.code).toBe('forbidden_role');
  });

  it("reads an agent's contracts, offered and held", async () => {
    const ids = async (account: string) => {
      const [row] = await server.deps.db.query<{ id: string }>(
        'select id::text from members where account = $1',
        [account],
      );
      return row!.id;
    };
    const [agent1, agent2, player4] = await Promise.all([
      ids('agent1'),
      ids('agent2'),
      ids('player4'),
    ]);
    const terms = (rate: string) =>
      JSON.stringify({ rate, activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' });
    await server.deps.db.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       values ($1, $2, 'realTimeSalary', 'active', $3::jsonb, now()),
              ($2, $4, 'dailySalary', 'offered', $5::jsonb, null)`,
      [agent1, agent2, terms('1.2'), player4, terms('0.8')],
    );
    const answer = await as(risk, '/ops/agents/agent2/contracts');
    expect(answer.status).toBe(200);
    const view = answer.body.value as AgentContractsView;
    expect(view.account).toBe('agent2');
    expect(view.more).toBe(false);
    expect(view.contracts).toEqual([
      expect.objectContaining({
        side: 'offered',
        contractType: 'dailySalary',
        counterpart: 'player4',
        state: 'offered',
        rate: '0.8',
        approvedAt: null,
      }),
      expect.objectContaining({
        side: 'held',
        contractType: 'realTimeSalary',
        counterpart: 'agent1',
        state: 'active',
        rate: '1.2',
        approvedAt: expect.any(String),
      }),
    ]);
    expect((await as(risk, '/ops/agents/nobody1/contracts')).body.code).toBe('agent_not_found');
    expect((await as(support, '/ops/agents/agent2/contracts')).body.code).toBe('forbidden_role');
  });

  it('records the reads in the audit trail', async () => {
    const trail = await as(risk, '/ops/audit?action=agents.contracts');
    expect(JSON.stringify(trail.body.value)).toContain('agent2');
  });
});
