import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentAnnouncementPage } from '../../../src/shared/announcements';
import type { MessageEvent, MessagePage, MessageView } from '../../../src/shared/messages';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { acted, addMember, offered } from '../contracts/contractClient';

const key = () => randomBytes(9).toString('base64url');

/**
 * Internal messages (issue 6: the agent `messages` page, the player messageV2 page): agents
 * write to their team and nobody else, each member reads and manages only their own inbox,
 * contract changes leave a notice with the party that did not act, and the inbox's owner hears
 * of every change live. Also the agents' announcements.
 */
describe.each(engines)('messages on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const account of ['agent1', 'agent2', 'player1', 'player4', 'player6', 'player7']) {
      tokens[account] = await loginToken(server, account);
    }
  });
  afterAll(() => server.close());

  const send = (from: string, json: Record<string, unknown>) =>
    call(server, '/wps/agent/messages', { method: 'POST', headers: bearer(tokens[from]!), json });
  const inbox = async (account: string, query = '') => {
    const reply = await call(server, `/wps/messages${query}`, {
      headers: bearer(tokens[account]!),
    });
    expect(reply.status).toBe(200);
    return reply.body.value as MessagePage;
  };
  const unread = async (account: string) => {
    const reply = await call(server, '/wps/relay/CSP_unreadCount', {
      headers: bearer(tokens[account]!),
    });
    return (reply.body.value as { count: number }).count;
  };
  const change = (account: string, what: 'read' | 'delete', json: Record<string, unknown>) =>
    call(server, `/wps/messages/${what}`, {
      method: 'POST',
      headers: bearer(tokens[account]!),
      json,
    });

  it('delivers an agent message to a member deep in its team, and to no one else', async () => {
    const before = await unread('player6');
    const reply = await send('agent2', {
      to: { account: 'PLAYER6' },
      subject: '  Weekend tournament  ',
      body: 'Play this weekend:\r\nthe best three get a bonus.',
      requestKey: key(),
    });
    expect(reply.body).toMatchObject({ success: true, value: { delivered: 1 } });
    const page = await inbox('player6');
    expect(page.items[0]).toMatchObject({
      kind: 'upline',
      sender: 'agent2',
      subject: 'Weekend tournament',
      body: 'Play this weekend:\nthe best three get a bonus.',
      read: false,
    });
    expect(await unread('player6')).toBe(before + 1);

    // Outside the team: a stranger, the agent's own upline, a sibling's member.
    for (const account of ['player1', 'agent1', 'player7', 'nobody_here']) {
      const refused = await send('agent2', {
        to: { account },
        subject: 'Hello',
        body: 'Hi',
        requestKey: key(),
      });
      expect(refused).toMatchObject({ status: 404, body: { code: 'not_in_team' } });
    }
    const rows = await server.deps.db.query<{ count: number }>(
      `select count(*)::int as count from member_messages m join members s on s.id = m.sender_id
       where s.account = 'agent2' and m.member_id not in
         (select id from members where account in ('player4', 'player5', 'agent3', 'player6'))`,
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('writes to every direct downline once per request key', async () => {
    const requestKey = key();
    const body = { to: { directDownlines: true }, subject: 'News', body: 'Hello team', requestKey };
    const first = await send('agent2', body);
    expect(first.body).toMatchObject({ success: true, value: { delivered: 3 } });
    // The team grows before the retry: the replay still delivers nothing more.
    await addMember(server, `msg_new_${engine}`, { upline: 'agent2' });
    const replay = await send('agent2', body);
    expect(replay.body).toEqual(first.body);
    const rows = await server.deps.db.query<{ account: string }>(
      `select r.account from member_messages m join members r on r.id = m.member_id
       where m.request_key = $1 order by r.account`,
      [requestKey],
    );
    expect(rows.map((row) => row.account)).toEqual(['agent3', 'player4', 'player5']);
  });

  it('refuses players, trial accounts and guests', async () => {
    const asPlayer = await send('player4', {
      to: { directDownlines: true },
      subject: 'x',
      body: 'y',
      requestKey: key(),
    });
    expect(asPlayer).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const trial = await call(server, '/wps/session/login/freeplay', { method: 'POST', json: {} });
    const trialToken = (trial.body.value as { token: string }).token;
    for (const path of ['/wps/messages', '/wps/messages/unread', '/wps/relay/CSP_unreadCount']) {
      expect((await call(server, path, { headers: bearer(trialToken) })).status).toBe(403);
      expect((await call(server, path)).status).toBe(401);
    }
  });

  it('refuses bad sends with a reason and stores nothing', async () => {
    const stored = async () =>
      (
        await server.deps.db.query<{ count: number }>(
          'select count(*)::int as count from member_messages',
        )
      )[0]!.count;
    const before = await stored();
    const good = { to: { account: 'player4' }, subject: 'Hi', body: 'Hello', requestKey: key() };
    const bad: Record<string, unknown>[] = [
      { ...good, subject: '   ' },
      { ...good, subject: 'x'.repeat(81) },
      { ...good, subject: 'two\nlines' },
      { ...good, body: '' },
      { ...good, body: 'x'.repeat(1001) },
      { ...good, body: 'bell\u0007' },
      { ...good, requestKey: 'short' },
      { ...good, to: { account: '' } },
      { ...good, to: { directDownlines: false } },
      { ...good, to: { account: 'player4', directDownlines: true } },
      { ...good, extra: 1 },
    ];
    for (const body of bad) {
      const reply = await send('agent2', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
    }
    expect(await stored()).toBe(before);
  });

  it('lets each member read and delete only their own messages', async () => {
    for (let i = 0; i < 3; i++) {
      await send('agent2', {
        to: { account: 'player4' },
        subject: `N${i}`,
        body: 'b',
        requestKey: key(),
      });
    }
    const page = await inbox('player4', '?pageSize=2');
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const [newest] = page.items as [MessageView];
    expect(newest).toMatchObject({ subject: 'N2', read: false });

    // Somebody else's id changes nothing.
    const stranger = await change('player6', 'read', { ids: [newest.id] });
    expect(stranger.body.value).toMatchObject({ changed: 0 });
    expect(await change('player6', 'delete', { ids: [newest.id] })).toMatchObject({
      body: { value: { changed: 0 } },
    });

    const read = await change('player4', 'read', { ids: [newest.id] });
    expect(read.body.value).toEqual({ changed: 1, unread: page.unread - 1 });
    expect((await inbox('player4')).items[0]).toMatchObject({ id: newest.id, read: true });
    // Reading again changes nothing.
    expect((await change('player4', 'read', { ids: [newest.id] })).body.value).toMatchObject({
      changed: 0,
    });

    const all = await change('player4', 'read', { all: true });
    expect(all.body.value).toEqual({ changed: page.unread - 1, unread: 0 });
    const removed = await change('player4', 'delete', { ids: [newest.id] });
    expect(removed.body.value).toMatchObject({ changed: 1 });
    expect((await inbox('player4')).items.map((item) => item.id)).not.toContain(newest.id);

    for (const body of [{ ids: [] }, { ids: ['1x'] }, { all: false }, { ids: ['1'], all: true }]) {
      expect((await change('player4', 'read', body)).status).toBe(400);
    }
  });

  it('leaves a notice with the party that did not act on a contract', async () => {
    const made = await offered(server, tokens.agent1!, 'player7', 'hourlySalary', '1.5');
    const offeredNotice = (await inbox('player7')).items[0];
    expect(offeredNotice).toMatchObject({
      kind: 'notice',
      topic: 'contract',
      params: {
        contractId: made.id,
        contractType: 'hourlySalary',
        status: 'inProcess',
        state: 'offered',
        rate: '1.50',
        counterpart: 'agent1',
      },
    });
    await acted(server, tokens.player7!, made.id, 'accept');
    const accepted = (await inbox('agent1')).items[0];
    expect(accepted).toMatchObject({
      topic: 'contract',
      params: { contractId: made.id, state: 'active', status: 'approved', counterpart: 'player7' },
    });
    // A lower rate accepted: the upline hears of the new contract and of the one it ended.
    const lower = await offered(server, tokens.agent1!, 'player7', 'hourlySalary', '1');
    await acted(server, tokens.player7!, lower.id, 'accept');
    const latest = (await inbox('agent1')).items.slice(0, 2);
    expect(latest.map((item) => item.kind === 'notice' && item.params)).toEqual([
      expect.objectContaining({ contractId: made.id, state: 'superseded' }),
      expect.objectContaining({ contractId: lower.id, state: 'active' }),
    ]);
  });

  it('tells the inbox owner live when a message arrives or another tab reads one', async () => {
    const { io } = await import('socket.io-client');
    const socket = io(server.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token: tokens.player6 },
    });
    try {
      const heard: MessageEvent[] = [];
      socket.on('message', (event) => heard.push(event));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await send('agent2', {
        to: { account: 'player6' },
        subject: 's',
        body: 'b',
        requestKey: key(),
      });
      await expect.poll(() => heard).toEqual([{ reason: 'received' }]);
      await change('player6', 'read', { all: true });
      await expect.poll(() => heard).toEqual([{ reason: 'received' }, { reason: 'changed' }]);
      // Another member's message is not heard here.
      await send('agent2', {
        to: { account: 'player4' },
        subject: 's',
        body: 'b',
        requestKey: key(),
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toHaveLength(2);
    } finally {
      socket.disconnect();
    }
  });

  it('pages the agents’ announcements, newest first, in the asked language, agents only', async () => {
    const first = await call(server, '/wps/agent/announcements', {
      headers: bearer(tokens.agent2!),
    });
    const page = first.body.value as AgentAnnouncementPage;
    const configured = server.deps.config.announcements.agentNotices;
    expect(page).toMatchObject({ page: 1, pageSize: 9, total: configured.length });
    expect(page.items).toHaveLength(Math.min(9, configured.length));
    const dates = page.items.map((item) => item.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const second = await call(server, '/wps/agent/announcements?page=2', {
      headers: { ...bearer(tokens.agent2!), language: 'es' },
    });
    const spanish = second.body.value as AgentAnnouncementPage;
    expect(spanish.items).toHaveLength(configured.length - 9);
    const shown = spanish.items[0]!;
    expect(shown.title).toBe(configured.find((notice) => notice.id === shown.id)!.title.ES);

    const player = await call(server, '/wps/agent/announcements', {
      headers: bearer(tokens.player4!),
    });
    expect(player.status).toBe(403);
    const badPage = await call(server, '/wps/agent/announcements?page=0', {
      headers: bearer(tokens.agent2!),
    });
    expect(badPage.status).toBe(400);
  });
});
