import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementResponse } from '../../../src/shared/announcements';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const RELAY = '/wps/relay/MCSFE_getListAnnouncements';

describe.each(engines)('MCSFE_getListAnnouncements on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      // One notice with an English text only: other languages fall back to it.
      config: (base) => ({
        ...base,
        announcements: {
          ...base.announcements,
          notices: [
            ...base.announcements.notices,
            {
              id: 'english-only',
              title: { EN: 'Only in English' },
              content: { EN: '<p>English body</p>' },
            },
          ],
        },
      }),
    });
  });
  afterAll(() => server.close());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await call(server, `${RELAY}?${query}`, { headers });
    expect(response.status, query).toBe(200);
    expect(response.body.success).toBe(true);
    return response.body.value as AnnouncementResponse;
  };

  it('answers guests with banners, player notices, public pop-ups and promotions (spec 3)', async () => {
    const value = await list('types=B,PL,PU,PR&platform=W&execution=B');
    // The four lists of spec 3, and the seq of the operator's changes (issue 16).
    expect(Object.keys(value).sort()).toEqual(['banners', 'player', 'popup', 'promotion', 'seq']);
    const home = value.banners.filter((banner) => banner.groupName === 'w_home');
    expect(home.length).toBeGreaterThan(1);
    expect(home[0]).toEqual({
      id: 'home-welcome',
      groupName: 'w_home',
      url: '/banners/welcome.en.svg',
      linkageType: 'INTERNAL',
      link: '/promotions',
      title: "Welcome offer: see this week's promotions",
    });
    expect(value.banners.find((banner) => banner.linkageType === 'NONE')?.link).toBeNull();
    // Player notices carry no promotion type; promotion announcements do.
    expect(value.player.map((notice) => notice.id)).toContain('maintenance-window');
    for (const notice of value.player) {
      expect(notice).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        content: expect.stringContaining('<'),
        promotionType: null,
      });
    }
    expect(value.promotion).toEqual([expect.objectContaining({ promotionType: 'REFERRAL' })]);
    // execution B: only the pop-ups shown before login.
    expect(value.popup.length).toBeGreaterThan(0);
    expect(value.popup.every((popup) => popup.execution === 'B')).toBe(true);
    expect(value.popup[0]).toEqual({
      id: 'welcome',
      execution: 'B',
      title: 'Welcome to Aurora Play',
      content: expect.any(String),
      goReward: true,
    });
  });

  it('answers with every type and execution B when the query leaves them out', async () => {
    const value = await list('');
    expect(value.banners.length).toBeGreaterThan(0);
    expect(value.player.length).toBeGreaterThan(0);
    expect(value.promotion.length).toBeGreaterThan(0);
    expect(value.popup.map((popup) => popup.execution)).toEqual(['B']);
  });

  it('returns only the asked types, the others as empty lists', async () => {
    const banners = await list('types=B&platform=W&execution=B');
    expect(banners.banners.length).toBeGreaterThan(0);
    expect(banners.player).toEqual([]);
    expect(banners.popup).toEqual([]);
    expect(banners.promotion).toEqual([]);
    const notices = await list('types=pl, pr');
    expect(notices.banners).toEqual([]);
    expect(notices.player.length).toBeGreaterThan(0);
    expect(notices.promotion.length).toBeGreaterThan(0);
    // H (one reading of the spec) is accepted and adds nothing of its own.
    const h = await list('types=H');
    expect(h).toEqual({ banners: [], player: [], popup: [], promotion: [], seq: 0 });
  });

  it('picks pop-ups by execution: A after login, F first login, several at once', async () => {
    expect((await list('types=PU&execution=A')).popup.map((p) => p.id)).toEqual(['after-login']);
    expect((await list('types=PU&execution=F')).popup.map((p) => p.id)).toEqual(['first-login']);
    expect((await list('types=PU&execution=A,B,F')).popup).toHaveLength(3);
  });

  it('answers in the asked language, from the query or the Language header', async () => {
    const spanish = await list('types=B,PL&language=es');
    expect(spanish.banners[0]?.title).toBe(
      'Oferta de bienvenida: mira las promociones de la semana',
    );
    expect(spanish.player[0]?.content).toContain('lunes');
    const byHeader = await list('types=B,PL', { language: 'ES' });
    expect(byHeader).toEqual(spanish);
    // The query wins over the header.
    const english = await list('types=B&language=EN', { language: 'ES' });
    expect(english.banners[0]?.title).toBe("Welcome offer: see this week's promotions");
  });

  it('falls back to English where a text has none in the asked language', async () => {
    const spanish = await list('types=PL&language=ES');
    expect(spanish.player.find((notice) => notice.id === 'english-only')).toEqual({
      id: 'english-only',
      title: 'Only in English',
      content: '<p>English body</p>',
      promotionType: null,
    });
    // A language the platform knows but the brand has texts for nowhere (Indonesian here) is
    // all English, creative and all.
    const indonesian = await list('types=B&language=ID');
    expect(indonesian.banners[0]?.title).toBe("Welcome offer: see this week's promotions");
    expect(indonesian.banners[0]?.url).toBe('/banners/welcome.en.svg');
    // An offered language has its own texts and creative (issue 34, finding 8).
    const thai = await list('types=B&language=TH');
    expect(thai.banners[0]?.url).toBe('/banners/welcome.th.svg');
    expect(thai.banners[0]?.title).not.toBe("Welcome offer: see this week's promotions");
    // A well-formed code nobody knows is not an error either.
    expect((await list('types=B&language=XX')).banners[0]?.title).toBe(
      "Welcome offer: see this week's promotions",
    );
  });

  it('is public, and answers a logged-in player the same', async () => {
    const token = await loginToken(server, 'player2');
    const guest = await list('types=B,PL,PU,PR');
    const player = await list('types=B,PL,PU,PR', bearer(token));
    expect(player).toEqual(guest);
  });

  it('refuses bad queries with a 400 envelope, never a 500', async () => {
    const bad = [
      'types=X',
      'types=B,,ZZ',
      'types=',
      `types=${'B,'.repeat(40)}`,
      'platform=A',
      'execution=C',
      'language=english',
      'language=e1',
      'types=B&types=PL',
      'unknown=1',
    ];
    for (const query of bad) {
      const response = await call(server, `${RELAY}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.code).toBe('invalid_request');
    }
    const post = await call(server, RELAY, { method: 'POST', json: {} });
    expect(post.status).toBe(405);
    expect(post.body.code).toBe('method_not_allowed');
  });

  it('never answers any query string with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('types', 'platform', 'execution', 'language', 'x'),
          fc.string({ maxLength: 30 }),
        ),
        async (params) => {
          const query = new URLSearchParams(params).toString();
          const response = await call(server, `${RELAY}?${query}`);
          expect([200, 400], query).toContain(response.status);
          expect(response.body.success).toBe(response.status === 200);
        },
      ),
      { numRuns: 60 },
    );
  });
});
