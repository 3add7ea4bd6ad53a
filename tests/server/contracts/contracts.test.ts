import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/shared/identity';
import type { ContractView } from '../../../src/shared/realtime';
import type { Page } from '../../../src/shared/records';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { act, acted, addMember, offer, offered, stored, termsAt } from './contractClient';

type Funds = Record<string, number | boolean>;

describe.each(engines)('contracts on %s', (engine) => {
  let server: TestServer;
  const tokens = { agent: '', player2: '', player3: '', subAgent: '', trial: '' };
  /** One login per account: logins are throttled per account. */
  const downlineTokens = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer(engine);
    // Downlines of our own, so each test owns its contracts whatever the demo seed holds.
    for (const account of ['ctr_rate', 'ctr_open', 'ctr_funds', 'ctr_race', 'ctr_relay']) {
      await addMember(server, account, { upline: 'agent1' });
    }
    await addMember(server, 'ctr_sub', { upline: 'agent1', type: 41 });
    await addMember(server, 'ctr_subdown', { upline: 'ctr_sub' });
    await addMember(server, 'ctr_trial', { upline: 'agent1', type: 4 });
    tokens.agent = await loginToken(server, 'agent1');
    tokens.player2 = await loginToken(server, 'player2');
    tokens.player3 = await loginToken(server, 'player3');
    tokens.subAgent = await loginToken(server, 'ctr_sub');
    const trial = await call(server, '/wps/session/login/freeplay', { method: 'POST', json: {} });
    tokens.trial = (trial.body.value as LoginResult).token;
  });
  afterAll(() => server.close());

  const tokenOf = async (account: string) => {
    if (!downlineTokens.has(account))
      downlineTokens.set(account, await loginToken(server, account));
    return downlineTokens.get(account)!;
  };
  const funds = async (token: string) =>
    (await call(server, '/wps/member/info/funds/consolidated', { headers: bearer(token) })).body
      .value as Funds;

  describe('the lower-rate rule (spec 4)', () => {
    it('accepting a lower rate supersedes the contract in effect in the same transaction', async () => {
      const downline = await tokenOf('ctr_rate');
      const first = await offered(server, tokens.agent, 'ctr_rate', 'dailySalary', '1.2');
      expect(first.terms).toEqual({
        rate: '1.20',
        activeMembers: 3,
        periodBet: '1000.00',
        profitLoss: '0.00',
      });
      await acted(server, downline, first.id, 'accept');
      // Another type in effect is never touched by a daily salary contract.
      const dividend = await offered(server, tokens.agent, 'ctr_rate', 'dividend', '1');
      await acted(server, downline, dividend.id, 'accept');

      for (const rate of ['1.2', '1.20', '1.5']) {
        const reply = await offer(server, tokens.agent, 'ctr_rate', 'dailySalary', rate);
        expect(reply.status, rate).toBe(409);
        expect(reply.body.code).toBe('contract_rate_not_lower');
        expect(reply.body.value).toEqual({ contractId: first.id, rate: '1.20' });
      }

      const lower = await offered(server, tokens.agent, 'ctr_rate', 'dailySalary', '1');
      expect((await stored(server, first.id)).state).toBe('active'); // Not until accepted.
      const accepted = await acted(server, downline, lower.id, 'accept');
      expect(accepted).toMatchObject({ state: 'active', status: 'approved', role: 'downline' });
      expect(accepted.actions).toEqual([]);

      const old = await stored(server, first.id);
      const now = await stored(server, lower.id);
      expect(old.state).toBe('superseded');
      expect(old.superseded_by).toBe(lower.id);
      // now() is the transaction's start: equal instants prove one transaction did both.
      expect(old.ended_at).not.toBeNull();
      expect(new Date(old.ended_at!).getTime()).toBe(new Date(now.approved_at!).getTime());
      expect((await stored(server, dividend.id)).state).toBe('active');
      const log = await server.deps.db.query<{ event: string; actor: string; to_state: string }>(
        'select event, actor, to_state from contract_events where contract_id = $1 order by id',
        [first.id],
      );
      expect(log.at(-1)).toEqual({
        event: 'contract.supersede',
        actor: 'system',
        to_state: 'superseded',
      });

      // The view of the superseded contract names its successor.
      const list = await call(server, '/wps/agent/contracts?type=dailySalary&role=upline', {
        headers: bearer(tokens.agent),
      });
      const views = (list.body.value as Page<ContractView>).items;
      expect(views.find((view) => view.id === first.id)).toMatchObject({
        status: 'superseded',
        supersededBy: lower.id,
      });
    });

    it('refuses an acceptance whose rate no longer undercuts, and changes nothing', async () => {
      const downline = await tokenOf('ctr_rate');
      const pending = await offered(server, tokens.agent, 'ctr_rate', 'dailySalary', '0.9');
      // A contract at a lower rate took effect meanwhile (written directly: through the API the
      // one-open-offer rule makes this order impossible).
      await server.deps.db.query(
        `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
         select upline_id, id, 'dailySalary', 'active', $1::jsonb, now() from members
         where account = 'ctr_rate'`,
        [JSON.stringify(termsAt('0.50'))],
      );
      const reply = await act(server, downline, { action: 'accept', contractId: pending.id });
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('contract_rate_not_lower');
      expect((await stored(server, pending.id)).state).toBe('offered');
      const inEffect = await server.deps.db.query<{ n: number }>(
        `select count(*)::int as n from contracts c join members m on m.id = c.downline_id
         where m.account = 'ctr_rate' and c.contract_type = 'dailySalary'
           and c.state in ('active', 'terminationRequested')`,
      );
      expect(inEffect[0]!.n).toBe(2);
    });
  });

  it('allows one open offer per type and downline', async () => {
    const first = await offered(server, tokens.agent, 'ctr_open', 'hourlySalary', '1');
    const again = await offer(server, tokens.agent, 'ctr_open', 'hourlySalary', '0.5');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'contract_offer_pending',
      value: { contractId: first.id },
    });
    // Another type is another question.
    await offered(server, tokens.agent, 'ctr_open', 'realTimeSalary', '1');
    // Once the offer is answered (or withdrawn) a new one can be made.
    await acted(server, tokens.agent, first.id, 'withdrawOffer');
    await offered(server, tokens.agent, 'ctr_open', 'hourlySalary', '0.5');
  });

  it('lets only one of two simultaneous offers through', async () => {
    const replies = await Promise.all(
      ['1', '0.9', '0.8', '0.7'].map((rate) =>
        offer(server, tokens.agent, 'ctr_race', 'dividend', rate),
      ),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((candidate) => !candidate.body.success)) {
      expect(reply.body.code).toBe('contract_offer_pending');
    }
  });

  it('offers to a direct downline that is a real account only, and only as an agent', async () => {
    for (const downline of ['player1', 'ctr_subdown', 'agent1', 'nobody_here']) {
      const reply = await offer(server, tokens.agent, downline, 'dividend', '1');
      expect(reply.status, downline).toBe(403);
      expect(reply.body.code).toBe('contract_not_downline');
    }
    const byId = await act(server, tokens.agent, {
      action: 'offer',
      contractType: 'dividend',
      downlineId: '999999999',
      terms: termsAt('1'),
    });
    expect(byId.body.code).toBe('contract_not_downline');
    const trial = await offer(server, tokens.agent, 'ctr_trial', 'dividend', '1');
    expect(trial).toMatchObject({ status: 403, body: { code: 'contract_downline_trial' } });
    // A player is nobody's upline here: offering is an agent's.
    const player = await offer(server, tokens.player2, 'player3', 'dividend', '1');
    expect(player).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    // A sub-agent holds nothing of its own until its upline's contract gives it a rate
    // (issue 11): it cannot offer more than that.
    const early = await offer(server, tokens.subAgent, 'ctr_subdown', 'dividend', '1');
    expect(early).toMatchObject({
      status: 400,
      body: { code: 'contract_rate_above_held', value: { field: 'rate', max: '0.00' } },
    });
    // A sub-agent is a downline of its own upline, and offers to its own downline.
    const toSub = await offered(server, tokens.agent, 'ctr_sub', 'dividend', '2');
    expect((await acted(server, tokens.subAgent, toSub.id, 'accept')).role).toBe('downline');
    const above = await offer(server, tokens.subAgent, 'ctr_subdown', 'dividend', '2.5');
    expect(above.body).toMatchObject({
      code: 'contract_rate_above_held',
      value: { max: '2.00', held: '2.00' },
    });
    const sub = await offered(server, tokens.subAgent, 'ctr_subdown', 'dividend', '1');
    expect(sub).toMatchObject({ role: 'upline', actions: ['withdrawOffer'] });
    // A trial account is told it needs a real one.
    const fromTrial = await offer(server, tokens.trial, 'player2', 'dividend', '1');
    expect(fromTrial).toMatchObject({ status: 403, body: { code: 'in_need_true_account' } });
  });

  it('names the wrong term, with the shared guard', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...termsAt('0') }, 'rate'],
      [{ ...termsAt('100.01') }, 'rate'],
      [{ ...termsAt('1.234') }, 'rate'],
      [{ ...termsAt('1'), rate: 1 }, 'rate'],
      [{ ...termsAt('1'), activeMembers: -1 }, 'activeMembers'],
      [{ ...termsAt('1'), activeMembers: 1.5 }, 'activeMembers'],
      [{ ...termsAt('1'), periodBet: '-5' }, 'periodBet'],
      [{ ...termsAt('1'), profitLoss: ' 1' }, 'profitLoss'],
      [{ rate: '1' }, 'activeMembers'],
    ];
    for (const [terms, field] of cases) {
      const reply = await act(server, tokens.agent, {
        action: 'offer',
        contractType: 'dividend',
        downline: 'ctr_open',
        terms,
      });
      expect(reply.status, JSON.stringify(terms)).toBe(400);
      expect(reply.body).toMatchObject({ code: 'contract_invalid_terms', value: { field } });
    }
    const extra = await act(server, tokens.agent, {
      action: 'offer',
      contractType: 'dividend',
      downline: 'ctr_open',
      terms: { ...termsAt('1'), bonus: '5' },
    });
    expect(extra.body.code).toBe('invalid_request');
  });

  it('turns the consolidated funds flags with the contracts', async () => {
    const downline = await tokenOf('ctr_funds');
    const zero = {
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      contractmrdailysalinfotype: false,
      contracthoursalinfo: false,
      dailysalinfotype: false,
      divtypeinfo: false,
    };
    expect(await funds(downline)).toMatchObject(zero);

    const contract = await offered(server, tokens.agent, 'ctr_funds', 'realTimeSalary', '1');
    expect(await funds(downline)).toMatchObject({ ...zero, realtimesalreqtype: 1 });
    // The upline waits for nobody's answer: nothing is asked of it.
    expect((await funds(tokens.agent)).realtimesalreqtype).toBe(0);

    await acted(server, downline, contract.id, 'accept');
    expect(await funds(downline)).toMatchObject({ ...zero, contractmrdailysalinfotype: true });
    expect((await funds(tokens.agent)).contractmrdailysalinfotype).toBe(true);

    await acted(server, tokens.agent, contract.id, 'requestTermination');
    // Still in effect until the downline agrees; the request waits for its answer.
    expect(await funds(downline)).toMatchObject({
      ...zero,
      realtimesalreqtype: 1,
      contractmrdailysalinfotype: true,
    });
    await acted(server, downline, contract.id, 'acceptTermination');
    expect(await funds(downline)).toMatchObject(zero);
    expect(await stored(server, contract.id)).toMatchObject({ state: 'terminated' });
    expect((await stored(server, contract.id)).ended_at).not.toBeNull();

    // The other three types, each on its own field.
    const fields = {
      dividend: ['divtypereq', 'divtypeinfo'],
      dailySalary: ['dailysalreqtype', 'dailysalinfotype'],
      hourlySalary: ['contracthoursalreq', 'contracthoursalinfo'],
    } as const;
    for (const [type, [request, info]] of Object.entries(fields)) {
      const made = await offered(server, tokens.agent, 'ctr_funds', type as 'dividend', '1');
      expect(await funds(downline), type).toMatchObject({ ...zero, [request]: 1 });
      await acted(server, downline, made.id, 'accept');
      expect(await funds(downline), type).toMatchObject({ ...zero, [info]: true });
      await acted(server, tokens.agent, made.id, 'requestTermination');
      await acted(server, downline, made.id, 'acceptTermination');
    }
    const trial = await call(server, '/wps/member/info/funds/consolidated', {
      headers: bearer(tokens.trial),
    });
    expect(trial.body.code).toBe('in_need_true_account');
  });

  describe('the spec 7 relays', () => {
    it('reads a type with the GET relays and acts on a type with the POST relays', async () => {
      const downline = await tokenOf('ctr_relay');
      const relay = (name: string, token: string, json?: unknown) =>
        call(server, `/wps/relay/${name}`, {
          method: json === undefined ? 'GET' : 'POST',
          headers: bearer(token),
          json,
        });

      // POST relays act on their own type, no contractType needed.
      const made = await relay('MCS2_processContractHourSalary', tokens.agent, {
        action: 'offer',
        downline: 'ctr_relay',
        terms: termsAt('0.8'),
      });
      expect(made.body.value).toMatchObject({ contractType: 'hourlySalary', state: 'offered' });
      const { id } = made.body.value as ContractView;
      const wrongType = await relay('MCSFE_processRealTimeSalaryContract', downline, {
        action: 'accept',
        contractId: id,
      });
      expect(wrongType).toMatchObject({ status: 404, body: { code: 'not_found' } });
      const mismatch = await relay('MCS2_processContractHourSalary', tokens.agent, {
        action: 'offer',
        contractType: 'dividend',
        downline: 'ctr_relay',
        terms: termsAt('1'),
      });
      expect(mismatch.body.code).toBe('invalid_request');
      const accepted = await relay('MCS2_processContractHourSalary', downline, {
        action: 'accept',
        contractId: id,
      });
      expect(accepted.body.value).toMatchObject({ state: 'active', role: 'downline' });

      // GET relays read: both sides, each contract with the caller's moves.
      const daily = await offered(server, tokens.agent, 'ctr_relay', 'dailySalary', '1');
      const asAgent = await relay('MCS2_processDailySalContract', tokens.agent);
      expect(asAgent.body.value).toMatchObject({ contractType: 'dailySalary', asDownline: [] });
      const mine = (asAgent.body.value as { asUpline: ContractView[] }).asUpline;
      expect(mine.find((view) => view.id === daily.id)).toMatchObject({
        role: 'upline',
        actions: ['withdrawOffer'],
        downline: { account: 'ctr_relay' },
        upline: { account: 'agent1', nickname: 'Agent One' },
      });
      const asDownline = await relay('MCS2_processDailySalContract', downline);
      expect(asDownline.body.value).toMatchObject({
        asUpline: [],
        asDownline: [{ id: daily.id, role: 'downline', actions: ['accept', 'reject'] }],
      });
      expect((await relay('MCS2_processDividendReq', downline)).body.value).toMatchObject({
        contractType: 'dividend',
        asUpline: [],
        asDownline: [],
      });
      // Our reading of the same, for the types whose relays are POST.
      const hourly = await call(server, '/wps/agent/contracts/current?type=hourlySalary', {
        headers: bearer(downline),
      });
      expect(hourly.body.value).toMatchObject({
        contractType: 'hourlySalary',
        asUpline: [],
        asDownline: [{ id, state: 'active', actions: [] }],
      });
      // A GET relay never acts.
      const posted = await relay('MCS2_processDailySalContract', downline, { action: 'accept' });
      expect(posted).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    });
  });

  it('lists contracts by type, side and state, paged, and an agent its downlines', async () => {
    const page = await call(
      server,
      '/wps/agent/contracts?role=upline&state=active&pageSize=2&page=1',
      { headers: bearer(tokens.agent) },
    );
    const first = page.body.value as Page<ContractView>;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
    expect(first.items.every((view) => view.state === 'active' && view.role === 'upline')).toBe(
      true,
    );
    const second = (
      await call(server, '/wps/agent/contracts?role=upline&state=active&pageSize=2&page=2', {
        headers: bearer(tokens.agent),
      })
    ).body.value as Page<ContractView>;
    expect(second.items.map((view) => view.id)).not.toContain(first.items[0]!.id);

    const downlines = await call(server, '/wps/agent/downlines?pageSize=100', {
      headers: bearer(tokens.agent),
    });
    const accounts = (downlines.body.value as Page<{ account: string; type: number }>).items;
    expect(accounts.map((row) => row.account)).toEqual(
      expect.arrayContaining(['player2', 'player3', 'ctr_sub', 'ctr_trial']),
    );
    expect(accounts.find((row) => row.account === 'ctr_sub')!.type).toBe(41);
    expect(accounts.map((row) => row.account)).not.toContain('ctr_subdown');
    const search = await call(server, '/wps/agent/downlines?keyword=CTR_SUB', {
      headers: bearer(tokens.agent),
    });
    expect((search.body.value as Page<unknown>).items).toHaveLength(1);
    const player = await call(server, '/wps/agent/downlines', { headers: bearer(tokens.player2) });
    expect(player).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('tells both parties, each with its own view, after the commit', async () => {
    const { io } = await import('socket.io-client');
    const sockets = [tokens.agent, tokens.player3].map((token) =>
      io(server.url, { transports: ['websocket'], forceNew: true, auth: { token } }),
    );
    try {
      const heard: ContractView[][] = [[], []];
      sockets.forEach((socket, i) => socket.on('contract', (event) => heard[i]!.push(event)));
      await Promise.all(
        sockets.map(
          (socket) => new Promise<void>((resolve) => socket.on('connect', () => resolve())),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const made = await offered(server, tokens.agent, 'player3', 'realTimeSalary', '1');
      await acted(server, tokens.player3, made.id, 'accept');
      const lower = await offered(server, tokens.agent, 'player3', 'realTimeSalary', '0.5');
      await acted(server, tokens.player3, lower.id, 'accept');

      const [agentHeard, playerHeard] = heard as [ContractView[], ContractView[]];
      await expect.poll(() => agentHeard.length).toBe(5);
      await expect.poll(() => playerHeard.length).toBe(5);
      const summary = (events: ContractView[]) =>
        events.map((event) => [event.id, event.state, event.role]);
      expect(summary(agentHeard)).toEqual([
        [made.id, 'offered', 'upline'],
        [made.id, 'active', 'upline'],
        [lower.id, 'offered', 'upline'],
        [lower.id, 'active', 'upline'],
        [made.id, 'superseded', 'upline'],
      ]);
      expect(summary(playerHeard).map(([, state, role]) => [state, role])).toEqual(
        ['offered', 'active', 'offered', 'active', 'superseded'].map((state) => [
          state,
          'downline',
        ]),
      );
      expect(playerHeard[0]!.actions).toEqual(['accept', 'reject']);
      expect(agentHeard[1]!.actions).toEqual(['requestTermination']);
      const versions = agentHeard.map((event) => event.version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});
