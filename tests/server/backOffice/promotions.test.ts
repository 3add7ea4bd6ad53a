import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../support/identityClient';
import { call, startTestServer, type TestServer } from '../../support/testServer';
import { newStaff, type TestStaff } from './staffClient';

/**
 * The back office's promotion pages (issue 30): the returns budget's verdict on a draft before
 * it is saved — the same rule the save applies (the shipped configuration's tightest LIVE line,
 * VIP 5, has 0.0957 % of room: a LIVE rebate of 0.09 % fits, 0.10 % does not) — and one
 * promotion's whole definition for the edit form. A verdict saves nothing.
 */
const rebate = (code: string, percent: string) => ({
  code,
  type: 'rebate',
  content: { EN: { title: `${code} rebate`, summary: '', terms: '' } },
  banner: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  audience: { kind: 'all' },
  terms: { percent, gameTypes: ['LIVE'] },
});

describe('the back office promotion pages', () => {
  let server: TestServer;
  let marketing: TestStaff;
  let finance: TestStaff;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    marketing = await newStaff(server, 'promo.marketing', ['marketing']);
    finance = await newStaff(server, 'promo.finance', ['finance']);
  });
  afterAll(() => server.close());

  const check = (staff: TestStaff, definition: object) =>
    call(server, '/ops/promotions/check', {
      method: 'POST',
      headers: bearer(staff.token),
      json: { definition },
    });

  it('says a rebate over the budget is over, line by line, and saves nothing', async () => {
    const over = await check(marketing, rebate('PAGE_REBATE', '0.10'));
    expect(over.status).toBe(200);
    expect(over.body.value).toMatchObject({
      ok: false,
      lines: [{ gameType: 'LIVE', level: 5, total: '3.3553 %', limit: '3.3510 %' }],
    });
    expect((over.body.value as { message: string }).message).toMatch(/LIVE at VIP 5/);
    const stored = await server.deps.db.query('select 1 from promotions where code = $1', [
      'PAGE_REBATE',
    ]);
    expect(stored).toHaveLength(0);

    const inside = await check(marketing, rebate('PAGE_REBATE', '0.09'));
    expect(inside.body.value).toMatchObject({
      ok: true,
      lines: [],
      tightest: { gameType: 'LIVE', level: 5 },
      headroom: '0.0057 %',
    });
  });

  it('says a type that pays once has no per-bet effect, and names a bad field', async () => {
    const signup = await check(marketing, {
      ...rebate('PAGE_SIGNUP', '1'),
      type: 'signupBonus',
      terms: { amount: '10.00', wageringMultiplier: 5 },
    });
    expect(signup.body.value).toMatchObject({ ok: true, tightest: null });
    const bad = await check(marketing, { ...rebate('PAGE_BAD', '7') });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
    expect(bad.body.message).toMatch(/terms\.percent: at most 2/);
  });

  it('answers a promotion whole for its form, and 404 for an unknown code', async () => {
    const saved = await call(server, '/ops/promotions', {
      method: 'POST',
      headers: bearer(marketing.token),
      json: { mode: 'create', definition: rebate('PAGE_KEEP', '0.05') },
    });
    expect(saved.status).toBe(200);
    const read = await call(server, '/ops/promotions/PAGE_KEEP', {
      headers: bearer(finance.token),
    });
    expect(read.body.value).toMatchObject({
      definition: { code: 'PAGE_KEEP', type: 'rebate', terms: { percent: '0.05' } },
      closedAt: null,
    });
    const missing = await call(server, '/ops/promotions/NO_SUCH', {
      headers: bearer(finance.token),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('promotion_not_found');
  });

  it('lets finance read but not check or save', async () => {
    const refused = await check(finance, rebate('PAGE_FIN', '0.01'));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden_role');
  });

  it('lists the goods with their stock and redemptions for marketing and finance', async () => {
    const saved = await call(server, '/ops/goods', {
      method: 'POST',
      headers: bearer(marketing.token),
      json: { code: 'PAGE_GOOD', name: { EN: 'Mug' }, points: 100, quantity: 4 },
    });
    expect(saved.status).toBe(200);
    const listed = await call(server, '/ops/goods', { headers: bearer(finance.token) });
    expect(listed.status).toBe(200);
    expect(
      (listed.body.value as { code: string }[]).find((row) => row.code === 'PAGE_GOOD'),
    ).toEqual({
      code: 'PAGE_GOOD',
      name: { EN: 'Mug' },
      image: null,
      points: 100,
      amount: '0.00',
      quantity: 4,
      status: 'active',
      kind: 'virtual',
      waiting: 0,
      approved: 0,
    });
    const refused = await call(server, '/ops/goods', {
      method: 'POST',
      headers: bearer(finance.token),
      json: { code: 'PAGE_GOOD', name: { EN: 'Mug' }, points: 1, quantity: 4 },
    });
    expect(refused.body.code).toBe('forbidden_role');
  });

  it('answers the whole returns budget, tightest line named, for risk', async () => {
    const risk = await newStaff(server, 'promo.risk', ['risk']);
    const read = await call(server, '/ops/economics', { headers: bearer(risk.token) });
    expect(read.status).toBe(200);
    const budget = read.body.value as {
      ok: boolean;
      margin: string;
      worst: { gameType: string; level: number; headroom: string; ok: boolean };
      lines: { gameType: string; level: number; headroom: string; items: unknown[] }[];
    };
    expect(budget.ok).toBe(true);
    expect(budget.margin).toMatch(/^\d+\.\d{4} %$/);
    // The rebate saved above (PAGE_KEEP, 0.05 % on LIVE) is in the LIVE lines.
    expect(budget.worst.ok).toBe(true);
    const room = (line: { headroom: string }) => Number.parseFloat(line.headroom);
    const tightest = Math.min(...budget.lines.map(room));
    expect(room(budget.worst)).toBe(tightest);
    const live5 = budget.lines.find((line) => line.gameType === 'LIVE' && line.level === 5)!;
    expect(JSON.stringify(live5.items)).toContain('promotion PAGE_KEEP');
    const support = await newStaff(server, 'promo.support', ['support']);
    const refused = await call(server, '/ops/economics', { headers: bearer(support.token) });
    expect(refused.body.code).toBe('forbidden_role');
  });
});
