import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromotionList } from '../../../src/shared/promotions';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The promotions catalogue (issue 14): the operator creates, updates and closes promotions;
 * the page lists the current and coming ones, for guests too, each visitor only those meant
 * for them, in their language.
 */
const definition = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  type: 'signupBonus',
  content: {
    EN: { title: `${code} title`, summary: 'Summary', terms: '<p>Terms</p>' },
    VI: { title: `${code} tiêu đề`, summary: 'Tóm tắt', terms: '<p>Điều khoản</p>' },
  },
  banner: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  audience: { kind: 'all' },
  terms: { amount: '5.00', wageringMultiplier: 3 },
  ...extra,
});

describe.each(engines)('promotions catalogue on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const ops = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(server.opsToken),
      json,
    });
  const list = async (headers: Record<string, string> = {}) => {
    const reply = await call(server, '/wps/promotions', { headers });
    expect(reply.status).toBe(200);
    return reply.body.value as PromotionList;
  };
  const codes = (value: PromotionList) => value.items.map((item) => item.code);

  it('lists what the operator creates, for guests, in their language with English as fallback', async () => {
    expect(
      (await ops('/ops/promotions', { mode: 'create', definition: definition('ALL_OPEN') })).status,
    ).toBe(200);
    const again = await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('ALL_OPEN'),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'promotion_exists' } });

    const guest = await list({ language: 'VI' });
    const item = guest.items.find((one) => one.code === 'ALL_OPEN')!;
    expect(item).toMatchObject({
      title: 'ALL_OPEN tiêu đề',
      terms: '<p>Điều khoản</p>',
      phase: 'open',
      status: 'open',
      type: 'signupBonus',
    });
    const thai = await list({ language: 'TH' });
    expect(thai.items.find((one) => one.code === 'ALL_OPEN')!.title).toBe('ALL_OPEN title');

    // An update changes it in place.
    const updated = definition('ALL_OPEN', {
      content: { EN: { title: 'Renamed', summary: '', terms: '' } },
    });
    expect((await ops('/ops/promotions', { mode: 'update', definition: updated })).status).toBe(
      200,
    );
    expect((await list()).items.find((one) => one.code === 'ALL_OPEN')!.title).toBe('Renamed');
  });

  it('shows a coming one as coming soon, counts only the open ones, and drops a closed one', async () => {
    await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('LATER', { startsAt: '2099-01-01T00:00:00Z' }),
    });
    await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('ENDED', { endsAt: '2026-02-01T00:00:00Z' }),
    });
    await ops('/ops/promotions', { mode: 'create', definition: definition('TO_CLOSE') });
    const before = await list();
    expect(before.items.find((one) => one.code === 'LATER')!.status).toBe('comingSoon');
    expect(codes(before)).not.toContain('ENDED');
    expect(codes(before)).toContain('TO_CLOSE');
    expect(before.availablePromoCount).toBe(
      before.items.filter((one) => one.status === 'open').length,
    );
    // Spec 3's name, and the one this call first used, kept for its clients.
    expect(before.availableCount).toBe(before.availablePromoCount);

    expect((await ops('/ops/promotions/TO_CLOSE/close', {})).status).toBe(200);
    const after = await list();
    expect(codes(after)).not.toContain('TO_CLOSE');
    expect(after.availableCount).toBe(before.availableCount - 1);
    expect((await ops('/ops/promotions/NOPE/close', {})).status).toBe(404);
    const all = (await ops('/ops/promotions')).body.value as { code: string; phase: string }[];
    expect(all.find((one) => one.code === 'TO_CLOSE')!.phase).toBe('closed');
  });

  it('shows each visitor only what is meant for them', async () => {
    await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('NEWCOMERS', { audience: { kind: 'newMembers', days: 30 } }),
    });
    await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('TEAM_AGENT2', { audience: { kind: 'agentTeam', agent: 'agent2' } }),
    });
    await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('VIP3', { audience: { kind: 'vipAtLeast', level: 3 } }),
    });
    // A guest sees the newcomers' one (as a prospect), neither a team's nor a VIP level's.
    const guest = codes(await list());
    expect(guest).toContain('NEWCOMERS');
    expect(guest).not.toContain('TEAM_AGENT2');
    expect(guest).not.toContain('VIP3');

    // player4 is in agent2's team (agent1 → agent2 → player4); player1 is in none.
    const inTeam = codes(await list(bearer(await loginToken(server, 'player4'))));
    expect(inTeam).toContain('TEAM_AGENT2');
    const outside = await loginToken(server, 'player1');
    expect(codes(await list(bearer(outside)))).not.toContain('TEAM_AGENT2');

    // A member registered long ago is no newcomer.
    expect(codes(await list(bearer(outside)))).toContain('NEWCOMERS');
    await server.deps.db.query(
      `update members set created_at = now() - interval '90 days' where account = 'player1'`,
    );
    expect(codes(await list(bearer(outside)))).not.toContain('NEWCOMERS');
    // A token that is not valid is refused, not quietly a guest's view (issue 32: one rule).
    const refused = await call(server, '/wps/promotions', { headers: bearer('nonsense') });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('not_logged_in');
  });

  it('says whether a referral promotion is open (spec 3 availablePromo)', async () => {
    const referral = () => list().then((value) => value.availablePromo);
    expect(await referral()).toEqual([{ type: 'REFERRAL', enabled: false }]);
    await ops('/ops/promotions', {
      mode: 'create',
      definition: definition('INVITE', { type: 'referralReward' }),
    });
    expect(await referral()).toEqual([{ type: 'REFERRAL', enabled: true }]);
    await ops('/ops/promotions/INVITE/close', {});
    expect(await referral()).toEqual([{ type: 'REFERRAL', enabled: false }]);
  });

  it('refuses a definition that does not hold, naming what is wrong, and callers without the token', async () => {
    const bad = async (extra: Record<string, unknown>) =>
      ops('/ops/promotions', { mode: 'create', definition: definition('BAD', extra) });
    const wrongTerms = await bad({ type: 'depositBonus', terms: { percent: '150' } });
    expect(wrongTerms.status).toBe(400);
    expect(wrongTerms.body.message).toMatch(/terms/);
    const backwards = await bad({ endsAt: '2025-01-01T00:00:00Z' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/endsAt/);
    expect((await bad({ content: { VI: { title: 'x' } } })).status).toBe(400);
    expect((await bad({ banner: '//evil.example/x.png' })).status).toBe(400);
    expect((await bad({ code: 'lower' })).status).toBe(400);
    const anonymous = await call(server, '/ops/promotions', {
      method: 'POST',
      json: { mode: 'create', definition: definition('ANON') },
    });
    expect(anonymous.status).toBe(403);
    expect(codes(await list())).not.toContain('BAD');
  });
});
