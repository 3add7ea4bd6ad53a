import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnnouncementEvent,
  AnnouncementResponse,
  OperatorAnnouncement,
} from '../../../src/shared/announcements';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const RELAY = '/wps/relay/MCSFE_getListAnnouncements';

/**
 * Operator announcements (issue 16): `npm run ops -- announce create|list|end` through
 * /ops/announcements. Every bad input is refused with a clear message and nothing is stored; a
 * created one shows in the relay for whom it is meant (everyone, or the named accounts), in
 * their language with English as the fallback, within its schedule; creating and ending one
 * tells the open pages through the `announcement` event, whose seq the relay's answer carries.
 */
describe.each(engines)('operator announcements on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const account of ['player1', 'player3'])
      tokens[account] = await loginToken(server, account);
  });
  afterAll(() => server.close());

  const ops = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(server.opsToken),
      ...(json === undefined ? {} : { json }),
    });
  const list = async (query: string, token?: string) => {
    const reply = await call(server, `${RELAY}?${query}`, {
      headers: token ? bearer(token) : {},
    });
    expect(reply.status).toBe(200);
    return reply.body.value as AnnouncementResponse;
  };
  const valid = {
    kind: 'popup',
    execution: 'B',
    title: { EN: 'Server upgrade tonight', ES: 'Actualización esta noche' },
    content: { EN: '<p>From 02:00 UTC.</p>', ES: '<p>Desde las 02:00 UTC.</p>' },
  };
  const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('refuses every bad input with its reason, and stores nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...valid, title: { ES: 'Hola' } }, /title: needs an EN text/],
      [{ ...valid, title: { EN: 'Hi', XX: 'Nope' } }, /title: keys must be language codes/],
      [{ ...valid, title: { EN: '   ' } }, /title.EN: may not be empty/],
      [{ ...valid, title: { EN: 'x'.repeat(121) } }, /title.EN: at most 120 characters/],
      [{ ...valid, content: { EN: 'x'.repeat(5001) } }, /content.EN: at most 5000/],
      [{ ...valid, kind: 'banner' }, /kind must be announcement, notice or popup/],
      [{ ...valid, execution: 'Z' }, /execution must be A, B or F/],
      [{ ...valid, kind: 'notice' }, /a notice has no execution/],
      [{ ...valid, kind: 'notice', execution: undefined, goReward: true }, /no Go button/],
      [{ ...valid, kind: 'announcement' }, /an announcement shows after login/],
      [{ ...valid, startsAt: future(60), endsAt: future(30) }, /endsAt: must be after startsAt/],
      [{ ...valid, endsAt: '2020-01-01T00:00:00Z' }, /endsAt: is already past/],
      [{ ...valid, startsAt: 'tomorrow' }, /startsAt: an ISO date-time/],
      [{ ...valid, accounts: [] }, /accounts/],
      [{ ...valid, accounts: ['no such!'] }, /accounts.0: an account name/],
      [{ ...valid, goReward: 'yes' }, /goReward/],
      [{ ...valid, colour: 'red' }, /colour|Unrecognized/i],
    ];
    for (const [json, message] of cases) {
      const reply = await ops('/ops/announcements', json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
      expect(reply.body.message, JSON.stringify(json)).toMatch(message);
    }
    const unknown = await ops('/ops/announcements', { ...valid, accounts: ['player1', 'ghost9'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('unknown_account');
    expect(unknown.body.message).toMatch(/ghost9/);
    // Not the operator: refused, whoever it is.
    const member = await call(server, '/ops/announcements', {
      method: 'POST',
      headers: bearer(tokens.player1!),
      json: valid,
    });
    expect(member.status).toBe(403);
    const stored = await ops('/ops/announcements?all=true');
    expect(stored.body.value).toEqual([]);
    expect((await list('execution=A,B,F')).popup.map((popup) => popup.id)).not.toContain('op-1');
    // Ending: a bad id, and one that does not exist.
    expect((await ops('/ops/announcements/abc/end', {})).body.code).toBe('invalid_request');
    const missing = await ops('/ops/announcements/op-999/end', {});
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('announcement_not_found');
  });

  it('shows a public pop-up to everyone live, in their language, until it is ended', async () => {
    const { io } = await import('socket.io-client');
    const guest = io(server.url, { transports: ['websocket'], forceNew: true });
    try {
      const heard: AnnouncementEvent[] = [];
      guest.on('announcement', (event) => heard.push(event));
      await new Promise<void>((resolve) => guest.on('connect', () => resolve()));
      const before = await list('types=PU&execution=B');

      const created = await ops('/ops/announcements', { ...valid, goReward: true });
      expect(created.status).toBe(200);
      const announcement = created.body.value as OperatorAnnouncement;
      expect(announcement).toMatchObject({
        kind: 'popup',
        execution: 'B',
        goReward: true,
        accounts: null,
        state: 'showing',
        endedAt: null,
      });
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]!.seq).toBeGreaterThan(before.seq);

      const spanish = await list('types=PU&execution=B&language=ES');
      expect(spanish.seq).toBe(heard[0]!.seq);
      expect(spanish.popup).toContainEqual({
        id: announcement.id,
        execution: 'B',
        title: 'Actualización esta noche',
        content: '<p>Desde las 02:00 UTC.</p>',
        goReward: true,
      });
      // No Vietnamese text: English.
      const vietnamese = await list('types=PU&execution=B&language=VI');
      expect(vietnamese.popup.find((popup) => popup.id === announcement.id)?.title).toBe(
        'Server upgrade tonight',
      );
      // Not asked for (execution A only): not there.
      expect((await list('types=PU&execution=A')).popup.map((popup) => popup.id)).not.toContain(
        announcement.id,
      );
      const listed = (await ops('/ops/announcements')).body.value as OperatorAnnouncement[];
      expect(listed.map((item) => item.id)).toContain(announcement.id);

      const ended = await ops(`/ops/announcements/${announcement.id}/end`, {});
      expect(ended.status).toBe(200);
      expect((ended.body.value as OperatorAnnouncement).state).toBe('ended');
      await expect.poll(() => heard.length).toBe(2);
      expect(heard[1]!.seq).toBeGreaterThan(heard[0]!.seq);
      const after = await list('types=PU&execution=B');
      expect(after.popup.map((popup) => popup.id)).not.toContain(announcement.id);
      expect(after.seq).toBe(heard[1]!.seq);
      // Ended stays ended: gone from the default list, still in --all.
      const again = await ops(`/ops/announcements/${announcement.id}/end`, {});
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('announcement_ended');
      const open = (await ops('/ops/announcements')).body.value as OperatorAnnouncement[];
      expect(open.map((item) => item.id)).not.toContain(announcement.id);
      const all = (await ops('/ops/announcements?all=true')).body.value as OperatorAnnouncement[];
      expect(all.map((item) => item.id)).toContain(announcement.id);
    } finally {
      guest.disconnect();
    }
  });

  it('shows an announcement for named accounts to those members only, and tells only them', async () => {
    const { io } = await import('socket.io-client');
    const connect = (token: string) =>
      io(server.url, { transports: ['websocket'], forceNew: true, auth: { token } });
    const mine = connect(tokens.player1!);
    const other = connect(tokens.player3!);
    try {
      const heardMine: AnnouncementEvent[] = [];
      const heardOther: AnnouncementEvent[] = [];
      mine.on('announcement', (event) => heardMine.push(event));
      other.on('announcement', (event) => heardOther.push(event));
      await Promise.all(
        [mine, other].map(
          (socket) => new Promise<void>((resolve) => socket.on('connect', () => resolve())),
        ),
      );
      const created = await ops('/ops/announcements', {
        kind: 'announcement',
        title: { EN: 'Just for you' },
        content: { EN: '<p>A private note.</p>' },
        accounts: ['PLAYER1'],
      });
      expect(created.status).toBe(200);
      const announcement = created.body.value as OperatorAnnouncement;
      expect(announcement).toMatchObject({ execution: 'A', accounts: ['player1'] });
      await expect.poll(() => heardMine.length).toBe(1);

      const ids = async (token?: string) =>
        (await list('types=PU&execution=A,B,F', token)).popup.map((popup) => popup.id);
      expect(await ids(tokens.player1)).toContain(announcement.id);
      expect(await ids(tokens.player3)).not.toContain(announcement.id);
      expect(await ids()).not.toContain(announcement.id);

      // A public notice next: the other member's first event is that one, not the private one.
      const notice = await ops('/ops/announcements', {
        kind: 'notice',
        title: { EN: 'Maintenance on Sunday' },
        content: { EN: '<p>Short.</p>' },
      });
      const noticeId = (notice.body.value as OperatorAnnouncement).id;
      await expect.poll(() => heardOther.length).toBe(1);
      await expect.poll(() => heardMine.length).toBe(2);
      expect(heardOther[0]!.seq).toBe(heardMine[1]!.seq);
      const guestList = await list('types=PL');
      expect(guestList.player.find((item) => item.id === noticeId)).toEqual({
        id: noticeId,
        title: 'Maintenance on Sunday',
        content: '<p>Short.</p>',
        promotionType: null,
      });
      await ops(`/ops/announcements/${noticeId}/end`, {});
      await ops(`/ops/announcements/${announcement.id}/end`, {});
    } finally {
      mine.disconnect();
      other.disconnect();
    }
  });

  it('keeps a scheduled one off the pages until its start', async () => {
    const created = await ops('/ops/announcements', {
      kind: 'notice',
      title: { EN: 'Next week' },
      content: { EN: '<p>Soon.</p>' },
      startsAt: future(60),
      endsAt: future(120),
    });
    expect(created.status).toBe(200);
    const announcement = created.body.value as OperatorAnnouncement;
    expect(announcement.state).toBe('scheduled');
    expect((await list('types=PL')).player.map((item) => item.id)).not.toContain(announcement.id);
    await ops(`/ops/announcements/${announcement.id}/end`, {});
  });
});
